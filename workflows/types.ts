import type { RequiredAction, StepRule, StopCondition, ToolChoice } from '../contracts/schemas/index.js';

/** What the loop needs to know about a tool; executors' secrets stay in the stored snapshot. */
export interface PlannedTool {
  id: string;
  /** The resolved name the model sees. */
  name: string;
  type: 'http' | 'client' | 'mcp' | 'agent' | 'builtin';
  readOnly: boolean;
  /** false for an http tool without `execute` (the "done tool" pattern). */
  hasExecutor: boolean;
  timeoutSeconds: number;
}

/** The loop configuration captured at start (request overrides already merged over the agent). */
export interface LoopPlan {
  tools: PlannedTool[];
  toolChoice: ToolChoice;
  /** null = every tool of the agent is active. */
  activeToolIds: string[] | null;
  stepRules: StepRule[];
  stopConditions: StopCondition[];
  maxSteps: number;
  modelRetry: { maximumAttempts: number; startToCloseSeconds: number };
}

export interface GenerationInput {
  generationId: string;
  projectId: string;
  agentId: string;
  traceId: string;
  plan: LoopPlan;
  /** The next free message sequence number (the API stored the initial messages before it). */
  firstMessageSeq: number;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** Parsed JSON arguments; `{ __invalid: string }` when the model sent unparsable JSON. */
  arguments: unknown;
  argumentsHash: string;
}

export interface ModelCallInput {
  generationId: string;
  step: number;
  seq: number;
  toolNames: string[];
  toolChoice: ToolChoice;
  /** Ask the model to continue a reply that was cut off (finish_reason "length"). */
  continuation: boolean;
  usageSoFar: Usage;
}

export interface ModelCallResult {
  toolCalls: ModelToolCall[];
  finishReason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other';
  hasText: boolean;
  usage: Usage;
}

export type ToolOutcomeStatus = 'success' | 'error' | 'timeout' | 'denied';

export interface ToolCallInput {
  generationId: string;
  step: number;
  seq: number;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
}

export interface ToolCallOutcome {
  status: ToolOutcomeStatus;
  /** True when the result had been recorded before (a retry after a crash): not executed again. */
  replayed: boolean;
}

export interface ClientToolOutput {
  toolCallId: string;
  output: unknown;
}

export interface StepOverrides {
  toolChoice?: ToolChoice;
  activeToolIds?: string[];
}

export interface SubmitToolOutputsInput {
  toolOutputs: ClientToolOutput[];
  /** Next step only. */
  next?: StepOverrides;
  stepRules?: StepRule[];
  defaults?: StepOverrides;
}

export interface SubmitToolOutputsResult {
  /** Calls still waiting for an output; empty when the generation resumes. */
  pending: Array<{ toolCallId: string; toolName: string; arguments: unknown }>;
  /** Waiters look for a stored state newer than this. */
  stateVersion: number;
}

export type GenerationPhase = 'running' | 'requires_action' | 'completed' | 'failed' | 'cancelled';

export interface GenerationStateView {
  phase: GenerationPhase;
  step: number;
  stateVersion: number;
  pendingToolCalls: SubmitToolOutputsResult['pending'];
}

export interface StatusWrite {
  generationId: string;
  stateVersion: number;
  status: 'running' | 'requires_action';
  requiredAction: RequiredAction | null;
  iterationCount: number;
}

export type StopReason =
  | 'final_answer'
  | 'max_steps'
  | 'stop_condition'
  | 'done_tool'
  | 'doom_loop'
  | 'cancelled'
  | 'guardrail_blocked'
  | 'error';

export interface FinishInput {
  generationId: string;
  stateVersion: number;
  status: 'completed' | 'failed' | 'cancelled';
  stopReason: StopReason;
  output: unknown;
  error: { code: string; message: string } | null;
  usage: Usage;
  iterationCount: number;
  toolsUsed: string[];
}
