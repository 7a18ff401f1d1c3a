import {
  canonicalJson,
  type ClientOutputsWrite,
  type LoopPlan,
  type PauseInReply,
  type PlannedTool,
  type StatusWrite,
} from '../contracts/generation/index.js';
import type { GenerationState } from './generation-state.js';
import { clientToolsPausingInReply } from './loop/pause-write.js';
import { DOOM_LOOP_THRESHOLD } from './loop/stop-rules.js';
import type { ModelCalls } from './model-calls.js';
import type { RunPatches } from './release.js';

/**
 * The writes around a client-tool pause that a model call's local activity makes for the loop:
 * the write that opens the pause, when the call's reply leads to it at once (docs/adr/0039), and
 * the write that leaves it, before the next call reads the conversation (docs/adr/0038). Neither
 * for child runs: they tell their parent of a pause once its write is made.
 */
export class PauseWritesInModelCall {
  /** The pause-opening write the step's model call made, until the pause takes it. */
  private written: StatusWrite | null = null;

  constructor(
    private readonly run: {
      readonly generationId: string;
      readonly isChild: boolean;
      readonly plan: () => Pick<LoopPlan, 'hooks' | 'stopConditions' | 'approveDestructive' | 'maxSteps'>;
      readonly recentCalls: ReadonlyArray<{ name: string; argumentsHash: string }>;
    },
    private readonly state: GenerationState,
    private readonly model: ModelCalls,
    private readonly patches: RunPatches,
  ) {}

  /**
   * What the step's model call needs to make the pause-opening write: the write as the pause would
   * make it, at the next state version, where the pause's own write would be local.
   */
  forNextCall(offered: PlannedTool[]): PauseInReply | undefined {
    if (!this.patches.has('pause-write-in-model-call') || this.run.isChild || !this.state.enterMayBeLocal)
      return undefined;
    const clientTools = clientToolsPausingInReply(this.run.plan(), offered);
    if (clientTools.length === 0) return undefined;
    const { stateVersion, step } = this.state;
    return {
      write: {
        generationId: this.run.generationId,
        stateVersion: stateVersion + 1,
        iterationCount: step,
        ...this.state.lastAnswer(),
      },
      clientTools,
      recentCalls: this.run.recentCalls.slice(-(DOOM_LOOP_THRESHOLD - 1)),
    };
  }

  /** The step's model call replied, having made `written` or not. */
  replied(written: StatusWrite | undefined): void {
    this.written = written ?? null;
  }

  /** Whether the step's model call made exactly `write`; asked once, by the pause. */
  madeInReply(write: StatusWrite): boolean {
    const made = this.written;
    this.written = null;
    return made !== null && canonicalJson(made) === canonicalJson(write);
  }

  /** A pause-opening write the model call made that no pause took: the run's next write must pass it. */
  get untaken(): boolean {
    return this.written !== null;
  }

  /**
   * Hands the local leave-write to the next model call. A client-tool pause is the step's last
   * action, so the run's next activity is the next step's model call, if the run has another step.
   */
  carryLeave(write: ClientOutputsWrite): boolean {
    if (!this.patches.has('leave-write-in-model-call') || this.run.isChild) return false;
    if (this.state.step >= this.run.plan().maxSteps) return false;
    this.model.leaveWrite = write;
    return true;
  }
}
