import { patched } from '@temporalio/workflow';

/**
 * patched() id that stands for every patch below (docs/adr/0023). Each patched() call of a new run
 * records a marker and makes the SDK upsert the TemporalChangeVersion search attribute, a
 * visibility write on the server; a run asked four of them before its first pause. A run that
 * records this one marker takes every folded code path; a run recorded before it asks each patch
 * where it always did, so old histories replay unchanged.
 */
const FOLDED_RELEASE = 'release-2026-11-folded-patches';

/**
 * The patches folded into FOLDED_RELEASE. A patch added later is not one of them: its sites call
 * patched() themselves (or a later release folds it).
 */
export const foldedPatches = [
  // Traced runs get Temporal's OpenTelemetry workflow interceptors (trace-propagation.ts).
  'workflow-otel-spans',
  // Status and required action are upserted as search attributes with every state change.
  'generation-search-attributes',
  // The start write (`running`) and the final write are local activities (docs/adr/0020).
  'local-start-and-finish-writes',
  // Model and tool calls are local activities (docs/adr/0018).
  'local-model-and-tool-calls',
  // A compaction summary is written by its own activity between model calls (docs/adr/0017).
  'compaction-summary-activity',
  // PostToolUse hooks also run for results a retried attempt found recorded.
  'post-tool-use-after-replayed-result',
  // The write that leaves a pause is local when the answering caller waits (docs/adr/0021).
  'local-leave-writes',
  // The write that enters a pause is local; answers to a pause not yet re-opened are refused (docs/adr/0023).
  'local-pause-entering-writes',
] as const;
export type FoldedPatch = (typeof foldedPatches)[number];

/**
 * The releases after FOLDED_RELEASE, oldest first: each patched() id stands for every folded patch
 * and for its own later patches and those of the releases before it, so a new run again records
 * one marker (docs/adr/0031). The last is the latest release: the one new runs record.
 */
const laterReleases = [
  {
    id: 'release-2026-11-27-tools-in-model-call',
    // A reply's plain http tool calls run inside the model call's local activity (docs/adr/0031).
    patches: ['tool-calls-in-model-call'],
  },
  {
    id: 'release-2026-11-27-start-in-model-call',
    // The start write runs inside the first model call's local activity (docs/adr/0032).
    patches: ['start-write-in-model-call'],
  },
  {
    id: 'release-2026-11-28-finish-in-model-call',
    // The final write runs inside the last model call's local activity (docs/adr/0033).
    patches: ['finish-write-in-model-call'],
  },
  {
    id: 'release-2026-11-29-running-shown-after-model-call',
    // A client answer's `running` is shown once the run goes on past the next model call (docs/adr/0036).
    patches: ['running-shown-after-model-call'],
  },
  {
    id: 'release-2026-11-30-leave-in-model-call',
    // The local write that leaves a client-tool pause runs inside the next model call's local activity (docs/adr/0038).
    patches: ['leave-write-in-model-call'],
  },
  {
    id: 'release-2026-12-01-pause-in-model-call',
    // The write that opens a client-tool pause runs inside the model call whose reply leads to it (docs/adr/0039).
    patches: ['pause-write-in-model-call'],
  },
] as const;
type LaterPatch = (typeof laterReleases)[number]['patches'][number];
/** The marker every new run records. */
export const latestReleaseId: string = laterReleases[laterReleases.length - 1]!.id;
export type Patch = FoldedPatch | LaterPatch;

const folded: ReadonlySet<Patch> = new Set(foldedPatches);

/**
 * One run's answer to "which code paths does this run take". Construct it synchronously in the
 * run's first activation (the interceptor's `execute` and the workflow function's first line do):
 * there every construction sees the same replay state, so all agree. Asking a release marker again
 * in a later, non-replayed activation would say yes where the first activation said no.
 */
export class RunPatches {
  /** Patches of the later releases this run recorded a marker for (every one, for a new run). */
  private readonly released = new Set<Patch>();
  private readonly folded: boolean;

  constructor() {
    // A new run records only the latest marker; an older run finds the one it recorded, if any,
    // asking from the newest release down.
    const recorded = [...laterReleases].reverse().findIndex((r) => patched(r.id));
    const upTo = recorded === -1 ? 0 : laterReleases.length - recorded;
    for (const release of laterReleases.slice(0, upTo)) for (const id of release.patches) this.released.add(id);
    this.folded = upTo > 0 || patched(FOLDED_RELEASE);
  }

  /** Whether this run takes the code path of patch `id`: always for new runs, as recorded for older ones. */
  has(id: Patch): boolean {
    return this.released.has(id) || (this.folded && folded.has(id)) || patched(id);
  }
}
