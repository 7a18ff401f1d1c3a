import { z } from 'zod';
import { trustProxySchema } from './trust-proxy.js';
import { isAllowListEntry } from '../infra/net/allow-list.js';
import { DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS } from '../infra/generations/waiting.js';

/**
 * Every environment variable the service reads, validated once at start-up. A bad value stops
 * the process with a message naming the variable (see `loadConfig`).
 */

const bool = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

/** A comma-separated allow-list: hosts, IPs or CIDRs, each with an optional port (infra/net/allow-list.ts). */
const allowList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .refine(
    (entries) => entries.every(isAllowListEntry),
    'must be a comma-separated list of hosts, IPs or CIDRs, each optionally with :port ([IPv6]:port)',
  );

const port = z.coerce.number().int().min(0).max(65535);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const secretsKey = z
  .string()
  .refine((v) => {
    const bytes = Buffer.from(v, 'base64');
    return bytes.length === 32 && bytes.toString('base64') === v;
  }, 'must be 32 bytes, base64-encoded')
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  // API
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  REQUEST_BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'must look like 1mb, 512kb or 1048576b')
    .default('1mb'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Public chat: requests per agent key, and per client address, per minute. */
  PUBLIC_CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  PUBLIC_CHAT_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  // Long-lived requests held open at once, per API process (429 + Retry-After beyond).
  MAX_STREAMS_PER_KEY: z.coerce.number().int().min(1).default(100),
  MAX_STREAMS_PER_PROJECT: z.coerce.number().int().min(1).default(500),
  MAX_WAITS_PER_KEY: z.coerce.number().int().min(1).default(100),
  MAX_WAITS_PER_PROJECT: z.coerce.number().int().min(1).default(500),
  /** Proxies whose X-Forwarded-For is believed: hops or addresses, never all (config/trust-proxy.ts). */
  TRUST_PROXY: trustProxySchema,

  // Storage
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  DATA_DIR: z.string().min(1).default('.data'),
  /** What one project may keep in the server's file storage (DATA_DIR/storage, all its buckets). */
  STORAGE_PROJECT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 * 1024 * 1024),
  STORAGE_PROJECT_MAX_FILES: z.coerce.number().int().min(1).default(10_000),
  EMBEDDED_PG_PORT: port.default(0),

  // Temporal
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('durable-agents'),
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_TLS: bool.optional(),
  TEMPORAL_TLS_CERT_PATH: optionalString,
  TEMPORAL_TLS_KEY_PATH: optionalString,
  TEMPORAL_TLS_CA_PATH: optionalString,
  TEMPORAL_CLI_PATH: optionalString,
  /**
   * Worker Versioning (docs/versioning.md): with a deployment name the worker polls as version
   * `TEMPORAL_BUILD_ID` of that deployment, its runs `auto_upgrade` or `pinned` unless they say
   * otherwise. Unset: an unversioned worker.
   */
  TEMPORAL_DEPLOYMENT_NAME: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,255}$/, 'must be 1-255 letters, digits, ".", "_" or "-"')
      .optional(),
  ),
  TEMPORAL_BUILD_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._+-]{1,255}$/, 'must be 1-255 letters, digits, ".", "_", "+" or "-"')
      .optional(),
  ),
  TEMPORAL_VERSIONING_BEHAVIOR: z.enum(['auto_upgrade', 'pinned']).default('auto_upgrade'),
  TEMPORAL_DEV_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  /** A workflow bundle prebuilt by scripts/bundle-workflows.ts (skips bundling at worker start). */
  WORKFLOW_BUNDLE_PATH: optionalString,
  /**
   * Runs the worker keeps in memory between workflow tasks (the sticky cache). Every cached run
   * costs memory and, on Node 20, CPU on every promise of every other run (docs/performance.md);
   * a run outside the cache is rebuilt from its history when it next has work.
   */
  WORKER_CACHED_WORKFLOWS: z.coerce.number().int().min(1).max(10_000).default(100),
  /**
   * How long a run's next workflow task waits for the worker that holds the run in its cache
   * (Temporal's sticky queue) before any worker may take it and rebuild the run from its history.
   * A worker killed with SIGKILL cannot hand its runs over, so this is how long each of them
   * stalls. The SDK's default, 10 s; the test run uses 1 s.
   */
  WORKER_STICKY_QUEUE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * Crash tests only (refused unless NODE_ENV=test): the worker kills itself with SIGKILL right
   * after an execution of this activity type has finished, before Temporal hears of its result.
   */
  WORKER_TEST_KILL_AFTER_ACTIVITY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z]+$/, 'must be an activity type')
      .optional(),
  ),

  // Security
  BOOTSTRAP_API_KEY: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
  SECRETS_KEY: optionalString.pipe(secretsKey),
  SECRETS_KEY_ID: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,32}$/)
    .default('k1'),
  /** Older keys still needed to decrypt values written before a rotation: `id:base64key,…`. */
  SECRETS_PREVIOUS_KEYS: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .filter((s) => s.trim())
          .every((pair) => /^[a-zA-Z0-9_-]{1,32}:[A-Za-z0-9+/]{43}=$/.test(pair.trim())),
      'must be a comma-separated list of keyId:base64key (32-byte keys)',
    )
    .transform(
      (v) =>
        Object.fromEntries(
          v
            .split(',')
            .filter((s) => s.trim())
            .map((pair) => {
              const [id, key] = pair.trim().split(':') as [string, string];
              return [id, key];
            }),
        ) as Record<string, string>,
    ),
  /** Private or local addresses both model providers and tenant tools may reach. */
  SSRF_ALLOWLIST: allowList,
  /** Added to SSRF_ALLOWLIST for model providers and embeddings only (a local model server). */
  PROVIDER_ALLOWLIST: allowList,
  /** Added to SSRF_ALLOWLIST for tenant tools, MCP servers, hooks, webhooks and builtins only. */
  TOOL_ALLOWLIST: allowList,

  // Observability
  /** When set, `GET /metrics` (API and worker) requires `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalString,
  /** The standalone worker's metrics endpoint (its own metrics and the Temporal SDK's), on HOST. */
  WORKER_METRICS_PORT: port.default(9464),
  /** OTLP/HTTP collector base URL; tracing is off when unset (OTEL_* variables tune the exporter). */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url({ message: 'must be a URL' }).optional()),
  /** Temporal UI base URL: generation responses then link to their workflow (`temporalUiUrl`). */
  TEMPORAL_UI_URL: optionalString.pipe(z.url({ message: 'must be a URL' }).optional()),
  // Builtin tools
  /** External sandbox for code_execute languages other than JavaScript (a project setting overrides it). */
  CODE_SANDBOX_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CODE_SANDBOX_API_KEY: optionalString,
  /** The API's public base URL: storage_read download URLs are absolute with it (else a path on the API). */
  PUBLIC_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),

  // Untrusted work (docs/security.md): tenant-controlled parsing and checks run on a thread pool
  /** Threads of each process's untrusted-work pool (web pages, documents, tenant JSON Schemas); one project uses all but one. */
  UNTRUSTED_THREADS: z.coerce.number().int().min(2).max(64).optional(),
  /** V8 heap limit of each untrusted-work thread, in MiB: a task that needs more fails alone. */
  UNTRUSTED_THREAD_MEMORY_MB: z.coerce.number().int().min(32).max(8192).default(256),
  /** Memory all code_execute sandboxes of a worker may hold at once, in MiB; one project holds at most half (at least 576). */
  SANDBOX_MEMORY_BUDGET_MB: z.coerce.number().int().min(576).max(65536).default(1536),

  /**
   * Tool calls (http, MCP, builtins) go to this task queue, served by `npm run worker:tools`
   * processes, so tools scale or are isolated apart from the workflow workers; unset, the workflow
   * workers run them. Set it on the API and every worker (docs/operations.md).
   */
  TEMPORAL_TOOL_TASK_QUEUE: optionalString,

  // Loop limits
  MAX_STEPS_CAP: z.coerce.number().int().min(1).max(1000).default(100),
  MODEL_CALL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  MODEL_CALL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Delivery attempts per webhook event before it is marked failed (backoff 1 s doubling, max 5 min). */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /**
   * Generations of one project active at once: handed to Temporal, running or paused, child
   * generations included. A top-level generation beyond it is stored `queued` and waits, started
   * oldest first as the project's generations settle; children never wait (docs/adr/0050). There
   * is no "off": a project's share of the task queue is always bounded.
   */
  PROJECT_MAX_RUNNING_GENERATIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(DEFAULT_PROJECT_MAX_RUNNING_GENERATIONS),
});

export type Env = z.infer<typeof envSchema>;

/** Variables a process started on its own (api or worker, as in docker compose) must be given. */
export const serviceRequiredVariables = ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'SECRETS_KEY'] as const;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid environment variable ${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export type ConfigRole = 'dev' | 'service';

/**
 * Parse the environment. `service` (a standalone api or worker) additionally requires the
 * variables that `dev` would otherwise provide with embedded defaults.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: ConfigRole = 'service'): Env {
  // An empty value means "not set" (compose files and shells often export VAR= ).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  if (parsed.data.WORKER_TEST_KILL_AFTER_ACTIVITY !== undefined && parsed.data.NODE_ENV !== 'test') {
    throw new ConfigError(
      'WORKER_TEST_KILL_AFTER_ACTIVITY',
      'is a crash-test setting, accepted only with NODE_ENV=test',
    );
  }
  const { TEMPORAL_DEPLOYMENT_NAME: deployment, TEMPORAL_BUILD_ID: buildId } = parsed.data;
  if ((deployment === undefined) !== (buildId === undefined)) {
    const missing = deployment === undefined ? 'TEMPORAL_DEPLOYMENT_NAME' : 'TEMPORAL_BUILD_ID';
    throw new ConfigError(missing, 'is required with the other Worker Versioning variable (docs/versioning.md)');
  }
  if (role === 'service') {
    for (const name of serviceRequiredVariables) {
      if (parsed.data[name] === undefined) {
        throw new ConfigError(name, 'is required when the api or worker runs on its own (npm run dev provides it)');
      }
    }
  }
  return parsed.data;
}

/** For entry points: print the problem and exit instead of throwing a stack trace. */
export function loadConfigOrExit(role: ConfigRole, env: NodeJS.ProcessEnv = process.env): Env {
  try {
    return loadConfig(env, role);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}
