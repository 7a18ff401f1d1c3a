import type {
  ClientOutputsWrite,
  CompactionPoint,
  FinishInReply,
  LoopPlan,
  ModelCallInput,
  ModelCallResult,
  PauseInReply,
  StatusWrite,
  ToolsInReply,
  Usage,
} from '../contracts/generation/index.js';
import type { ToolChoice } from '../contracts/schemas/index.js';
import {
  callModel,
  callModelLocally,
  localModelOptions,
  modelOptions,
  summarizeConversation,
} from './activity-proxies.js';
import { afterCancelRequest } from './cancel-requests.js';
import { MAX_LENGTH_CONTINUATIONS } from './loop/stop-rules.js';
import type { RunPatches } from './release.js';

/** Summaries one model call may need: levels 2 and 3, each after up to 3 context-length errors. */
const MAX_SUMMARIES_PER_CALL = 8;

/** What a step asks of its model call. */
export interface ModelTurn {
  step: number;
  /** The next free message sequence number: the reply's. */
  seq: number;
  toolNames: string[];
  toolChoice: ToolChoice;
  /** Tools the call may run itself (docs/adr/0031); first part of a reply only. */
  runTools: ToolsInReply | undefined;
  /** The final write the call makes if its reply ends the run (docs/adr/0033). */
  finishWrite: FinishInReply | undefined;
  /** The pause-opening write the call makes if its reply leads to a client-tool pause (docs/adr/0039). */
  pauseWrite?: PauseInReply | undefined;
}

/**
 * A run's model calls: each step's call, continued while the reply is cut off by the length limit
 * and preceded by a summary when its conversation needs one, and the tokens they used.
 */
export class ModelCalls {
  /** Tokens of the run so far; the loop adds those of builtins that call a model. */
  readonly usage: Usage = { promptTokens: 0, completionTokens: 0 };
  /** The start write, until the first model call's activity makes it (docs/adr/0032). */
  startWrite: StatusWrite | undefined;
  /** The write that leaves a client-tool pause, until the next model call's activity makes it (docs/adr/0038). */
  leaveWrite: ClientOutputsWrite | undefined;
  /** Whether the last model call made the final write (docs/adr/0033). */
  finishedInCall = false;
  /**
   * Whether a call given the final write never reported back (cancelled, timed out, failed): it may
   * still make that write, so the run's own final write goes one state version further.
   */
  finishUnconfirmed = false;

  constructor(
    private readonly generationId: string,
    private readonly modelRetry: LoopPlan['modelRetry'],
    private readonly patches: RunPatches,
  ) {}

  count(usage: Usage): void {
    this.usage.promptTokens += usage.promptTokens;
    this.usage.completionTokens += usage.completionTokens;
  }

  /** The step's reply, and the next free seq after the messages its calls stored. */
  async think(turn: ModelTurn): Promise<{ reply: ModelCallResult; nextSeq: number }> {
    let result: ModelCallResult | null = null;
    let { seq } = turn;
    for (let part = 0; part <= MAX_LENGTH_CONTINUATIONS; part++) {
      // Only the first part's calls can run in the activity: a continuation shifts the seqs.
      const continuation = part > 0;
      result = await this.callCompacted(turn, seq, continuation, part === 0 ? turn.runTools : undefined);
      this.finishedInCall = result.finished === true;
      // A continuation stores the "continue" prompt at seq and the reply at seq + 1.
      seq += continuation ? 2 : 1;
      this.count(result.usage);
      if (result.finishReason !== 'length' || result.toolCalls.length > 0) break;
    }
    return { reply: result!, nextSeq: seq };
  }

  /**
   * One model call. When its conversation needs a summary that is not written yet, the call answers
   * `needsSummary` without calling the model; the summary is then written by its own activity (its
   * text stays in PostgreSQL) and the call is made again from the same compaction point.
   */
  private async callCompacted(
    turn: ModelTurn,
    seq: number,
    continuation: boolean,
    runTools: ToolsInReply | undefined,
  ): Promise<ModelCallResult> {
    const { generationId, modelRetry } = this;
    const { step, toolNames, toolChoice, finishWrite, pauseWrite } = turn;
    const base = { generationId, step, seq, toolNames, toolChoice, continuation };
    let compaction: CompactionPoint | undefined;
    let deferSummary = true;
    for (let round = 0; ; round++) {
      const input: ModelCallInput = {
        ...base,
        usageSoFar: { ...this.usage },
        ...(deferSummary ? { deferSummary } : {}),
        ...(compaction ? { compaction } : {}),
        ...(runTools ? { runTools } : {}),
        ...(this.startWrite ? { startWrite: this.startWrite } : {}),
        ...(this.leaveWrite ? { leaveWrite: this.leaveWrite } : {}),
        ...(finishWrite ? { finishWrite } : {}),
        ...(pauseWrite ? { pauseWrite } : {}),
      };
      this.startWrite = undefined;
      this.leaveWrite = undefined;
      this.finishUnconfirmed = finishWrite !== undefined;
      const result = await afterCancelRequest(
        this.patches.has('local-model-and-tool-calls')
          ? callModelLocally.executeWithOptions(localModelOptions(modelRetry), [input])
          : callModel.executeWithOptions(modelOptions(modelRetry), [input]),
      );
      this.finishUnconfirmed = false;
      if (!result.needsSummary) return result;
      if (!this.patches.has('compaction-summary-activity') || round >= MAX_SUMMARIES_PER_CALL) {
        // Not reached by histories recorded before the patch (their calls never answer needsSummary);
        // kept as the inline path so the loop always ends.
        deferSummary = false;
        compaction = undefined;
        continue;
      }
      const summary = await afterCancelRequest(
        summarizeConversation.executeWithOptions(modelOptions(modelRetry), [{ ...base, ...result.needsSummary }]),
      );
      this.count(summary.usage);
      compaction = result.needsSummary;
    }
  }
}
