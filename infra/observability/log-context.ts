import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The ids a log line carries, kept per request or per activity in async-local storage so every
 * line written on its behalf has them without passing loggers around (the logger's mixin reads it).
 */
export interface LogFields {
  requestId?: string;
  projectId?: string;
  agentId?: string;
  generationId?: string;
  traceId?: string;
  /** OpenTelemetry trace id, when tracing is on. */
  otelTraceId?: string;
  activity?: string;
  attempt?: number;
  workflowId?: string;
}

const storage = new AsyncLocalStorage<LogFields>();

/** Runs `fn` with `fields` as the log context (nested contexts inherit the outer fields). */
export function withLogContext<T>(fields: LogFields, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, fn);
}

/** Adds ids learned later (the project after auth, the generation once created) to the current context. */
export function addLogContext(fields: LogFields): void {
  const store = storage.getStore();
  if (store) Object.assign(store, fields);
}

export function currentLogFields(): LogFields {
  return storage.getStore() ?? {};
}
