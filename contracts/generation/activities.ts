import type { PauseInReply } from './pause-write.js';
import type {
  ApprovalStatus,
  HookEvent,
  RequiredAction,
  StopReason,
  ToolChoice,
  ToolResultStatus,
  WebhookEvent,
} from '../schemas/index.js';
import type { GenerationInput, PlannedTool } from './plan.js';
import type { ApprovalRequest } from './messages.js';

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

export interface ModelCallInput {
  generationId: string;
  step: number;
  seq: number;
  toolNames: string[];
  toolChoice: ToolChoice;
  /** Ask the model to continue a reply that was cut off (finish_reason "length"). */
  continuation: boolean;
  usageSoFar: Usage;
  /**
   * When a compaction needs a summary that is not stored yet, return `needsSummary` instead of
   * writing it inside this activity (the workflow runs `summarizeConversation`, then calls again).
   * Absent on calls made before the summary became its own activity: the summary is written inline.
   */
  deferSummary?: boolean;
  /** Where compaction resumes after a summary was written (the `needsSummary` of the last call). */
  compaction?: CompactionPoint;
  /**
   * Tools whose calls this activity runs itself after the reply, in the same local activity
   * (docs/adr/0031). Absent: the loop schedules every tool call (runs recorded before the patch).
   */
  runTools?: ToolsInReply;
  /**
   * The run's start write (`running`, state 1), made by this activity before anything else when it
   * is the run's first activity (docs/adr/0032). Absent: the start was written by its own activity.
   */
  startWrite?: StatusWrite;
  /**
   * The write that leaves the client-tool pause before this call, made by this activity before it
   * reads the conversation (docs/adr/0038). Absent: the pause was left by its own activity.
   */
  leaveWrite?: ClientOutputsWrite;
  /**
   * The write that opens a client-tool pause, made by this activity when its reply leads to that
   * pause at once (`pauseOpenedByReply`, docs/adr/0039). Absent: the loop makes it.
   */
  pauseWrite?: PauseInReply;
  /**
   * The run's final write, made by this activity after a reply that ends the run (`replyEndsRun`)
   * when nothing else runs before the end (docs/adr/0033). Absent: the loop makes it.
   */
  finishWrite?: FinishInReply;
}

/** The write that leaves a client pause: the answers as the calls' results, and `running`. */
export interface ClientOutputsWrite {
  generationId: string;
  step: number;
  outputs: ClientOutputRecord[];
  status: StatusWrite;
}

/** A final write the model call completes with the run's usage (docs/adr/0033). */
export type FinishInReply = Omit<FinishInput, 'usage' | 'text'>;

/** A tool the model-call activity may run itself: no decision of the loop can concern its calls. */
export interface ToolRunInReply {
  name: string;
  readOnly: boolean;
  timeoutSeconds: number;
}

export interface ToolsInReply {
  tools: ToolRunInReply[];
  /** The generation's latest calls, newest last: enough of them for the doom-loop check. */
  recentCalls: Array<{ name: string; argumentsHash: string }>;
}

/** A tool call the model-call activity ran (or found recorded), at the seq the loop gives it. */
export interface ToolOutcomeInReply extends ToolCallOutcome {
  toolCallId: string;
  seq: number;
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
  /** The reply's tool calls this activity ran (`runTools`); the loop schedules the ones not listed. */
  toolOutcomes?: ToolOutcomeInReply[];
  /** Wall time spent on those calls, left out of the model call's duration metric. */
  toolCallsMs?: number;
  /** This activity made the run's final write (`finishWrite`): the loop only closes the run. */
  finished?: true;
  /** The pause-opening write this activity made (`pauseWrite`): the loop does not make it again. */
  pauseWritten?: StatusWrite;
}

/** Writes the summary of one compaction level; the text stays in PostgreSQL (the trace entry). */
export interface SummarizeInput extends CompactionPoint {
  generationId: string;
  step: number;
  seq: number;
  continuation: boolean;
  toolNames: string[];
}

export interface SummarizeResult {
  level: number;
  tokensBefore: number;
  tokensAfter: number;
  /** Tokens of the summary call (read back when an earlier attempt had written it). */
  usage: Usage;
}

export interface ToolCallInput {
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
  /**
   * The update of the run's last accepted answer (none before the first): a request that sent it
   * and waits may answer as soon as the generation settles past its pause (docs/adr/0026).
   */
  answeredUpdateId?: string;
}

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
  /** As StatusWrite's: the update of the run's last accepted answer. */
  answeredUpdateId?: string;
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

export interface HttpHookInput {
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
  /** The approval's tool (absent from outcomes scheduled by releases before it was added). */
  toolName?: string;
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

/** The activities the generation workflow calls (types only: workflows import nothing else). */
export interface GenerationActivities {
  /** Calls the model with the stored conversation; stores the reply and its trace entries. */
  callModel(input: ModelCallInput): Promise<ModelCallResult>;
  /** Context compaction: summarises the older conversation with the agent's compaction model. */
  summarizeConversation(input: SummarizeInput): Promise<SummarizeResult>;
  /** Runs a server-side tool once (a recorded result is returned, not re-executed). */
  executeTool(input: ToolCallInput): Promise<ToolCallOutcome>;
  /** Stores a tool result decided by the workflow itself (unknown tool, denial, timeout). */
  recordToolResult(input: ToolCallInput & { status: ToolResultStatus; result: unknown }): Promise<void>;
  /** Stores the outputs of client tools (or a clarification answer) and moves back to running. */
  recordClientOutputs(input: ClientOutputsWrite): Promise<void>;
  /** Asks every enabled MCP server of the generation for its tools (fail-open per server). */
  discoverMcpTools(input: { generationId: string }): Promise<McpDiscoverySummary>;
  /** POSTs a hook event; never throws for the hook's own failures (fail-open, recorded in the trace). */
  runHttpHook(input: HttpHookInput): Promise<HookDecision>;
  /** Stores pending approvals and moves the generation to requires_action. */
  openApprovals(input: {
    generationId: string;
    step: number;
    approvals: ApprovalRequest[];
    status: StatusWrite;
  }): Promise<void>;
  /** Stores the decisions (who, when, why, edits) and moves the generation back to running. */
  closeApprovals(input: {
    generationId: string;
    step: number;
    outcomes: ApprovalOutcome[];
    status: StatusWrite;
  }): Promise<void>;
  /** PreResponse hooks and blockPatterns guardrails on the final text. */
  reviewFinalText(input: { generationId: string; step: number; hookIds: string[] }): Promise<FinalTextReview>;
  /** Creates the deliveries of one generation event for its webhook targets; returns their ids. */
  prepareWebhooks(input: { generationId: string; event: WebhookEvent; stateVersion: number }): Promise<string[]>;
  /** One delivery attempt (signed POST); throws on a non-2xx answer so Temporal retries it. */
  deliverWebhook(input: { deliveryId: string }): Promise<void>;
  finishWebhookDelivery(input: { deliveryId: string; delivered: boolean }): Promise<void>;
  writeStatus(input: StatusWrite): Promise<void>;
  /** Creates (once per tool call) the child generation row; returns its workflow input. */
  prepareChildGeneration(input: ChildStartInput): Promise<ChildStartResult>;
  /** Stores the settled child's final text / output / error as the parent's tool result. */
  recordChildResult(input: ToolCallInput & { childGenerationId: string }): Promise<void>;
  finishGeneration(input: FinishInput): Promise<void>;
}
