import type { Dispatcher } from 'undici';
import type { ToolResultStatus, Usage } from '../../contracts/generation/index.js';
import type { SnapshotTool } from '../../contracts/snapshot.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import type { Db } from '../../infra/db/prisma.js';
import type { StorageQuota } from '../../infra/storage/quota.js';
import type { OutboundRules } from '../../infra/net/ssrf.js';

/** Process-level settings of the builtins (from the environment). */
export interface BuiltinOptions {
  /** What tools may connect to, for connections that do not go through the HTTP dispatcher (databases). */
  toolRules: OutboundRules;
  /** External sandbox for code_execute languages other than JavaScript (a project setting overrides it). */
  codeSandboxUrl?: string;
  codeSandboxApiKey?: string;
  /** Root folder of the storage builtins (DATA_DIR/storage); without it they answer "not configured". */
  storageDir?: string;
  /** What each project may keep in that folder (all buckets); a write beyond it is an error result. */
  storageQuota?: StorageQuota;
  /** The API's public base URL, for absolute download URLs. */
  publicApiUrl?: string;
  /** Timeout of the nested model calls of summarize/generate_text (the tool's timeout caps it too). */
  modelTimeoutMs?: number;
  /** Crash tests only: called at points inside a builtin's work (infra/crash-injection.ts). */
  crashPoint?: (reached: string) => void;
}

/** Everything one builtin call may use. */
export interface BuiltinCall {
  generationId: string;
  toolCallId: string;
  /** The step and message sequence of the call (trace entry keys). */
  step: number;
  seq: number;
  tool: SnapshotTool;
  /** The builtin's config with its secret values decrypted. */
  config: Record<string, unknown>;
  arguments: Record<string, unknown>;
  db: Db;
  secrets: SecretBox;
  /** SSRF-guarded dispatcher for every outgoing HTTP request of a tool (tool allow-list). */
  dispatcher: Dispatcher;
  /** SSRF-guarded dispatcher for nested model calls (provider allow-list). */
  providerDispatcher: Dispatcher;
  options: BuiltinOptions;
  signal?: AbortSignal;
  /** A project setting (secret ones decrypted), or undefined when not set. */
  setting(key: string): Promise<string | undefined>;
  /** The project the generation runs in. */
  projectId(): Promise<string>;
}

export interface BuiltinResult {
  status: ToolResultStatus;
  content: string;
  /** Tokens of nested model calls, counted in the generation's usage. */
  usage?: Usage;
}

export type BuiltinExecutor = (call: BuiltinCall) => Promise<BuiltinResult>;

/** A result the model can act on; the run continues. */
export const builtinError = (error: string, extra: Record<string, unknown> = {}): BuiltinResult => ({
  status: 'error',
  content: JSON.stringify({ error, ...extra }),
});

export const builtinSuccess = (value: unknown): BuiltinResult => ({
  status: 'success',
  content: typeof value === 'string' ? value : JSON.stringify(value),
});
