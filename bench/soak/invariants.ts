import { isDeepStrictEqual } from 'node:util';
import type { GenerationStatus } from '../../contracts/schemas/generations.js';
import type { LedgerEntry, SoakObservations, StreamEvent, StreamOutcome } from './observations.js';

/**
 * The soak's invariants: pure checks over what it observed, so each can be tested with a planted
 * violation and no running service. A violation names the violating id(s) first.
 */
export interface InvariantResult {
  name: string;
  description: string;
  /** How many items the check looked at (0 means it proved nothing). */
  checked: number;
  violations: string[];
}

/**
 * The generation statuses nothing moves on from (contracts/schemas/generations.ts has queued,
 * running, requires_action, completed, failed, cancelled). `requires_action` is a pause: the
 * runner answers every pause and drains before reading, so one left at the end is a violation.
 * Rolled-back and expired runs end as one of these three (their stop reason says why).
 */
export const terminalStatuses: ReadonlySet<GenerationStatus> = new Set<GenerationStatus>([
  'completed',
  'failed',
  'cancelled',
]);

const isTerminal = (status: string) => terminalStatuses.has(status as GenerationStatus);

export function terminalOrAnswerable(obs: SoakObservations): InvariantResult {
  return {
    name: 'terminal_or_answerable',
    description: 'Every generation ends completed, failed or cancelled (pauses were answered, nothing left running)',
    checked: obs.generations.length,
    violations: obs.generations
      .filter((g) => !isTerminal(g.status))
      .map((g) => `${g.id} (${g.kind}): final status '${g.status}' is not terminal`),
  };
}

export function noStuckGeneration(obs: SoakObservations): InvariantResult {
  return {
    name: 'no_stuck_generation',
    description: 'No generation is non-terminal while its workflow is no longer running',
    checked: obs.generations.length,
    violations: obs.generations
      .filter((g) => !isTerminal(g.status) && !g.workflowRunning)
      .map((g) => `${g.id} (${g.kind}): status '${g.status}' but its workflow is not running`),
  };
}

function groupByCallKey(entries: readonly LedgerEntry[]): Map<string, LedgerEntry[]> {
  const byKey = new Map<string, LedgerEntry[]>();
  for (const e of entries) {
    const list = byKey.get(e.callKey);
    if (list) list.push(e);
    else byKey.set(e.callKey, [e]);
  }
  return byKey;
}

export function atMostOnceDelivery(obs: SoakObservations): InvariantResult {
  const byKey = groupByCallKey(obs.ledger.filter((e) => e.delivery === 'at_most_once'));
  const violations: string[] = [];
  for (const [callKey, entries] of byKey) {
    if (entries.length > 1) {
      const dropped = entries.filter((e) => e.dropped).length;
      violations.push(
        `${callKey}: at_most_once call ${entries[0]!.tool} reached the tool server ${entries.length} times (${dropped} dropped)`,
      );
    }
  }
  return {
    name: 'at_most_once_delivery',
    description: 'No at_most_once tool call reaches the tool server more than once',
    checked: byKey.size,
    violations,
  };
}

export function atLeastOnceSameKey(obs: SoakObservations): InvariantResult {
  const byKey = groupByCallKey(obs.ledger.filter((e) => e.delivery === 'at_least_once'));
  const violations: string[] = [];
  let checked = 0;
  for (const [callKey, entries] of byKey) {
    if (entries.length < 2) continue;
    checked++;
    const keys = entries.map((e) => e.idempotencyKey);
    const nulls = keys.filter((k) => k === null).length;
    const distinct = [...new Set(keys.filter((k): k is string => k !== null))];
    if (nulls > 0) {
      violations.push(`${callKey}: repeated at_least_once call sent ${nulls} of ${entries.length} times without a key`);
    }
    if (distinct.length > 1) {
      violations.push(`${callKey}: repeated at_least_once call carried different keys: ${distinct.join(', ')}`);
    }
  }
  return {
    name: 'at_least_once_same_key',
    description: 'A repeated at_least_once call carries the same non-null Idempotency-Key every time',
    checked,
    violations,
  };
}

/**
 * How many distinct deliveries the entries are: retries of an at_least_once call under one
 * Idempotency-Key are one delivery (the tool server deduplicates them, and a tool_server_drop
 * fault makes them legitimate); any other entry is a delivery of its own.
 */
function distinctDeliveries(entries: readonly LedgerEntry[]): number {
  const keys = new Set<string>();
  let others = 0;
  for (const e of entries) {
    if (e.delivery === 'at_least_once' && e.idempotencyKey !== null) keys.add(e.idempotencyKey);
    else others++;
  }
  return keys.size + others;
}

export function approvalsAppliedOnce(obs: SoakObservations): InvariantResult {
  const byKey = groupByCallKey(obs.ledger);
  const violations: string[] = [];
  for (const a of obs.approvals) {
    const id = `${a.approvalId} (${a.generationId}, ${a.callKey})`;
    if (a.appliedInTrace !== 1) {
      violations.push(`${id}: ${a.decision} decision applied ${a.appliedInTrace} times in the trace`);
    }
    const entries = byKey.get(a.callKey) ?? [];
    if (a.decision === 'deny') {
      if (entries.length > 0) violations.push(`${id}: denied call reached the tool server ${entries.length} times`);
      continue;
    }
    const deliveries = distinctDeliveries(entries);
    if (deliveries !== 1) {
      violations.push(`${id}: ${a.decision === 'edit' ? 'edited' : 'approved'} call delivered ${deliveries} times`);
    }
    if (a.decision === 'edit') {
      if (a.editedArgs === undefined) {
        violations.push(`${id}: edit decision recorded without its edited arguments`);
      } else {
        const differing = entries.find((e) => !isDeepStrictEqual(e.args, a.editedArgs));
        if (differing) {
          violations.push(
            `${id}: edited call ran with ${JSON.stringify(differing.args)} instead of ${JSON.stringify(a.editedArgs)}`,
          );
        }
      }
    }
  }
  return {
    name: 'approvals_applied_once',
    description:
      'Each approval decision is applied once: denied calls never run, approved and edited ones run once (edited with the edited arguments)',
    checked: obs.approvals.length,
    violations,
  };
}

function countOf(list: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of list) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

/** What is wrong between the turns sent and those stored: lost, doubled, unexpected, reordered. */
function turnDifferences(sent: readonly string[], stored: readonly string[]): string[] {
  const sentCount = countOf(sent);
  const storedCount = countOf(stored);
  const problems: string[] = [];
  for (const [turn, n] of sentCount) {
    const m = storedCount.get(turn) ?? 0;
    if (m < n) problems.push(`turn ${JSON.stringify(turn)} lost (sent ${n}, stored ${m})`);
    if (m > n) problems.push(`turn ${JSON.stringify(turn)} doubled (sent ${n}, stored ${m})`);
  }
  for (const [turn, m] of storedCount) {
    if (!sentCount.has(turn)) problems.push(`turn ${JSON.stringify(turn)} stored ${m} times but never sent`);
  }
  if (problems.length === 0) {
    // Same turns, so the order differs: name the first position that does.
    const i = sent.findIndex((t, k) => stored[k] !== t);
    if (i >= 0) {
      problems.push(
        `turns out of order at position ${i}: sent ${JSON.stringify(sent[i])}, stored ${JSON.stringify(stored[i])}`,
      );
    }
  }
  return problems;
}

export function sessionTurnsInOrder(obs: SoakObservations): InvariantResult {
  const violations: string[] = [];
  for (const s of obs.sessions) {
    const problems = turnDifferences(s.sentTurns, s.storedTurns);
    if (problems.length > 0) violations.push(`${s.sessionId}: ${problems.join('; ')}`);
    if (s.answeredTurns !== s.sentTurns.length) {
      violations.push(`${s.sessionId}: ${s.answeredTurns} of ${s.sentTurns.length} sent turns answered`);
    }
  }
  return {
    name: 'session_turns_in_order',
    description: 'Each session stores exactly the turns sent, in order, and answers every one',
    checked: obs.sessions.length,
    violations,
  };
}

/** The terminal event of a generation's stream (contracts/schemas/generations.ts streamEventTypes). */
export const streamEndEventType = 'done';

/** Stream ids are the event's per-generation `seq` (api/generations/stream.ts writes `id: <seq>`). */
function seqOf(id: string): number | null {
  return /^[1-9][0-9]*$/.test(id) ? Number(id) : null;
}

/** Event data is JSON text; two texts of the same value (other spacing) are the same data. */
function sameData(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return isDeepStrictEqual(JSON.parse(a), JSON.parse(b));
  } catch {
    return false;
  }
}

const sameEvent = (a: StreamEvent, b: StreamEvent) => a.id === b.id && a.type === b.type && sameData(a.data, b.data);

const describe = (e: StreamEvent | undefined) => (e ? `#${e.id} ${e.type}` : 'nothing');

/**
 * The problems of one followed stream. Ids are the stored per-generation `seq`, which increases
 * strictly but may skip numbers (an event whose `key` was already written still used up its seq,
 * activities/event-log.ts), so "contiguous" means each received event is the stored event right
 * after the previous one, not `id + 1`.
 */
function streamProblems(s: StreamOutcome): string[] {
  const problems: string[] = [];
  const seen = new Map<string, StreamEvent>();
  const unique: StreamEvent[] = [];
  for (const e of s.received) {
    if (seqOf(e.id) === null) problems.push(`received id '${e.id}' is not a positive integer seq`);
    const earlier = seen.get(e.id);
    if (!earlier) {
      seen.set(e.id, e);
      unique.push(e);
    } else if (!sameEvent(earlier, e)) {
      problems.push(`id ${e.id} re-sent with different content (${earlier.type} then ${e.type})`);
    }
  }
  const outOfOrder = unique.findIndex((e, i) => i > 0 && (seqOf(e.id) ?? 0) <= (seqOf(unique[i - 1]!.id) ?? 0));
  if (outOfOrder > 0) {
    problems.push(`id ${unique[outOfOrder]!.id} received after id ${unique[outOfOrder - 1]!.id}`);
  }
  const mismatch = unique.findIndex((e, i) => !s.stored[i] || !sameEvent(e, s.stored[i]!));
  if (mismatch >= 0) {
    const got = unique[mismatch]!;
    const want = s.stored[mismatch];
    const gotSeq = seqOf(got.id) ?? 0;
    const wantSeq = want ? (seqOf(want.id) ?? 0) : 0;
    if (!want) problems.push(`received ${describe(got)} beyond the end of the stored log`);
    else if (mismatch === 0 && got.id !== want.id)
      problems.push(`starts at ${describe(got)}, the stored log starts at ${describe(want)}`);
    else if (gotSeq > wantSeq)
      problems.push(
        `gap after #${unique[mismatch - 1]!.id}: missing ${describe(want)}, next received ${describe(got)}`,
      );
    else if (got.id === want.id)
      problems.push(`event #${got.id} differs from the stored one (${got.type} vs stored ${want.type})`);
    else problems.push(`received ${describe(got)} where the stored log has ${describe(want)}`);
  } else if (unique.length < s.stored.length) {
    problems.push(
      `missing stored events from ${describe(s.stored[unique.length])} (${s.stored.length - unique.length} not received)`,
    );
  }
  const last = unique.at(-1);
  if (last?.type !== streamEndEventType) {
    problems.push(`followed to the end but the last event is ${describe(last)}, not ${streamEndEventType}`);
  }
  return problems;
}

export function streamContiguous(obs: SoakObservations): InvariantResult {
  const followed = obs.streams.filter((s) => s.followedToEnd);
  const violations: string[] = [];
  for (const s of followed) {
    const problems = streamProblems(s);
    if (problems.length > 0) violations.push(`${s.generationId}: ${problems.join('; ')}`);
  }
  return {
    name: 'stream_contiguous',
    description:
      'A stream followed to the end (across reconnects, duplicates dropped) received exactly the stored event log, without gaps, ending with done',
    checked: followed.length,
    violations,
  };
}

export const invariantChecks: ReadonlyArray<(obs: SoakObservations) => InvariantResult> = [
  terminalOrAnswerable,
  noStuckGeneration,
  atMostOnceDelivery,
  atLeastOnceSameKey,
  approvalsAppliedOnce,
  sessionTurnsInOrder,
  streamContiguous,
];

export function checkInvariants(obs: SoakObservations): InvariantResult[] {
  return invariantChecks.map((check) => check(obs));
}
