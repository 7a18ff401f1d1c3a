import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger.js';
import { addLogContext, withLogContext } from '../../infra/observability/log-context.js';
import { metricsAuthorized } from '../../infra/observability/metrics-server.js';
import {
  devServerSearchAttributeArgs,
  registerSearchAttributesCommand,
} from '../../infra/temporal/search-attributes.js';
import { setTemporalUiLink, temporalUiLink } from '../../infra/temporal/ui-link.js';
import { searchAttributeNames, startSearchAttributes } from '../../workflows/search-attributes.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { logger: createLogger('info', 'test', sink), lines };
}

describe('log context', () => {
  it('every line written inside a context carries its ids, including ids added later; outside, none', async () => {
    const { logger, lines } = capture();
    await withLogContext({ requestId: 'r1', projectId: 'prj_1' }, async () => {
      logger.info('first');
      await new Promise((r) => setTimeout(r, 1));
      addLogContext({ generationId: 'agt_gen_1', agentId: 'agt_1' });
      logger.info('second');
    });
    logger.info('outside');
    expect(lines.map((l) => [l.msg, l.requestId, l.projectId, l.generationId])).toEqual([
      ['first', 'r1', 'prj_1', undefined],
      ['second', 'r1', 'prj_1', 'agt_gen_1'],
      ['outside', undefined, undefined, undefined],
    ]);
  });

  it('redacts credential-named fields wherever a caller puts them', () => {
    const { logger, lines } = capture();
    logger.info(
      { apiKey: 'k-1', provider: { apiKey: 'k-2' }, req: { headers: { authorization: 'Bearer k-3' } }, token: 'k-4' },
      'x',
    );
    expect(JSON.stringify(lines)).not.toMatch(/k-[1-4]/);
  });
});

describe('metrics token', () => {
  it('is open without a token and needs the exact bearer token otherwise', () => {
    expect(metricsAuthorized(undefined, undefined)).toBe(true);
    expect(metricsAuthorized(undefined, 'abc')).toBe(false);
    expect(metricsAuthorized('Bearer abd', 'abc')).toBe(false);
    expect(metricsAuthorized('Bearer abcd', 'abc')).toBe(false);
    expect(metricsAuthorized('Bearer abc', 'abc')).toBe(true);
  });
});

describe('Temporal UI link', () => {
  it('points at the workflow of the generation in the namespace, only when a base URL is set', () => {
    setTemporalUiLink(undefined, 'default');
    expect(temporalUiLink('agt_gen_1')).toBeNull();
    setTemporalUiLink('https://temporal.example.com/', 'prod ns');
    expect(temporalUiLink('agt_gen_1')).toBe('https://temporal.example.com/namespaces/prod%20ns/workflows/agt_gen_1');
    setTemporalUiLink(undefined, 'default');
  });
});

describe('search attributes', () => {
  it('are registered by the dev server and by the documented command, all Keyword', () => {
    expect(searchAttributeNames).toEqual([
      'AgentId',
      'ProjectId',
      'TraceId',
      'SessionId',
      'GenerationStatus',
      'RequiredAction',
      'ParentGenerationId',
    ]);
    expect(devServerSearchAttributeArgs()).toContain('GenerationStatus=Keyword');
    expect(devServerSearchAttributeArgs().filter((a) => a === '--search-attribute')).toHaveLength(7);
    const command = registerSearchAttributesCommand('default');
    for (const name of searchAttributeNames) expect(command).toContain(`--name ${name}`);
    expect(command).toMatch(/--type Keyword$/);
  });

  it('start with the identity and running; session and parent only when the input has them', () => {
    const names = (pairs: ReturnType<typeof startSearchAttributes>) =>
      Object.fromEntries(pairs.map((p) => [p.key.name, p.value]));
    expect(names(startSearchAttributes({ agentId: 'a', projectId: 'p', traceId: 't' }))).toEqual({
      AgentId: 'a',
      ProjectId: 'p',
      TraceId: 't',
      GenerationStatus: 'running',
    });
    expect(
      names(
        startSearchAttributes({ agentId: 'a', projectId: 'p', traceId: 't', sessionId: 's', parentGenerationId: 'g' }),
      ),
    ).toMatchObject({ SessionId: 's', ParentGenerationId: 'g' });
  });
});
