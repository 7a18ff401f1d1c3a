import { describe, expect, it } from 'vitest';
import { ApiError } from '../../contracts/errors.js';
import type { GenerateRequest } from '../../contracts/schemas/index.js';
import type { Agent, AgentTool } from '../../generated/prisma/client.js';
import { buildPlan, renderInstructions } from '../../domain/generations/plan.js';

const T_SEARCH = 'agt_tool_search000001';
const T_DONE = 'agt_tool_done00000001';
const T_CLIENT = 'agt_tool_client000001';
const T_DETACHED = 'agt_tool_detached0001';

function makeAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    id: 'agt_agent0000001',
    projectId: 'prj_project00001',
    aiProviderId: 'aip_provider0001',
    name: 'Agent',
    slug: 'agent',
    description: null,
    instructions: 'You help {{ user }}.',
    model: null,
    temperature: null,
    toolIds: [T_SEARCH, T_DONE, T_CLIENT],
    activeToolIds: [],
    activeToolIdsSet: false,
    toolChoice: null,
    stepRules: null,
    stopConditions: null,
    maxSteps: 20,
    boundaryPolicy: null,
    guardrails: null,
    conversational: false,
    memory: null,
    contextWindow: null,
    approvalTimeoutSeconds: 300,
    active: true,
    publicChat: null,
    publicKeyPrefix: null,
    publicKeyHash: null,
    extra: null,
    createdAt: new Date('2024-01-01T00:00:00Z'),
    updatedAt: new Date('2024-01-01T00:00:00Z'),
    ...overrides,
  } as unknown as Agent;
}

function makeTool(id: string, name: string, overrides: Partial<AgentTool> = {}): AgentTool {
  return {
    id,
    projectId: 'prj_project00001',
    type: 'http',
    name,
    description: null,
    parameters: { type: 'object' },
    execute: { url: 'https://tools.example.com/run' },
    mcp: null,
    enabled: true,
    agentId: null,
    config: null,
    timeoutSeconds: 30,
    readOnly: false,
    maxResultChars: 50_000,
    createdAt: new Date('2024-01-01T00:00:00Z'),
    updatedAt: new Date('2024-01-01T00:00:00Z'),
    ...overrides,
  } as unknown as AgentTool;
}

const tools = [
  makeTool(T_SEARCH, 'search', { readOnly: true, timeoutSeconds: 10 }),
  makeTool(T_DONE, 'done', { execute: null }),
  makeTool(T_CLIENT, 'checkpoint', { type: 'client', execute: null }),
];
const opts = { maxStepsCap: 50, modelAttempts: 4, modelTimeoutSeconds: 90 };
const body = (b: Partial<GenerateRequest> = {}): GenerateRequest => ({
  prompt: 'hi',
  maxCallDepth: 10,
  async: false,
  stream: false,
  waitSeconds: 60,
  queue: false,
  ...b,
});

function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected an ApiError');
}

describe('renderInstructions', () => {
  it('replaces {{name}} with and without inner spaces', () => {
    expect(renderInstructions('Hi {{name}}, {{  name  }} and {{ city }}.', { name: 'Ada', city: 'Paris' })).toBe(
      'Hi Ada, Ada and Paris.',
    );
  });

  it('keeps unknown placeholders as written', () => {
    expect(renderInstructions('Hi {{ name }} from {{ city }}', { name: 'Ada' })).toBe('Hi Ada from {{ city }}');
    expect(renderInstructions('Hi {{ name }}')).toBe('Hi {{ name }}');
  });

  it('replaces with the empty string when the variable is empty', () => {
    expect(renderInstructions('[{{x}}]', { x: '' })).toBe('[]');
  });

  it('inserts values literally (no $-patterns, no recursive expansion)', () => {
    expect(renderInstructions('{{a}} {{b}}', { a: "$& $' $1", b: '{{a}}' })).toBe("$& $' $1 {{a}}");
  });

  it('leaves things that are not placeholders alone', () => {
    const t = '{{1x}} {{ a-b }} {single} {{}} {{a}';
    expect(renderInstructions(t, { '1x': 'no', 'a-b': 'no', a: 'no' })).toBe(t);
  });

  it('does not resolve inherited object properties', () => {
    expect(renderInstructions('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });
});

describe('buildPlan', () => {
  it('uses the agent config when the request has no overrides', () => {
    const agent = makeAgent({
      toolChoice: 'required',
      activeToolIds: [T_SEARCH],
      activeToolIdsSet: true,
      stepRules: [{ step: 1, toolChoice: { type: 'tool', toolName: 'search' } }],
      stopConditions: [{ type: 'hasToolCall', toolName: 'done' }],
      maxSteps: 12,
    });
    const plan = buildPlan(agent, tools, body(), opts);
    expect(plan).toMatchObject({
      toolChoice: 'required',
      activeToolIds: [T_SEARCH],
      stepRules: [{ step: 1, toolChoice: { type: 'tool', toolName: 'search' } }],
      stopConditions: [{ type: 'hasToolCall', toolName: 'done' }],
      maxSteps: 12,
      modelRetry: { maximumAttempts: 4, startToCloseSeconds: 90 },
    });
  });

  it('defaults to auto, all tools active, no rules, no stop conditions', () => {
    const plan = buildPlan(makeAgent(), tools, body(), opts);
    expect(plan).toMatchObject({
      toolChoice: 'auto',
      activeToolIds: null,
      stepRules: [],
      stopConditions: [],
      maxSteps: 20,
    });
  });

  it('an agent with activeToolIds explicitly set to [] has no active tools (not "all")', () => {
    expect(
      buildPlan(makeAgent({ activeToolIds: [], activeToolIdsSet: true }), tools, body(), opts).activeToolIds,
    ).toEqual([]);
  });

  it('request overrides beat the agent config', () => {
    const agent = makeAgent({
      toolChoice: 'required',
      activeToolIds: [T_SEARCH],
      activeToolIdsSet: true,
      stepRules: [{ step: 1, toolChoice: 'none' }],
      stopConditions: [{ type: 'hasToolCall', toolName: 'done' }],
      maxSteps: 12,
    });
    const plan = buildPlan(
      agent,
      tools,
      body({
        toolChoice: { type: 'tool', toolName: 'checkpoint' },
        activeToolIds: [T_DONE, T_CLIENT],
        stepRules: [{ step: 2, toolChoice: 'auto', activeToolIds: [T_DONE] }],
        stopConditions: [{ type: 'hasToolCall', toolName: 'checkpoint' }],
        maxSteps: 7,
      }),
      opts,
    );
    expect(plan).toMatchObject({
      toolChoice: { type: 'tool', toolName: 'checkpoint' },
      activeToolIds: [T_DONE, T_CLIENT],
      stepRules: [{ step: 2, toolChoice: 'auto', activeToolIds: [T_DONE] }],
      stopConditions: [{ type: 'hasToolCall', toolName: 'checkpoint' }],
      maxSteps: 7,
    });
  });

  it('rejects request activeToolIds that are not attached to the agent with a 422', () => {
    const err = apiError(() => buildPlan(makeAgent(), tools, body({ activeToolIds: [T_SEARCH, T_DETACHED] }), opts));
    expect(err.status).toBe(422);
    expect(err.code).toBe('unprocessable');
    expect(err.message).toContain(T_DETACHED);
    expect(err.message).not.toContain(T_SEARCH);
    expect(err.details).toEqual({ path: 'body.activeToolIds' });
  });

  it('rejects step-rule activeToolIds that are not attached with a 422 naming the rule', () => {
    const err = apiError(() =>
      buildPlan(
        makeAgent(),
        tools,
        body({
          stepRules: [
            { step: 1, activeToolIds: [T_SEARCH] },
            { step: 2, activeToolIds: [T_DETACHED] },
          ],
        }),
        opts,
      ),
    );
    expect(err.status).toBe(422);
    expect(err.details).toEqual({ path: 'body.stepRules.1.activeToolIds' });
  });

  it('rejects a requested maxSteps over the cap with a 422, and accepts the cap itself', () => {
    const err = apiError(() => buildPlan(makeAgent(), tools, body({ maxSteps: 51 }), opts));
    expect(err.status).toBe(422);
    expect(err.details).toEqual({ path: 'body.maxSteps' });
    expect(buildPlan(makeAgent(), tools, body({ maxSteps: 50 }), opts).maxSteps).toBe(50);
  });

  it('plans each tool with its executor flag: an http tool without execute has none', () => {
    const plan = buildPlan(makeAgent({ extra: { allowClarification: false } }), tools, body(), opts);
    expect(plan.tools).toEqual([
      { id: T_SEARCH, name: 'search', type: 'http', readOnly: true, hasExecutor: true, timeoutSeconds: 10 },
      { id: T_DONE, name: 'done', type: 'http', readOnly: false, hasExecutor: false, timeoutSeconds: 30 },
      { id: T_CLIENT, name: 'checkpoint', type: 'client', readOnly: false, hasExecutor: true, timeoutSeconds: 30 },
    ]);
  });

  it('adds the builtin agent_clarify, always offered, unless the agent disables it', () => {
    const plan = buildPlan(makeAgent(), tools, body(), opts);
    expect(plan.tools.at(-1)).toEqual({
      id: 'builtin:agent_clarify',
      name: 'agent_clarify',
      type: 'builtin',
      readOnly: false,
      hasExecutor: true,
      timeoutSeconds: 30,
      alwaysOffered: true,
    });
  });

  it('sets requireToolUse when the prompt matches a requireToolFor guardrail, and reviewFinalText for blockPatterns', () => {
    const agent = makeAgent({ guardrails: { blockPatterns: ['secret'], requireToolFor: ['weather|forecast'] } });
    expect(buildPlan(agent, tools, body({ prompt: 'What is the Weather in Paris?' }), opts)).toMatchObject({
      requireToolUse: true,
      reviewFinalText: true,
    });
    expect(buildPlan(agent, tools, body({ prompt: 'Tell me a joke' }), opts)).toMatchObject({ requireToolUse: false });
    expect(buildPlan(makeAgent(), tools, body(), opts)).toMatchObject({
      requireToolUse: false,
      reviewFinalText: false,
    });
  });
});
