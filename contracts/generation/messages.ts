import type { GenerationStatus, StepRule, ToolChoice } from '../schemas/index.js';

/**
 * Payloads of the generation workflow's updates and query (definitions in
 * workflows/definitions.ts, imported by the API as well).
 */

/**
 * Carried by every answer to a pause. True when the API request waits for the resumed generation to
 * settle (synchronous, at least `LEAVE_LOCALLY_MIN_WAIT_SECONDS`): the write that leaves the pause may
 * then run as a local activity, which holds the update's reply until the workflow task completes
 * (docs/adr/0021). Asynchronous and streaming requests need the reply at once.
 */
export interface AnswerDelivery {
  callerWaits?: boolean;
  /**
   * The generation's state version the API read while the pause was open (status requires_action).
   * The write that enters a pause may be a local activity (docs/adr/0023): PostgreSQL shows the pause
   * before history has it. A workflow behind this version is re-running the step that opens it after
   * a crash, and refuses the answer as not recorded yet; the API sends it again once re-opened.
   */
  seenStateVersion?: number;
}

export interface ClientToolOutput {
  toolCallId: string;
  output: unknown;
}

export interface StepOverrides {
  toolChoice?: ToolChoice;
  activeToolIds?: string[];
}

export interface SubmitToolOutputsInput extends AnswerDelivery {
  toolOutputs: ClientToolOutput[];
  /** Next step only. */
  next?: StepOverrides;
  stepRules?: StepRule[];
  defaults?: StepOverrides;
}

/**
 * A complete answer to a tool-output pause that the API claimed in PostgreSQL before signalling it
 * (docs/adr/0037): the claim made it the pause's only answer, so the workflow takes it without a
 * validator's reply. `answerId` names it (a signal sent again is taken once); `seenStateVersion`
 * is the state version of the pause it answers.
 */
export interface ClaimedToolOutputsInput extends SubmitToolOutputsInput {
  answerId: string;
  seenStateVersion: number;
}

export interface PendingToolCall {
  toolCallId: string;
  toolName: string;
  arguments: unknown;
}

export interface SubmitToolOutputsResult {
  /** Calls still waiting for an output; empty when the generation resumes. */
  pending: PendingToolCall[];
  /** Waiters look for a stored state newer than this. */
  stateVersion: number;
}

/** A pending human approval of one tool call, bound to its name and argument hash. */
export interface ApprovalRequest {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  arguments: unknown;
  argumentsHash: string;
  expiresAt: string;
}

export interface ApprovalDecisionInput extends AnswerDelivery {
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

export interface ApprovalDecisionResult {
  pending: ApprovalRequest[];
  stateVersion: number;
}

export interface ClarificationAnswerInput extends AnswerDelivery {
  answer: string;
  answeredBy: string;
  /** The question the answer is for; absent, it answers whichever question is open. */
  toolCallId?: string;
}

export interface ClarificationAnswerResult {
  stateVersion: number;
}

/** Where the loop is; never 'queued' (that is the row before the workflow runs). */
export type GenerationPhase = Exclude<GenerationStatus, 'queued'>;

export interface GenerationStateView {
  phase: GenerationPhase;
  step: number;
  stateVersion: number;
  pendingToolCalls: PendingToolCall[];
}
