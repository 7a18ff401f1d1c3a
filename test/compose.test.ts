import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { parse } from 'yaml';
import { envSchema, loadConfig, serviceRequiredVariables } from '../config/env.js';
import { searchAttributeNames } from '../workflows/search-attributes.js';

/**
 * The deployment files (docker-compose.yml, Dockerfile, .env.example) against config/env.ts: no
 * Docker needed, so a renamed or newly required variable fails here rather than at `compose up`.
 */

const root = new URL('../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');

type Environment = Record<string, string | number | boolean | null>;
interface Service {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Environment | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string };
}
interface ComposeFile {
  services: Record<string, Service>;
}

// Compose resolves YAML merge keys (`<<: *anchor`); so must the parser.
const compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const dockerfile = read('Dockerfile');
const envExample = read('.env.example');

const schemaKeys = Object.keys(envSchema.shape);
const APP_SERVICES = ['api', 'worker'] as const;

function service(name: string): Service {
  const s = compose.services[name];
  if (!s) throw new Error(`docker-compose.yml has no service "${name}"`);
  return s;
}

/** A service's environment as a map (compose also allows a list of NAME=value strings). */
function environmentOf(name: string): Environment {
  const env = service(name).environment ?? {};
  if (!Array.isArray(env)) return env;
  return Object.fromEntries(
    env.map((entry) => {
      const eq = entry.indexOf('=');
      return eq === -1 ? [entry, null] : [entry.slice(0, eq), entry.slice(eq + 1)];
    }),
  );
}

function commandOf(name: string): string {
  const cmd = service(name).command;
  return Array.isArray(cmd) ? cmd.join(' ') : (cmd ?? '');
}

/**
 * Compose-style interpolation of one value: `$$` is a literal `$`; `${VAR}`, `$VAR`,
 * `${VAR:-default}` / `${VAR-default}`, `${VAR:?error}` / `${VAR?error}` and `${VAR:+alt}` /
 * `${VAR+alt}` (the colon forms treat an empty value like an unset one).
 */
function interpolate(value: string, vars: Record<string, string | undefined>): string {
  const pattern =
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])((?:[^{}]|\{[^{}]*\})*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;
  return value.replace(
    pattern,
    (
      match,
      name: string | undefined,
      colon: string | undefined,
      op: string | undefined,
      arg: string | undefined,
      bare: string | undefined,
    ) => {
      if (match === '$$') return '$';
      if (bare !== undefined) return vars[bare] ?? '';
      const current = vars[name!];
      const missing = colon ? current === undefined || current === '' : current === undefined;
      const nested = () => interpolate(arg ?? '', vars);
      switch (op) {
        case undefined:
          return current ?? '';
        case '-':
          return missing ? nested() : current!;
        case '?':
          if (missing) throw new Error(`required variable ${name} is missing a value: ${nested()}`);
          return current!;
        case '+':
          return missing ? '' : nested();
        default:
          throw new Error(`unsupported interpolation ${match}`);
      }
    },
  );
}

/** What the container's process.env would hold for the given `.env` / shell values. */
function resolvedEnvironment(name: string, vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, raw] of Object.entries(environmentOf(name))) {
    // A bare `KEY` (null) passes the host's value through unchanged.
    out[key] = raw === null ? vars[key] : interpolate(String(raw), vars);
  }
  return out;
}

/** The `${NAME:-fallback}` interpolations of a value, as [NAME, fallback]. */
function fallbacksIn(value: string): Array<[string, string]> {
  return [...value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?-([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]);
}

const sampleSecretsKey = Buffer.alloc(32, 7).toString('base64');
const sampleBootstrapKey = 'da_compose_test_bootstrap_key_0123456789';

describe('docker-compose.yml', () => {
  it('defines the production topology', () => {
    for (const name of ['postgres', 'temporal', 'temporal-ui', 'migrate', 'api', 'worker']) {
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

  it.each(APP_SERVICES)('%s starts only after the migrations succeeded', (name) => {
    const dependsOn = service(name).depends_on;
    expect(Array.isArray(dependsOn), 'depends_on must use the long form to carry a condition').toBe(false);
    expect((dependsOn as Record<string, { condition?: string }>).migrate?.condition).toBe(
      'service_completed_successfully',
    );
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
    const registration = [service('temporal-search-attributes').command ?? []].flat().join(' ');
    for (const name of searchAttributeNames) expect(registration).toContain(`--name ${name}`);
    for (const name of APP_SERVICES) {
      const dependsOn = service(name).depends_on as Record<string, { condition?: string }>;
      expect(dependsOn['temporal-search-attributes']?.condition, name).toBe('service_completed_successfully');
    }
  });

  it('the monitoring profile scrapes the api and the worker where they serve metrics', () => {
    const prometheus = compose.services.prometheus as Service & { profiles?: string[] };
    const grafana = compose.services.grafana as Service & { profiles?: string[] };
    expect(prometheus.profiles).toEqual(['monitoring']);
    expect(grafana.profiles).toEqual(['monitoring']);
    const scrape = parse(read('deploy/prometheus/prometheus.yml')) as {
      scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }>;
    };
    const targets = scrape.scrape_configs.flatMap((j) => j.static_configs.flatMap((c) => c.targets));
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

  it('migrates the same database the api and the worker use, on a namespace Temporal creates', () => {
    const vars = { SECRETS_KEY: sampleSecretsKey, POSTGRES_PASSWORD: 'pw', TEMPORAL_NAMESPACE: 'agents' };
    const migrateUrl = resolvedEnvironment('migrate', vars).DATABASE_URL;
    for (const name of APP_SERVICES) expect(resolvedEnvironment(name, vars).DATABASE_URL).toBe(migrateUrl);
    expect(resolvedEnvironment('temporal', vars).DEFAULT_NAMESPACE).toBe('agents');
  });

  it('mounts a dynamic config that enables task queue fairness on the Temporal server', () => {
    const temporal = service('temporal') as Service & { volumes?: string[] };
    const path = String(resolvedEnvironment('temporal', { SECRETS_KEY: sampleSecretsKey }).DYNAMIC_CONFIG_FILE_PATH);
    const mount = (temporal.volumes ?? []).find((v) => v.split(':')[1] === path);
    expect(mount, 'the dynamic config file is mounted where DYNAMIC_CONFIG_FILE_PATH points').toBeDefined();
    const config = parse(read(mount!.split(':')[0]!.replace(/^\.\//, ''))) as Record<string, Array<{ value: unknown }>>;
    expect(config['matching.enableFairness']?.[0]?.value).toBe(true);
    expect(config['matching.useNewMatcher']?.[0]?.value).toBe(true);
  });

  it('falls back to the same defaults as config/env.ts', () => {
    for (const name of APP_SERVICES) {
      for (const [key, raw] of Object.entries(environmentOf(name))) {
        for (const [variable, fallback] of fallbacksIn(String(raw ?? ''))) {
          if (variable !== key || fallback === '') continue;
          const field = envSchema.shape[key as keyof typeof envSchema.shape];
          expect(field.parse(fallback), `${name}: \${${key}:-${fallback}}`).toEqual(field.parse(undefined));
        }
      }
    }
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
