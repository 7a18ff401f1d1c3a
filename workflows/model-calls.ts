import {
  decideReply,
  workInModelCall,
  type CompactionPoint,
  type LoopPlan,
  type ModelCallInput,
  type ModelCallResult,
  type ReplyDecision,
  type ReplyWrites,
  type StepContext,
  type Usage,
} from '../contracts/generation/index.js';
import { callModel, modelOptions, summarizeConversation, summaryOptions } from './activity-proxies.js';
import { afterCancelRequest } from './cancel-requests.js';
import type { GenerationState } from './generation-state.js';

/** Summaries one model call may need: levels 2 and 3, each after up to 3 context-length errors. */
const MAX_SUMMARIES_PER_CALL = 8;

/** What a step asks of its model call. */
export interface ModelTurn {
  context: StepContext;
  /** The next free message seq: the reply's. */
  seq: number;
  /** What the call may write itself once its reply is decided, but for the state version (reserved here). */
  onReply: Omit<ReplyWrites, 'stateVersion'>;
}

/**
 * A run's model calls: each step's call, continued while the reply is cut off by the length limit,
 * preceded by a summary when its conversation needs one, and the tokens they used. Every reply is
 * decided here, by the same `decideReply` the call applies itself: what the call wrote on its own
 * follows from the decision (`workInModelCall`), so the run's state moves with it.
 */
export class ModelCalls {
  /** Tokens of the run so far; the loop adds those of builtins that call a model. */
  readonly usage: Usage = { promptTokens: 0, completionTokens: 0 };

  constructor(
    private readonly generationId: string,
    private readonly modelRetry: LoopPlan['modelRetry'],
    private readonly state: GenerationState,
  ) {}

  count(usage: Usage): void {
    this.usage.promptTokens += usage.promptTokens;
    this.usage.completionTokens += usage.completionTokens;
  }

  /** The step's reply and its decision (never `continue`), and the next free seq after its messages. */
  async think(turn: ModelTurn): Promise<{ reply: ModelCallResult; decision: ReplyDecision; nextSeq: number }> {
    let seq = turn.seq;
    for (let part = 0; ; part++) {
      const { reply, reserved } = await this.callCompacted(turn, seq, part);
      this.count(reply.usage);
      // A continuation stores its prompt at `seq` and the reply after it.
      seq = reply.seq + 1;
      const decision = decideReply({ ...reply, part }, turn.context);
      const work = workInModelCall(decision);
      // The call made the final write, or opened the pause, at the version reserved for it.
      if (work === 'finish' || work === 'pause') this.state.passTo(reserved);
      if (decision.kind !== 'continue') return { reply, decision, nextSeq: seq };
    }
  }

  /**
   * One model call. When its conversation needs a summary that is not written yet, the call answers
   * `needsSummary` without calling the model; the summary is then written by its own activity (its
   * text stays in PostgreSQL) and the call is made again from the same compaction point.
   */
  private async callCompacted(
    turn: ModelTurn,
    seq: number,
    part: number,
  ): Promise<{ reply: ModelCallResult; reserved: number }> {
    const { generationId, modelRetry, state } = this;
    const { context } = turn;
    let compaction: CompactionPoint | undefined;
    let inlineSummary = false;
    for (let round = 0; ; round++) {
      // The next state version, for the write the reply may lead the call to make itself.
      const reserved = state.stateVersion + 1;
      const flush = state.writes.take();
      const input: ModelCallInput = {
        generationId,
        step: context.step,
        seq,
        part,
        context,
        usageSoFar: { ...this.usage },
        pending: { flush, onReply: { ...turn.onReply, stateVersion: reserved } },
        ...(compaction ? { compaction } : {}),
        ...(inlineSummary ? { inlineSummary: true as const } : {}),
      };
      let reply: ModelCallResult;
      try {
        reply = await afterCancelRequest(callModel.executeWithOptions(modelOptions(modelRetry), [input]));
      } catch (err) {
        // A call that never reported back may have made its writes, or may yet: the run's next
        // write passes the reserved version, and the writes it carried are made again (idempotent).
        state.passTo(reserved);
        for (const write of flush) state.writes.queue(write);
        throw err;
      }
      // Steering messages were stored before the reply (docs/steering.md): a later round follows it.
      if (reply.steered) seq = reply.seq;
      if (!reply.needsSummary) return { reply, reserved };
      if (round >= MAX_SUMMARIES_PER_CALL) {
        // Bounded: the next call writes what it needs inline, so the loop always ends.
        inlineSummary = true;
        compaction = undefined;
        continue;
      }
      const summary = await afterCancelRequest(
        summarizeConversation.executeWithOptions(summaryOptions(modelRetry), [
          state.writes.carry({
            generationId,
            step: context.step,
            seq,
            part,
            toolNames: toolNames(context),
            ...reply.needsSummary,
          }),
        ]),
      );
      this.count(summary.usage);
      compaction = reply.needsSummary;
    }
  }
}

export const toolNames = (context: StepContext): string[] => context.tools.map((t) => t.name);
