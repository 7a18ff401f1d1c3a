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
  /** Offered on every step regardless of activeToolIds (builtins such as agent_clarify). */
  alwaysOffered?: boolean;
  /** MCP tools annotated destructiveHint. */
  destructive?: boolean;
}

export interface RuleCondition {
  path: string;
  operator: 'CONTAINS' | 'STARTS_WITH' | 'MATCHES' | 'IN';
  value: string | number | boolean | Array<string | number | boolean>;
}

/** A hook as the loop needs it; http hooks' URL and secrets stay in the stored snapshot. */
export interface PlannedHook {
  id: string;
  event: 'OnRunStart' | 'PreToolUse' | 'PostToolUse' | 'PreResponse' | 'OnRunComplete';
  type: 'http' | 'rule' | 'approval';
  matcher: string | null;
  rule?: { conditions: RuleCondition[]; decision: 'deny' | 'allow'; reason?: string };
  /** approval hooks: how long a decision may take. */
  approvalTimeoutSeconds?: number;
  /** http hooks: request timeout. */
  timeoutSeconds?: number;
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
  hooks: PlannedHook[];
  /** Default approval timeout (agent's approvalTimeoutSeconds). */
  approvalTimeoutSeconds: number;
  /** Guardrail requireToolFor matched the prompt: the model must call a tool before answering. */
  requireToolUse: boolean;
  /** The final text must be reviewed (PreResponse hooks or blockPatterns). */
  reviewFinalText: boolean;
  /** Set when the generation has webhook targets (callbackUrl or agent subscriptions). */
  webhooks?: { maxAttempts: number };
  /** Agent option requireApprovalFor "destructive": destructive MCP tools need a human approval. */
  approveDestructive?: boolean;
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

export interface McpDiscoverySummary {
  tools: PlannedTool[];
  failures: Array<{ toolId: string; prefix: string; message: string }>;
  collision: string | null;
  definitionsHash: string;
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
  | 'hook_blocked'
  | 'error';

export interface FinishInput {
  generationId: string;
  /** Replaces the model's final text (guardrail or PreResponse hook); undefined = keep it. */
  text?: string | null;
  stateVersion: number;
  status: 'completed' | 'failed' | 'cancelled';
  stopReason: StopReason;
  output: unknown;
  error: { code: string; message: string } | null;
  usage: Usage;
  iterationCount: number;
  toolsUsed: string[];
}

// ---- hooks, approvals, clarification --------------------------------------------------------

export interface HookDecision {
  decision: 'allow' | 'deny' | 'modify';
  reason?: string;
  /** PreToolUse modify: replacement arguments. */
  arguments?: unknown;
  /** PostToolUse modify: replacement result. */
  result?: unknown;
  /** PreResponse modify: replacement text. */
  text?: string;
  /** Set when the hook could not be reached or answered badly (the call was allowed: fail-open). */
  failed?: string;
}

export interface HttpHookInput {
  generationId: string;
  hookId: string;
  event: PlannedHook['event'];
  step: number;
  /** Orders the hook's trace entry among the step's entries. */
  traceOrder: number;
  toolCallId?: string;
  toolName?: string;
  arguments?: unknown;
  /** PostToolUse: the message seq whose stored result the hook sees (and may replace). */
  resultSeq?: number;
  /** OnRunComplete: the settled status. */
  status?: string;
}

export interface ApprovalRequest {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  argumentsHash: string;
  expiresAt: string;
}

export interface ApprovalDecisionInput {
  approvalId: string;
  approved: boolean;
  reason?: string;
  /** Replaces the call's arguments when approving. */
  arguments?: Record<string, unknown>;
  /** API key id of whoever decided. */
  decidedBy: string;
  /** The call the decision was made for, as the API read it: must match the pending call exactly. */
  toolName: string;
  argumentsHash: string;
}

export interface ApprovalOutcome {
  approvalId: string;
  toolCallId: string;
  status: 'approved' | 'denied' | 'expired';
  decidedBy: string | null;
  decidedAt: string;
  reason: string | null;
  editedArguments: Record<string, unknown> | null;
}

export interface ApprovalDecisionResult {
  pending: ApprovalRequest[];
  stateVersion: number;
}

export interface ClarificationAnswerInput {
  answer: string;
  answeredBy: string;
}
