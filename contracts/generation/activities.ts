import type { StepContext } from './decide-reply.js';
import type { CarriedWrites, PendingWrites, QueuedWrite } from './writes.js';
import type {
  ApprovalStatus,
  HookEvent,
  RequiredAction,
  StopReason,
  ToolResultStatus,
  WebhookEvent,
} from '../schemas/index.js';
import type { GenerationInput, PlannedTool } from './plan.js';

/** Inputs, outputs and the interface of the activities the generation workflow calls. */

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

/** One model call of a step: the step's context, and the writes it carries. */
export interface ModelCallInput {
  generationId: string;
  step: number;
  /** The next free message seq: a continuation stores its prompt here and the reply after it. */
  seq: number;
  /** 0 for the step's first call; n for the n-th continuation of a reply cut off by the length limit. */
  part: number;
  /** What `decideReply` reads of the step: the offered tools, the tool choice, the stop rules' inputs. */
  context: StepContext;
  usageSoFar: Usage;
  /** Writes to make first, and what the reply may lead the call to write itself (`workInModelCall`). */
  pending: PendingWrites;
  /**
   * Where compaction resumes after a summary was written (the `needsSummary` of the last call).
   * Without it, a compaction that needs a summary not stored yet answers `needsSummary` instead
   * of writing it (the workflow runs `summarizeConversation`, then calls again).
   */
  compaction?: CompactionPoint;
  /** Write a needed summary inside this call (the loop's bound on summary rounds was reached). */
  inlineSummary?: true;
}

/** A tool call the model-call activity ran (or found recorded), by call id. */
export interface ToolOutcomeInReply extends ToolCallOutcome {
  toolCallId: string;
  toolName: string;
  /** How long the call took in the activity (its metric, as a tool call's own activity reports). */
  durationMs: number;
}

/** A compaction level and the number of context-length errors already met at this model call. */
export interface CompactionPoint {
  level: number;
  failures: number;
}

export interface ModelCallResult {
  toolCalls: ModelToolCall[];
  finishReason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other';
  hasText: boolean;
  usage: Usage;
  /** No model call was made: this compaction level needs its summary first (deferSummary only). */
  needsSummary?: CompactionPoint;
  /** The reply's message seq (a continuation's is one after its prompt). */
  seq: number;
  /** The unattended calls this activity ran (decision `runTools`); the loop runs those not listed. */
  toolOutcomes?: ToolOutcomeInReply[];
  /** Wall time spent on those calls, left out of the model call's duration metric. */
  toolCallsMs?: number;
  /**
   * How many steering messages the call stored before its reply (docs/steering.md); the reply's
   * `seq` is after them. The run learns of them from this result only, which history records.
   */
  steered?: number;
}

/** Writes the summary of one compaction level; the text stays in PostgreSQL (the trace entry). */
export interface SummarizeInput extends CompactionPoint, CarriedWrites {
  generationId: string;
  step: number;
  seq: number;
  part: number;
  toolNames: string[];
}

export interface SummarizeResult {
  level: number;
  tokensBefore: number;
  tokensAfter: number;
  /** Tokens of the summary call (read back when an earlier attempt had written it). */
  usage: Usage;
}

export interface ToolCallInput extends CarriedWrites {
  generationId: string;
  step: number;
  seq: number;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
}

export interface ToolCallOutcome {
  status: ToolResultStatus;
  /** True when the result had been recorded before (a retry after a crash): not executed again. */
  replayed: boolean;
  /** The tool's type (http, mcp, builtin, …) for metrics; absent on a replayed result. */
  toolType?: string;
  /** Tokens of model calls the tool made (summarize, generate_text): counted in the generation's usage. */
  usage?: Usage;
}

export interface ClientOutputRecord {
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  seq: number;
  output: unknown;
}

/** MCP tools found at start, as the loop sees them (the full definitions stay in the database). */
export interface McpDiscoverySummary {
  tools: PlannedTool[];
  failures: Array<{ toolId: string; prefix: string; message: string }>;
  /** A clear error when two tools would show the model the same name. */
  collision: string | null;
  /** sha256 of the discovered definitions, recorded in the trace. */
  definitionsHash: string;
}

export interface StatusWrite {
  generationId: string;
  stateVersion: number;
  status: 'running' | 'requires_action';
  requiredAction: RequiredAction | null;
  iterationCount: number;
  /** requires_action: the state version the pause opened at; answers name it (a partial answer's write keeps it). */
  pauseVersion?: number;
}

export interface FinishInput extends CarriedWrites {
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

export interface HttpHookInput extends CarriedWrites {
  generationId: string;
  hookId: string;
  event: HookEvent;
  step: number;
  /** Orders the hook's trace entry among the step's entries (see trace-order.ts). */
  traceOrder: number;
  toolCallId?: string;
  toolName?: string;
  arguments?: unknown;
  /** PostToolUse: the message seq whose stored result the hook sees (and may replace). */
  resultSeq?: number;
  /** OnRunComplete: the settled status. */
  status?: string;
}

export interface ApprovalOutcome {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  /** How the pause ended for this call (pending and cancelled approvals never reach the loop). */
  status: Extract<ApprovalStatus, 'approved' | 'denied' | 'expired'>;
  decidedBy: string | null;
  decidedAt: string;
  reason: string | null;
  editedArguments: Record<string, unknown> | null;
}

export interface FinalTextReview {
  text: string | null;
  blocked: 'guardrail' | 'hook' | null;
  reason: string | null;
}

/** A nested generation asked for by a tool call (agent tool or platform create-agent-generation). */
export interface ChildStartInput extends ToolCallInput {
  /** The child's remainingDepth (the parent's minus one). */
  remainingDepth: number;
}

/**
 * The child generation to start as a child workflow, or null when the call was refused (target
 * missing or inactive, permission denied, bad arguments): its error result is already recorded.
 */
export interface ChildStartResult {
  child: GenerationInput | null;
}

/** Pause state of a child generation, signalled to its parent workflow. */
export interface ChildStatus {
  childGenerationId: string;
  /** The child's required action while it waits; null once it runs again. */
  requiredAction: RequiredAction | null;
}

/** Undecided approvals past their deadline, claimed as expired unless a decision was claimed first. */
export interface ExpireApprovalsInput extends CarriedWrites {
  generationId: string;
  pauseVersion: number;
  approvalIds: string[];
  /**
   * Only for approvals whose hook sets deadline behaviour (docs/approvals.md): whether it waits on
   * its escalated group, what the deadline decides, the reason recorded, and the deciding system.
   */
  deadlines?: ApprovalDeadlineOutcome[];
}

export interface ApprovalDeadlineOutcome {
  approvalId: string;
  escalated: boolean;
  approve: boolean;
  reason: string;
  decidedBy: 'system:expiry' | 'system:escalation';
}

/** Approvals whose first deadline passed, handed to their escalation group with a new deadline. */
export interface EscalateApprovalsInput extends CarriedWrites {
  generationId: string;
  /** The step whose calls the approvals gate: the trace entry of each escalation goes there. */
  step: number;
  pauseVersion: number;
  approvals: Array<{ approvalId: string; expiresAt: string }>;
}

/** Escalated, or decided by a decision of the first group claimed before the deadline. */
export interface ApprovalEscalation {
  approvalId: string;
  decision: 'escalated' | Exclude<ApprovalExpiry['decision'], 'expired'>;
}

/** How an approval past its deadline ended: expired, or decided by a decision claimed before the expiry. */
export interface ApprovalExpiry {
  approvalId: string;
  decision:
    | 'expired'
    | {
        approved: boolean;
        reason?: string;
        arguments?: Record<string, unknown>;
        decidedAt: string;
        decidedBy: string | null;
      };
}

/** The activities the generation workflow calls (types only: workflows import nothing else). */
export interface GenerationActivities {
  /** Calls the model with the stored conversation; stores the reply, then does what its decision allows. */
  callModel(input: ModelCallInput): Promise<ModelCallResult>;
  /** Context compaction: summarises the older conversation with the agent's compaction model. */
  summarizeConversation(input: SummarizeInput): Promise<SummarizeResult>;
  /** Runs a server-side tool once (a recorded result is returned, not re-executed). */
  executeTool(input: ToolCallInput): Promise<ToolCallOutcome>;
  /** Stores a tool result decided by the workflow itself (unknown tool, denial, timeout). */
  recordToolResult(input: ToolCallInput & { status: ToolResultStatus; result: unknown }): Promise<void>;
  /** Makes queued writes now: before the run waits, or tells another workflow. */
  flushWrites(input: { generationId: string; writes: QueuedWrite[] }): Promise<void>;
  /** Asks every enabled MCP server of the generation for its tools (fail-open per server). */
  discoverMcpTools(input: { generationId: string } & CarriedWrites): Promise<McpDiscoverySummary>;
  /** POSTs a hook event; never throws for the hook's own failures (fail-open, recorded in the trace). */
  runHttpHook(input: HttpHookInput): Promise<HookDecision>;
  /** Claims approvals past their deadline as expired; those a decision claimed first keep it. */
  expireApprovals(input: ExpireApprovalsInput): Promise<ApprovalExpiry[]>;
  /** Hands approvals past their first deadline to the escalation group; a decision claimed first keeps it. */
  escalateApprovals(input: EscalateApprovalsInput): Promise<ApprovalEscalation[]>;
  /** PreResponse hooks and blockPatterns guardrails on the final text. */
  reviewFinalText(
    input: { generationId: string; step: number; hookIds: string[] } & CarriedWrites,
  ): Promise<FinalTextReview>;
  /** Creates the deliveries of one generation event for its webhook targets; returns their ids. */
  prepareWebhooks(
    input: { generationId: string; event: WebhookEvent; stateVersion: number } & CarriedWrites,
  ): Promise<string[]>;
  /** One delivery attempt (signed POST); throws on a non-2xx answer so Temporal retries it. */
  deliverWebhook(input: { deliveryId: string }): Promise<void>;
  finishWebhookDelivery(input: { deliveryId: string; delivered: boolean }): Promise<void>;
  /** Creates (once per tool call) the child generation row; returns its workflow input. */
  prepareChildGeneration(input: ChildStartInput): Promise<ChildStartResult>;
  /** Stores the settled child's final text / output / error as the parent's tool result. */
  recordChildResult(input: ToolCallInput & { childGenerationId: string }): Promise<void>;
  finishGeneration(input: FinishInput): Promise<void>;
}
