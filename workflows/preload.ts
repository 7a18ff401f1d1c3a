import * as semanticConventions from '@opentelemetry/semantic-conventions';

/**
 * Evaluated once per worker into the SDK's reusable workflow context (worker.ts
 * `bundleWorkflows`), before the SDK freezes its globals and shared modules. The workflow code and
 * its interceptors are preloaded the same way (docs/adr/0022); only modules required lazily by a
 * run (the OpenTelemetry interceptors of traced runs) are evaluated again for each run.
 *
 * - No stack frames in workflow code: the SDK records a stack trace for every promise a workflow
 *   creates (for Temporal's stack-trace query), resolving each frame through the bundle's source
 *   map; that was about 40% of the workflow thread's CPU. The query then answers empty stacks and
 *   errors thrown in workflow code keep their message and type; activities run outside this
 *   context and keep full stacks.
 * - The OpenTelemetry semantic-convention constants (thousands of them, used by traced runs) are
 *   built once instead of once per traced run. Referenced below so the bundler keeps the import.
 */
Error.stackTraceLimit = 0;

export const preloadedModules = [semanticConventions];
