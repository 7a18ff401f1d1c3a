import type { GenerationStatus, StepRule, ToolChoice } from '../schemas/index.js';
import type { RunOutcome } from './outcome.js';

/**
 * Payloads of the generation workflow's signals and query (definitions in
 * workflows/definitions.ts, imported by the API as well).
 */

export interface ClientToolOutput {
  toolCallId: string;
  output: unknown;
}

export interface StepOverrides {
  toolChoice?: ToolChoice;
  activeToolIds?: string[];
}

/** Tool controls an answer to client tool calls carries for the next steps. */
export interface AnswerControls {
  /** Next step only. */
  next?: StepOverrides;
  stepRules?: StepRule[];
  defaults?: StepOverrides;
}

/**
 * An answer to a pause, claimed in PostgreSQL by the API before it is signalled (docs/adr/0041):
 * the claim made it the only answer for what it answers, so the workflow takes it without a reply.
 * `answerId` names it (a signal sent again is taken once); `pauseVersion` is the state version the
 * pause opened at, which partial answers do not change.
 */
export type ClaimedAnswer = {
  answerId: string;
  pauseVersion: number;
  /** API key id of whoever answered (`public_chat` for a public-chat visitor). */
  answeredBy: string | null;
} & (
  | ({ kind: 'toolOutputs'; toolOutputs: ClientToolOutput[] } & AnswerControls)
  | {
      kind: 'approval';
      approvalId: string;
      /** The call the decision is for, as the API read it: the workflow takes it only for exactly that call. */
      toolName: string;
      argumentsHash: string;
      approved: boolean;
      reason?: string;
      /** Replaces the call's arguments when approving. */
      arguments?: Record<string, unknown>;
      decidedAt: string;
    }
  | { kind: 'clarification'; toolCallId: string; answer: string }
);

export interface PendingToolCall {
  toolCallId: string;
  toolName: string;
  arguments: unknown;
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

/** Where the loop is; never 'queued' (that is the row before the workflow runs). */
export type GenerationPhase = Exclude<GenerationStatus, 'queued'>;

/** What the workflow's state query answers: where the run is and, once it ended, how. */
export interface GenerationStateView {
  phase: GenerationPhase;
  step: number;
  stateVersion: number;
  pendingToolCalls: PendingToolCall[];
  toolsUsed: string[];
  usage: { promptTokens: number; completionTokens: number };
  /** How the run ended (null while it runs): what its final write stored, by the loop or its last model call. */
  outcome: RunOutcome | null;
}
