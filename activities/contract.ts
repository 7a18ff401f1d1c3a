import type { RequiredAction } from '../contracts/schemas/index.js';
import type {
  ApprovalOutcome,
  ApprovalRequest,
  FinishInput,
  HookDecision,
  HttpHookInput,
  McpDiscoverySummary,
  ModelCallInput,
  ModelCallResult,
  StatusWrite,
  ToolCallInput,
  ToolCallOutcome,
  ToolOutcomeStatus,
} from '../workflows/types.js';

/** The activities the generation workflow calls (types only: workflows import nothing else from here). */
export interface GenerationActivities {
  /** Calls the model with the stored conversation; stores the reply and its trace entries. */
  callModel(input: ModelCallInput): Promise<ModelCallResult>;
  /** Runs a server-side tool once (a recorded result is returned, not re-executed). */
  executeTool(input: ToolCallInput): Promise<ToolCallOutcome>;
  /** Stores a tool result decided by the workflow itself (unknown tool, denial, timeout). */
  recordToolResult(input: ToolCallInput & { status: ToolOutcomeStatus; result: unknown }): Promise<void>;
  /** Stores the outputs of client tools (or a clarification answer) and moves back to running. */
  recordClientOutputs(input: {
    generationId: string;
    step: number;
    outputs: Array<{ toolCallId: string; toolName: string; arguments: unknown; seq: number; output: unknown }>;
    status: StatusWrite;
  }): Promise<void>;
  /** Asks every enabled MCP server of the generation for its tools (fail-open per server). */
  discoverMcpTools(input: { generationId: string }): Promise<McpDiscoverySummary>;
  /** POSTs a hook event; never throws for the hook's own failures (fail-open, recorded in the trace). */
  runHttpHook(input: HttpHookInput): Promise<HookDecision>;
  /** Stores pending approvals and moves the generation to requires_action. */
  openApprovals(input: { generationId: string; step: number; approvals: ApprovalRequest[]; status: StatusWrite }): Promise<void>;
  /** Stores the decisions (who, when, why, edits) and moves the generation back to running. */
  closeApprovals(input: { generationId: string; step: number; outcomes: ApprovalOutcome[]; status: StatusWrite }): Promise<void>;
  /** PreResponse hooks and blockPatterns guardrails on the final text. */
  reviewFinalText(input: { generationId: string; step: number; hookIds: string[] }): Promise<{
    text: string | null;
    blocked: 'guardrail' | 'hook' | null;
    reason: string | null;
  }>;
  /** Creates the deliveries of one generation event for its webhook targets; returns their ids. */
  prepareWebhooks(input: { generationId: string; event: WebhookEvent; stateVersion: number }): Promise<string[]>;
  /** One delivery attempt (signed POST); throws on a non-2xx answer so Temporal retries it. */
  deliverWebhook(input: { deliveryId: string }): Promise<void>;
  finishWebhookDelivery(input: { deliveryId: string; delivered: boolean }): Promise<void>;
  writeStatus(input: StatusWrite): Promise<void>;
  finishGeneration(input: FinishInput): Promise<void>;
}

export type WebhookEvent = 'generation.completed' | 'generation.failed' | 'generation.requires_action';

export type { RequiredAction };
