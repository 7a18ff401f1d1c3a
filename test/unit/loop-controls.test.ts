import { describe, expect, it } from 'vitest';
import { plannedTool } from '../support/planned-tool.js';
import {
  resolveStepControls,
  toolsForStep,
  type StepControls,
  type SubmittedControls,
} from '../../workflows/loop/controls.js';
import type { LoopPlan, PlannedTool } from '../../contracts/generation/index.js';

const tool = (id: string, name: string, extra: Partial<PlannedTool> = {}): PlannedTool =>
  plannedTool(name, { id, ...extra });

const SEARCH = tool('agt_tool_g1m7k4re', 'search_code');
const TESTS = tool('agt_tool_w3f5r9aj', 'run_tests');
const CHECKPOINT = tool('agt_tool_d8j4v0zp', 'checkpoint', { type: 'client', hasExecutor: false });

function makePlan(overrides: Partial<LoopPlan> = {}): LoopPlan {
  return {
    tools: [SEARCH, TESTS, CHECKPOINT],
    toolChoice: 'auto',
    activeToolIds: null,
    stepRules: [],
    stopConditions: [],
    maxSteps: 20,
    modelRetry: { maximumAttempts: 3, startToCloseSeconds: 120 },
    hooks: [],
    approvalTimeoutSeconds: 300,
    requireToolUse: false,
    reviewFinalText: false,
    ...overrides,
  };
}

const none: SubmittedControls = { stepRules: [] };

describe('resolveStepControls', () => {
  it('falls back to the plan when nothing else applies', () => {
    const plan = makePlan({ toolChoice: 'required', activeToolIds: [SEARCH.id] });
    expect(resolveStepControls(1, plan, none)).toEqual({ toolChoice: 'required', activeToolIds: [SEARCH.id] });
  });

  it('submitted defaults beat the plan', () => {
    const plan = makePlan({ toolChoice: 'auto', activeToolIds: [SEARCH.id] });
    const submitted: SubmittedControls = {
      stepRules: [],
      defaults: { toolChoice: 'required', activeToolIds: [TESTS.id] },
    };
    expect(resolveStepControls(7, plan, submitted)).toEqual({ toolChoice: 'required', activeToolIds: [TESTS.id] });
  });

  it('a planned step rule beats submitted defaults, on its step only', () => {
    const plan = makePlan({ stepRules: [{ step: 2, toolChoice: 'none', activeToolIds: [CHECKPOINT.id] }] });
    const submitted: SubmittedControls = {
      stepRules: [],
      defaults: { toolChoice: 'required', activeToolIds: [TESTS.id] },
    };
    expect(resolveStepControls(2, plan, submitted)).toEqual({ toolChoice: 'none', activeToolIds: [CHECKPOINT.id] });
    expect(resolveStepControls(3, plan, submitted)).toEqual({ toolChoice: 'required', activeToolIds: [TESTS.id] });
  });

  it('a submitted step rule beats the planned rule for the same step', () => {
    const plan = makePlan({ stepRules: [{ step: 4, toolChoice: { type: 'tool', toolName: 'run_tests' } }] });
    const submitted: SubmittedControls = {
      stepRules: [{ step: 4, toolChoice: { type: 'tool', toolName: 'search_code' } }],
    };
    expect(resolveStepControls(4, plan, submitted).toolChoice).toEqual({ type: 'tool', toolName: 'search_code' });
  });

  it('a planned rule still applies to steps the submitted rules do not mention', () => {
    const plan = makePlan({ stepRules: [{ step: 5, toolChoice: 'none' }] });
    const submitted: SubmittedControls = { stepRules: [{ step: 4, toolChoice: 'required' }] };
    expect(resolveStepControls(5, plan, submitted).toolChoice).toBe('none');
    expect(resolveStepControls(4, plan, submitted).toolChoice).toBe('required');
  });

  it('next-step overrides beat step rules, defaults and plan', () => {
    const plan = makePlan({
      toolChoice: 'none',
      activeToolIds: [],
      stepRules: [{ step: 3, toolChoice: 'none', activeToolIds: [CHECKPOINT.id] }],
    });
    const submitted: SubmittedControls = {
      next: { step: 3, toolChoice: { type: 'tool', toolName: 'run_tests' }, activeToolIds: [TESTS.id] },
      stepRules: [{ step: 3, toolChoice: 'auto', activeToolIds: [SEARCH.id] }],
      defaults: { toolChoice: 'required', activeToolIds: [SEARCH.id, TESTS.id] },
    };
    expect(resolveStepControls(3, plan, submitted)).toEqual({
      toolChoice: { type: 'tool', toolName: 'run_tests' },
      activeToolIds: [TESTS.id],
    });
  });

  it('next-step overrides apply to their step only', () => {
    const plan = makePlan({ toolChoice: 'auto' });
    const submitted: SubmittedControls = {
      next: { step: 3, toolChoice: 'required', activeToolIds: [TESTS.id] },
      stepRules: [],
    };
    expect(resolveStepControls(2, plan, submitted)).toEqual({ toolChoice: 'auto', activeToolIds: null });
    expect(resolveStepControls(3, plan, submitted)).toEqual({ toolChoice: 'required', activeToolIds: [TESTS.id] });
    expect(resolveStepControls(4, plan, submitted)).toEqual({ toolChoice: 'auto', activeToolIds: null });
  });

  it('resolves toolChoice and activeToolIds independently', () => {
    const plan = makePlan({ toolChoice: 'auto', activeToolIds: [CHECKPOINT.id] });
    // toolChoice comes from the step rule, activeToolIds from the next-step override.
    const a: SubmittedControls = {
      next: { step: 2, activeToolIds: [TESTS.id] },
      stepRules: [{ step: 2, toolChoice: 'required' }],
    };
    expect(resolveStepControls(2, plan, a)).toEqual({ toolChoice: 'required', activeToolIds: [TESTS.id] });

    // toolChoice from the next-step override, activeToolIds from defaults.
    const b: SubmittedControls = {
      next: { step: 2, toolChoice: 'none' },
      stepRules: [],
      defaults: { activeToolIds: [SEARCH.id] },
    };
    expect(resolveStepControls(2, plan, b)).toEqual({ toolChoice: 'none', activeToolIds: [SEARCH.id] });

    // activeToolIds from the step rule, toolChoice from the plan.
    const c: SubmittedControls = { stepRules: [{ step: 2, activeToolIds: [] }] };
    expect(resolveStepControls(2, plan, c)).toEqual({ toolChoice: 'auto', activeToolIds: [] });
  });

  it('an empty activeToolIds list is an override (no tools), not "unset"', () => {
    const plan = makePlan({ activeToolIds: null });
    const submitted: SubmittedControls = { stepRules: [], defaults: { activeToolIds: [] } };
    expect(resolveStepControls(1, plan, submitted).activeToolIds).toEqual([]);
  });

  describe('SOAT "dynamic control" example', () => {
    // Agent: search_code (http), run_tests (http), checkpoint (client), maxSteps 20, no plan controls.
    // Step 2 the model calls checkpoint; the caller submits the output with overrides at all levels.
    const plan = makePlan();
    const submitted: SubmittedControls = {
      next: { step: 3, toolChoice: { type: 'tool', toolName: 'run_tests' }, activeToolIds: [TESTS.id] },
      stepRules: [{ step: 4, toolChoice: { type: 'tool', toolName: 'search_code' }, activeToolIds: [SEARCH.id] }],
      defaults: { toolChoice: 'required' },
    };

    it.each([
      {
        step: 3,
        toolChoice: { type: 'tool', toolName: 'run_tests' },
        activeToolIds: [TESTS.id],
        offered: ['run_tests'],
      },
      {
        step: 4,
        toolChoice: { type: 'tool', toolName: 'search_code' },
        activeToolIds: [SEARCH.id],
        offered: ['search_code'],
      },
      { step: 5, toolChoice: 'required', activeToolIds: null, offered: ['search_code', 'run_tests', 'checkpoint'] },
      { step: 6, toolChoice: 'required', activeToolIds: null, offered: ['search_code', 'run_tests', 'checkpoint'] },
      { step: 19, toolChoice: 'required', activeToolIds: null, offered: ['search_code', 'run_tests', 'checkpoint'] },
    ] as const)('step $step', ({ step, toolChoice, activeToolIds, offered }) => {
      const controls = resolveStepControls(step, plan, submitted);
      expect(controls).toEqual({ toolChoice, activeToolIds });
      const offer = toolsForStep(step, plan, controls);
      expect(offer.toolChoice).toEqual(toolChoice);
      expect(offer.tools.map((t) => t.name)).toEqual(offered);
      expect(offer.withheld).toBe(false);
    });

    it('step 20 (the last) withholds tools despite the defaults', () => {
      const offer = toolsForStep(20, plan, resolveStepControls(20, plan, submitted));
      expect(offer).toEqual({ tools: [], toolChoice: 'none', withheld: true });
    });
  });
});

describe('toolsForStep', () => {
  const plan = makePlan({ maxSteps: 5 });
  const controls = (c: Partial<StepControls> = {}): StepControls => ({ toolChoice: 'auto', activeToolIds: null, ...c });

  it('offers every tool with the chosen toolChoice before the final step', () => {
    expect(toolsForStep(1, plan, controls({ toolChoice: 'required' }))).toEqual({
      tools: [SEARCH, TESTS, CHECKPOINT],
      toolChoice: 'required',
      withheld: false,
    });
    expect(toolsForStep(4, plan, controls()).tools).toHaveLength(3);
  });

  it('withholds all tools on the final step (step >= maxSteps), even when a tool is forced', () => {
    for (const step of [5, 6]) {
      expect(toolsForStep(step, plan, controls({ toolChoice: { type: 'tool', toolName: 'run_tests' } }))).toEqual({
        tools: [],
        toolChoice: 'none',
        withheld: true,
      });
    }
  });

  it('filters by activeToolIds, keeping plan order', () => {
    const offer = toolsForStep(1, plan, controls({ activeToolIds: [CHECKPOINT.id, SEARCH.id] }));
    expect(offer.tools.map((t) => t.name)).toEqual(['search_code', 'checkpoint']);
    expect(offer.toolChoice).toBe('auto');
  });

  it('ignores active ids that are not in the plan', () => {
    const offer = toolsForStep(1, plan, controls({ activeToolIds: ['agt_tool_unknown00', TESTS.id] }));
    expect(offer.tools).toEqual([TESTS]);
  });

  it('offers a forced tool even outside the active set', () => {
    const offer = toolsForStep(
      1,
      plan,
      controls({ toolChoice: { type: 'tool', toolName: 'run_tests' }, activeToolIds: [SEARCH.id] }),
    );
    expect(offer.tools.map((t) => t.name).sort()).toEqual(['run_tests', 'search_code']);
    expect(offer.toolChoice).toEqual({ type: 'tool', toolName: 'run_tests' });
    expect(offer.withheld).toBe(false);
  });

  it('offers a forced tool when no tools are active', () => {
    const offer = toolsForStep(
      1,
      plan,
      controls({ toolChoice: { type: 'tool', toolName: 'checkpoint' }, activeToolIds: [] }),
    );
    expect(offer).toEqual({
      tools: [CHECKPOINT],
      toolChoice: { type: 'tool', toolName: 'checkpoint' },
      withheld: false,
    });
  });

  it('does not duplicate a forced tool that is already active', () => {
    const offer = toolsForStep(1, plan, controls({ toolChoice: { type: 'tool', toolName: 'search_code' } }));
    expect(offer.tools).toEqual([SEARCH, TESTS, CHECKPOINT]);
  });

  it('falls back to auto when the forced tool name is unknown', () => {
    const offer = toolsForStep(
      1,
      plan,
      controls({ toolChoice: { type: 'tool', toolName: 'no_such_tool' }, activeToolIds: [SEARCH.id] }),
    );
    expect(offer).toEqual({ tools: [SEARCH], toolChoice: 'auto', withheld: false });
  });

  it('an unknown forced tool with nothing active offers nothing', () => {
    const offer = toolsForStep(
      1,
      plan,
      controls({ toolChoice: { type: 'tool', toolName: 'no_such_tool' }, activeToolIds: [] }),
    );
    expect(offer).toEqual({ tools: [], toolChoice: 'none', withheld: false });
  });

  it("'none' offers nothing but is not a withheld final step", () => {
    expect(toolsForStep(1, plan, controls({ toolChoice: 'none' }))).toEqual({
      tools: [],
      toolChoice: 'none',
      withheld: false,
    });
  });

  it("'required' with no active tools degrades to 'none' (the provider rejects required without tools)", () => {
    expect(toolsForStep(1, plan, controls({ toolChoice: 'required', activeToolIds: [] }))).toEqual({
      tools: [],
      toolChoice: 'none',
      withheld: false,
    });
  });

  it('a plan without tools offers nothing', () => {
    expect(toolsForStep(1, makePlan({ tools: [] }), controls())).toEqual({
      tools: [],
      toolChoice: 'none',
      withheld: false,
    });
  });
});

describe('toolsForStep: always-offered builtins', () => {
  it('offers agent_clarify even when activeToolIds narrows the tools, but not on the final step', () => {
    const clarify = tool('builtin:agent_clarify', 'agent_clarify', { type: 'builtin', alwaysOffered: true });
    const plan = makePlan({ tools: [SEARCH, TESTS, clarify], maxSteps: 5 });
    const controls = { toolChoice: 'auto' as const, activeToolIds: [TESTS.id] };
    expect(toolsForStep(1, plan, controls).tools.map((t) => t.name)).toEqual(['run_tests', 'agent_clarify']);
    expect(toolsForStep(5, plan, controls).tools).toEqual([]);
  });
});
