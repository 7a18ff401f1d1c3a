import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow/index.js';

/**
 * Temporal's OpenTelemetry workflow interceptors for one traced run. This module (and the ~110
 * OpenTelemetry modules behind it) is loaded only by runs that trace (`trace-propagation.ts`):
 * the SDK evaluates workflow modules once per run it holds, and loading them for every run cost
 * about 1.5 MiB of worker memory per cached generation (docs/performance.md).
 */
export interface WorkflowSpans {
  inbound: OpenTelemetryInboundInterceptor;
  outbound: OpenTelemetryOutboundInterceptor;
  internals: OpenTelemetryInternalsInterceptor;
}

export function createWorkflowSpans(): WorkflowSpans {
  return {
    inbound: new OpenTelemetryInboundInterceptor(),
    outbound: new OpenTelemetryOutboundInterceptor(),
    internals: new OpenTelemetryInternalsInterceptor(),
  };
}
