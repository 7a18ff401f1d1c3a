import type { Headers } from '@temporalio/common';
import type {
  ActivityInput,
  Next,
  StartChildWorkflowExecutionInput,
  WorkflowExecuteInput,
  WorkflowInboundCallsInterceptor,
  WorkflowInterceptorsFactory,
  WorkflowOutboundCallsInterceptor,
} from '@temporalio/workflow';

/**
 * Carries the trace context the workflow was started with (the header Temporal's OpenTelemetry
 * client interceptor writes) onto every activity and child workflow it schedules, so their spans
 * join the generation's trace. Deliberately not Temporal's workflow tracing interceptor: that one
 * adds yields that change how histories recorded without it replay. Copying a header adds no
 * command and no await: replay-neutral.
 */
const traceHeader = '_tracer-data';

export const interceptors: WorkflowInterceptorsFactory = () => {
  let started: Headers = {};
  const withTrace = (headers: Headers): Headers =>
    started[traceHeader] && !headers[traceHeader] ? { ...headers, [traceHeader]: started[traceHeader] } : headers;
  const inbound: WorkflowInboundCallsInterceptor = {
    execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
      started = input.headers;
      return next(input);
    },
  };
  const outbound: WorkflowOutboundCallsInterceptor = {
    scheduleActivity(input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) {
      return next({ ...input, headers: withTrace(input.headers) });
    },
    startChildWorkflowExecution(
      input: StartChildWorkflowExecutionInput,
      next: Next<WorkflowOutboundCallsInterceptor, 'startChildWorkflowExecution'>,
    ) {
      return next({ ...input, headers: withTrace(input.headers) });
    },
  };
  return { inbound: [inbound], outbound: [outbound] };
};
