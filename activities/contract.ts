import type { RequiredAction } from '../contracts/schemas/index.js';
import type {
  FinishInput,
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
  /** Stores the outputs of client tools and moves the generation back to running. */
  recordClientOutputs(input: {
    generationId: string;
    step: number;
    outputs: Array<{ toolCallId: string; toolName: string; arguments: unknown; seq: number; output: unknown }>;
    status: StatusWrite;
  }): Promise<void>;
  writeStatus(input: StatusWrite): Promise<void>;
  finishGeneration(input: FinishInput): Promise<void>;
}

export type { RequiredAction };
