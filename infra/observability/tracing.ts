import { fileURLToPath } from 'node:url';
import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { Resource } from '@opentelemetry/resources';
import type { BasicTracerProvider, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { makeWorkflowExporter } from '@temporalio/interceptors-opentelemetry';

/**
 * OpenTelemetry tracing: off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter reads the
 * standard OTEL_EXPORTER_OTLP_* variables itself). On, spans cover API requests, the Temporal
 * client start and signal calls, the workflow and its activities (Temporal's interceptors carry the
 * context through headers) and every outgoing HTTP call made with undici/fetch (model providers,
 * tools, hooks, webhooks, MCP servers), so one generation is one trace.
 */

let state: { provider: BasicTracerProvider; resource: Resource; workflowSpans: SpanProcessor } | null = null;

export function tracingEnabled(): boolean {
  return state !== null;
}

/**
 * Installs the global tracer provider once per process; a no-op when no endpoint is configured.
 * The SDK, exporter and instrumentation load only then: with tracing off they cost every worker
 * and API start about 0.3 s of CPU for nothing.
 */
export async function startTracing(serviceName: string, endpoint: string | undefined): Promise<void> {
  if (state || !endpoint) return;
  const [{ AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { OTLPTraceExporter }, otelUndici, sdk] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/sdk-trace-base'),
    ]);
  if (state) return;
  const { BasicTracerProvider, BatchSpanProcessor } = sdk;
  const resource = new Resource({ 'service.name': process.env.OTEL_SERVICE_NAME ?? serviceName });
  const processor = new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 500 });
  const provider = new BasicTracerProvider({ resource, spanProcessors: [processor] });
  provider.register({
    contextManager: new AsyncLocalStorageContextManager(),
    propagator: new W3CTraceContextPropagator(),
  });
  const undici = new otelUndici.UndiciInstrumentation();
  undici.setTracerProvider(provider);
  undici.enable();
  // Workflow spans reach the worker through a sink; they get a processor of their own.
  const workflowSpans = new BatchSpanProcessor(new OTLPTraceExporter(), { scheduledDelayMillis: 500 });
  state = { provider, resource, workflowSpans };
}

/**
 * The sink the workflow interceptors export their spans through (workflows/trace-propagation.ts).
 * Always installed: a run started with a trace context on a worker that exports nothing drops them.
 */
export function workflowSpanSinks() {
  const processor: SpanProcessor = state?.workflowSpans ?? {
    onStart: () => {},
    onEnd: () => {},
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  return { exporter: makeWorkflowExporter(processor, state?.resource ?? new Resource({})) };
}

/** Flushes and stops the exporter (process shutdown). */
export async function stopTracing(): Promise<void> {
  await state?.provider.shutdown();
  await state?.workflowSpans.shutdown();
  state = null;
}

export function tracer(): Tracer {
  return trace.getTracer('durable-agents');
}

export { context, propagation, trace };

/** Bundled with the workflows: workflow spans for new traced runs, the trace header copied for the others. */
export const workflowInterceptorModules = [
  fileURLToPath(
    new URL(`../../workflows/trace-propagation.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
  ),
];
