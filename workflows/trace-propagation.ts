import type { Headers } from '@temporalio/common';
import {
  type ActivityInput,
  type LocalActivityInput,
  type Next,
  type SignalInput,
  type StartChildWorkflowExecutionInput,
  type UpdateInput,
  type WorkflowExecuteInput,
  type WorkflowInboundCallsInterceptor,
  type WorkflowInterceptorsFactory,
  type WorkflowInternalsInterceptor,
  type WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';
import type { WorkflowSpans } from './workflow-spans.js';

/**
 * Tracing inside the workflow. Runs started with a trace context get Temporal's OpenTelemetry
 * workflow interceptors: a `RunWorkflow` span (exported by the worker's sink) parents the
 * `StartActivity`/`StartChildWorkflow` spans, so a generation is one tree from the API request to
 * the outgoing calls. Those interceptors add yields on histories recorded without them, so runs
 * recorded before the `workflow-otel-spans` patch (and runs without a trace context) only copy
 * the start's trace header onto activities and children: no command, no await, replay-neutral.
 *
 * The OpenTelemetry interceptors are loaded with a synchronous `require` (the bundler resolves it
 * to its module table) by the runs that use them, so an untraced run never evaluates them.
 */
const traceHeader = '_tracer-data';

function loadWorkflowSpans(): WorkflowSpans {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy on purpose, see above
  const spans = require('./workflow-spans.js') as { createWorkflowSpans: () => WorkflowSpans };
  return spans.createWorkflowSpans();
}

export const interceptors: WorkflowInterceptorsFactory = () => {
  let started: Headers = {};
  let otel: WorkflowSpans | null = null;
  const withTrace = (headers: Headers): Headers =>
    started[traceHeader] && !headers[traceHeader] ? { ...headers, [traceHeader]: started[traceHeader] } : headers;

  const inbound: WorkflowInboundCallsInterceptor = {
    execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
      started = input.headers;
      if (started[traceHeader]) otel = loadWorkflowSpans();
      return otel ? otel.inbound.execute(input, next) : next(input);
    },
    handleSignal(input: SignalInput, next: Next<WorkflowInboundCallsInterceptor, 'handleSignal'>) {
      return otel ? otel.inbound.handleSignal(input, next) : next(input);
    },
    handleUpdate(input: UpdateInput, next: Next<WorkflowInboundCallsInterceptor, 'handleUpdate'>) {
      return otel ? otel.inbound.handleUpdate(input, next) : next(input);
    },
    validateUpdate(input: UpdateInput, next: Next<WorkflowInboundCallsInterceptor, 'validateUpdate'>) {
      return otel ? otel.inbound.validateUpdate(input, next) : next(input);
    },
  };
  const outbound: WorkflowOutboundCallsInterceptor = {
    scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
      return otel ? otel.outbound.scheduleActivity(input, next) : next({ ...input, headers: withTrace(input.headers) });
    },
    scheduleLocalActivity(
      input: LocalActivityInput,
      next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>,
    ) {
      return otel
        ? otel.outbound.scheduleLocalActivity(input, next)
        : next({ ...input, headers: withTrace(input.headers) });
    },
    startChildWorkflowExecution(
      input: StartChildWorkflowExecutionInput,
      next: Next<WorkflowOutboundCallsInterceptor, 'startChildWorkflowExecution'>,
    ) {
      return otel
        ? otel.outbound.startChildWorkflowExecution(input, next)
        : next({ ...input, headers: withTrace(input.headers) });
    },
  };
  const internals: WorkflowInternalsInterceptor = {
    dispose(input, next) {
      return otel ? otel.internals.dispose(input, next) : next(input);
    },
  };
  return { inbound: [inbound], outbound: [outbound], internals: [internals] };
};
