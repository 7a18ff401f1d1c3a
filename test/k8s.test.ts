import { readdirSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { envSchema, loadConfig, serviceRequiredVariables } from '../config/env.js';
import { searchAttributeNames } from '../workflows/search-attributes.js';
import { commandOf, environmentOf, readRepoFile as read, repoRoot, service } from './support/compose-file.js';

/**
 * deploy/k8s without a cluster: every manifest parses and is well-formed, selectors select their
 * pods, the probes and variables are ones the processes have, and the Temporal chart values agree
 * with the compose file.
 */

const DIR = 'deploy/k8s/';
const NAMESPACE = 'durable-agents';
/** Files of the folder that are not plain manifests. */
const NOT_MANIFESTS = ['kustomization.yaml', 'temporal-values.yaml'];
/** The stable API version of each kind used here (a typo or a removed beta fails). */
const API_VERSIONS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Service: 'v1',
  PersistentVolumeClaim: 'v1',
  Deployment: 'apps/v1',
  Job: 'batch/v1',
  Ingress: 'networking.k8s.io/v1',
  PodDisruptionBudget: 'policy/v1',
};

interface Probe {
  httpGet?: { path?: string; port?: string | number };
  tcpSocket?: { port?: string | number };
  exec?: { command?: string[] };
}
interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: { containers: Container[] };
}
interface Manifest {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; annotations?: Record<string, string> };
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    template?: PodTemplate;
    ports?: Array<{ name?: string; port: number; targetPort?: string | number }>;
    rules?: Array<{ http: { paths: Array<{ backend: { service: { name: string; port: { name?: string } } } }> } }>;
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

const manifestFiles = readdirSync(new URL(DIR, repoRoot))
  .filter((f) => f.endsWith('.yaml') && !NOT_MANIFESTS.includes(f))
  .sort();
const documents = manifestFiles.flatMap((file) =>
  parseAllDocuments(read(DIR + file)).map((doc) => {
    expect(doc.errors, file).toEqual([]);
    return { file, manifest: doc.toJS() as Manifest };
  }),
);
const manifests = documents.map((d) => d.manifest);

function find(kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} under ${DIR}`);
  return found;
}
const podsOf = (m: Manifest) => m.spec?.template?.spec.containers ?? [];
const configMap = find('ConfigMap', NAMESPACE).data ?? {};
const secretExample = find('Secret', NAMESPACE).stringData ?? {};
const api = find('Deployment', 'durable-agents-api');
const worker = find('Deployment', 'durable-agents-worker');
const appImage = 'durable-agents:latest';
const appContainers = manifests.flatMap(podsOf).filter((c) => c.image === appImage);
const sampleSecretsKey = Buffer.alloc(32, 7).toString('base64');

/** A container's environment as the process would see it, from the ConfigMap, the Secret and env. */
function environmentIn(container: Container): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, find('ConfigMap', from.configMapRef.name).data);
    if (from.secretRef) Object.assign(env, find('Secret', from.secretRef.name).stringData);
  }
  for (const e of container.env ?? []) env[e.name] = e.value ?? 'from-a-reference';
  return { ...env, SECRETS_KEY: sampleSecretsKey };
}

describe('deploy/k8s manifests', () => {
  it('are all listed by kustomization.yaml, save the Secret example', () => {
    const kustomization = parse(read(DIR + 'kustomization.yaml')) as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual(manifestFiles.filter((f) => f !== 'secret.example.yaml'));
  });

  it('have an apiVersion, a kind and a name, in the durable-agents namespace', () => {
    expect(documents.length).toBeGreaterThan(8);
    for (const { file, manifest } of documents) {
      expect(Object.keys(API_VERSIONS), file).toContain(manifest.kind);
      expect(manifest.apiVersion, `${file}: ${manifest.kind}`).toBe(API_VERSIONS[manifest.kind!]);
      expect(manifest.metadata?.name, file).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
      if (manifest.kind !== 'Namespace') expect(manifest.metadata?.namespace, file).toBe(NAMESPACE);
    }
  });

  it('select the pods of their own template', () => {
    const withTemplates = manifests.filter((m) => m.kind === 'Deployment');
    expect(withTemplates.length).toBe(2);
    for (const m of withTemplates) {
      const selector = m.spec?.selector?.matchLabels ?? {};
      expect(Object.keys(selector).length, m.metadata?.name).toBeGreaterThan(0);
      expect(m.spec?.template?.metadata?.labels, m.metadata?.name).toMatchObject(selector);
    }
    const apiService = find('Service', 'durable-agents-api');
    expect(api.spec?.template?.metadata?.labels).toMatchObject(apiService.spec?.selector ?? { none: 'selected' });
    const portNames = podsOf(api).flatMap((c) => c.ports?.map((p) => p.name) ?? []);
    for (const port of apiService.spec?.ports ?? []) expect(portNames).toContain(port.targetPort);
  });

  it('run two api and two worker replicas with probes on what each process serves', () => {
    expect(api.spec?.replicas).toBe(2);
    expect(worker.spec?.replicas).toBe(2);
    const [apiContainer] = podsOf(api);
    expect(apiContainer?.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(apiContainer?.livenessProbe?.httpGet?.path).toBe('/healthz');
    const apiPorts = apiContainer?.ports?.map((p) => p.name);
    for (const probe of [apiContainer?.readinessProbe, apiContainer?.livenessProbe]) {
      expect(apiPorts).toContain(probe?.httpGet?.port);
    }
    const [workerContainer] = podsOf(worker);
    const metricsPort = Number(environmentIn(workerContainer!).WORKER_METRICS_PORT);
    expect(workerContainer?.ports).toEqual([{ name: 'metrics', containerPort: metricsPort }]);
    expect(workerContainer?.livenessProbe?.tcpSocket?.port).toBe('metrics');
    expect(workerContainer?.readinessProbe?.exec?.command?.join(' ')).toContain('process.env.WORKER_METRICS_PORT');
  });

  it('run the api, the workers and the migrations from one image, with the commands of the compose file', () => {
    const commandIn = (m: Manifest) => podsOf(m)[0]?.command?.join(' ');
    expect(commandIn(api)).toBe(commandOf('api'));
    expect(commandIn(worker)).toBe(commandOf('worker'));
    expect(commandIn(find('Job', 'durable-agents-migrate'))).toBe(commandOf('migrate'));
    expect(appContainers.length).toBe(3);
    const kustomization = parse(read(DIR + 'kustomization.yaml')) as { images: Array<{ name: string }> };
    expect(kustomization.images.map((i) => i.name)).toEqual([appImage.split(':')[0]]);
  });

  it('give the processes only variables config/env.ts knows, and every one a service needs', () => {
    const known = Object.keys(envSchema.shape);
    expect(Object.keys(configMap).filter((k) => !known.includes(k))).toEqual([]);
    expect(Object.keys(secretExample).filter((k) => !known.includes(k))).toEqual([]);
    for (const container of appContainers) {
      const names = (container.env ?? []).map((e) => e.name);
      expect(
        names.filter((k) => !known.includes(k)),
        container.name,
      ).toEqual([]);
    }
    for (const container of [...podsOf(api), ...podsOf(worker)]) {
      const env = environmentIn(container);
      for (const name of serviceRequiredVariables) expect(env, container.name).toHaveProperty(name);
      expect(() => loadConfig(env, 'service'), container.name).not.toThrow();
    }
  });

  it('trust exactly the ingress controller in front of the api', () => {
    const env = loadConfig(environmentIn(podsOf(api)[0]!), 'service');
    expect(env.TRUST_PROXY).toBe(1);
  });

  it('route the ingress to the api Service, unbuffered, with long read timeouts for streams', () => {
    const ingress = find('Ingress', 'durable-agents-api');
    const backends = ingress.spec?.rules?.flatMap((r) => r.http.paths.map((p) => p.backend.service)) ?? [];
    const apiService = find('Service', 'durable-agents-api');
    expect(backends).toEqual([{ name: apiService.metadata?.name, port: { name: apiService.spec?.ports?.[0]?.name } }]);
    const annotations = ingress.metadata?.annotations ?? {};
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(600);
  });

  it('register every generation search attribute on the namespace the services use', () => {
    const [container] = podsOf(find('Job', 'durable-agents-temporal-search-attributes'));
    const script = [...(container?.command ?? []), ...(container?.args ?? [])].join(' ');
    for (const name of searchAttributeNames) expect(script).toContain(`--name ${name}`);
    expect(script).toContain('--namespace "$TEMPORAL_NAMESPACE"');
    expect(container?.image).toBe(service('temporal-search-attributes').image);
  });
});

describe('deploy/k8s/temporal-values.yaml', () => {
  interface SqlStore {
    driver: string;
    sql: { driver: string; database: string; existingSecret?: string; password?: string };
  }
  const values = parse(read(DIR + 'temporal-values.yaml')) as {
    server: {
      image: { repository: string; tag: string };
      config: {
        persistence: { default: SqlStore; visibility: SqlStore };
        namespaces: { create: boolean; namespace: Array<{ name: string }> };
      };
      dynamicConfig: unknown;
    };
    schema: Record<string, { enabled: boolean }>;
  } & Record<string, { enabled?: boolean }>;

  it('runs the server version of the compose file on PostgreSQL, in the same two databases', () => {
    expect(`${values.server.image.repository}:${values.server.image.tag}`).toBe(service('temporal').image);
    const { default: main, visibility } = values.server.config.persistence;
    const temporal = environmentOf('temporal');
    for (const [store, database] of [
      [main, temporal.DBNAME],
      [visibility, temporal.VISIBILITY_DBNAME],
    ] as const) {
      expect(store.driver).toBe('sql');
      expect(store.sql.driver).toBe(temporal.DB);
      expect(store.sql.database).toBe(database);
      expect(store.sql.existingSecret, 'the password comes from a Secret').toBeTruthy();
      expect(store.sql.password).toBeUndefined();
    }
    for (const step of ['createDatabase', 'setup', 'update']) expect(values.schema[step]?.enabled, step).toBe(true);
    for (const bundled of ['cassandra', 'mysql', 'elasticsearch'])
      expect(values[bundled]?.enabled, bundled).toBe(false);
  });

  it('creates the namespace of the ConfigMap, with task queue fairness on', () => {
    const { create, namespace } = values.server.config.namespaces;
    expect(create).toBe(true);
    expect(namespace.map((n) => n.name)).toContain(configMap.TEMPORAL_NAMESPACE);
    expect(values.server.dynamicConfig).toEqual(parse(read('deploy/temporal/dynamicconfig.yaml')));
  });
});
