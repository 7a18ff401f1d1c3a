import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../support/stack.js';

/**
 * Regressions of what a random-seed Schemathesis run found (issue 48), each rebuilt from its
 * reproduction: a request the OpenAPI document accepts is never a 400, and what the API accepts on
 * write reads back under the document.
 */
describe('contract holes found by fuzzing', () => {
  let stack: TestStack;
  let providerId: string;

  beforeAll(async () => {
    stack = await startStack();
    providerId = (
      await stack.api('POST', '/v1/ai-providers', {
        name: 'p',
        kind: 'openai_compatible',
        baseUrl: 'https://models.example.com/v1',
        apiKey: 'sk-test-0000000000',
        defaultModel: 'm',
      })
    ).body.id;
  });
  afterAll(async () => stack?.close());

  // ST202: a literal of 1,000 characters is within the document's maxLength but compiles to
  // 1,001 RE2 instructions; the budget is a rule the document can only describe, so it is a 422.
  const literal = '0'.repeat(1000);

  it('a guardrail pattern over the RE2 budget is a 422 on POST, PUT and PATCH, and changes nothing', async () => {
    const agent = { name: 'a', aiProviderId: providerId };
    const created = await stack.api('POST', '/v1/agents', { ...agent, guardrails: { requireToolFor: [literal] } });
    expect(created.status).toBe(422);
    expect(created.body.error).toMatchObject({ code: 'unprocessable', message: expect.stringMatching(/too complex/) });

    const id = (await stack.api('POST', '/v1/agents', agent)).body.id;
    const before = (await stack.api('GET', `/v1/agents/${id}`)).body;
    const put = await stack.api('PUT', `/v1/agents/${id}`, { ...agent, guardrails: { requireToolFor: [literal] } });
    expect(put.status).toBe(422);
    const patch = await stack.api('PATCH', `/v1/agents/${id}`, { guardrails: { blockPatterns: ['(a)\\1'] } });
    expect(patch.status).toBe(422);
    expect(patch.body.error.message).toMatch(/backreferences/);
    expect((await stack.api('GET', `/v1/agents/${id}`)).body).toEqual(before);
  });

  it('a MATCHES condition over the RE2 budget is a 422; the document states the rule', async () => {
    const id = (await stack.api('POST', '/v1/agents', { name: 'h', aiProviderId: providerId })).body.id;
    const hook = {
      event: 'PreToolUse',
      type: 'rule',
      config: { decision: 'deny', conditions: [{ path: 'q', operator: 'MATCHES', value: literal }] },
    };
    const res = await stack.api('POST', `/v1/agents/${id}/hooks`, hook);
    expect(res.status).toBe(422);
    expect((await stack.api('GET', `/v1/agents/${id}/hooks`)).body.data).toEqual([]);

    const doc = (await stack.api('GET', '/v1/openapi.json')).body;
    const guardrails = JSON.stringify(doc.components.schemas.Guardrails);
    expect(guardrails).toMatch(/RE2 instructions.*422/);
  });
});
