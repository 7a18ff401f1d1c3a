import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * With tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) the API starts workflows without a trace
 * header, so their runs never load the OpenTelemetry workflow interceptors (docs/adr/0019). The
 * traced case, one span tree from the request to the outgoing calls, is observability.test.ts.
 */
describe('runs started while tracing is off', () => {
  let stack: TestStack;
  let model: ModelServer;

  beforeAll(async () => {
    [stack, model] = await Promise.all([startStack(), startModelServer()]);
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
  });

  it('carry no trace header, and their activities none either', async () => {
    const agentId = await createAgent(stack, { aiProviderId: await createProvider(stack, model) });
    model.script({ text: 'untraced' });
    const res = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'hi' });
    expect(res.body).toMatchObject({ status: 'completed', text: 'untraced' });
    const handle = stack.temporal.workflow.getHandle(res.body.id);
    await handle.result();
    const events = (await handle.fetchHistory()).events ?? [];
    const started = events[0]!.workflowExecutionStartedEventAttributes!;
    expect(Object.keys(started.header?.fields ?? {})).not.toContain('_tracer-data');
    const markers = events.filter((e) => e.markerRecordedEventAttributes);
    expect(markers.length).toBeGreaterThan(0);
    for (const m of markers) expect(Object.keys(m.markerRecordedEventAttributes!.header?.fields ?? {})).toEqual([]);
  });
});
