/**
 * Double-texting: what a new turn does when its session is busy (docs/double-texting.md). Pure, so
 * the rule is stated once and unit-tested; the turn placement (domain/generations/session-turns.ts)
 * acts on the decision under the session's lock.
 */

export const multitaskStrategies = ['reject', 'enqueue', 'interrupt', 'rollback'] as const;
export type MultitaskStrategy = (typeof multitaskStrategies)[number];

/** How a turn stopped by a later one ends: its generation's stopReason (status `cancelled`). */
export type TurnStop = 'interrupted' | 'rolled_back';

/** The strategy a request asks for, or why its two fields cannot both hold. */
export type StrategyChoice = { strategy: MultitaskStrategy } | { conflict: string };

/**
 * The request's `multitaskStrategy`, else its `queue` (the older name of `enqueue`), else the
 * agent's default, else `reject`. Both fields given and meaning different things is refused.
 */
export function chooseStrategy(
  request: { multitaskStrategy?: MultitaskStrategy; queue?: boolean },
  agentDefault: MultitaskStrategy | undefined,
): StrategyChoice {
  const { multitaskStrategy, queue } = request;
  if (multitaskStrategy !== undefined && queue !== undefined && queue !== (multitaskStrategy === 'enqueue'))
    return {
      conflict: `queue: ${queue} contradicts multitaskStrategy: ${multitaskStrategy} (queue: true means enqueue)`,
    };
  if (multitaskStrategy !== undefined) return { strategy: multitaskStrategy };
  if (queue === true) return { strategy: 'enqueue' };
  // queue: false is today's explicit "refuse when busy", so it overrides an agent default.
  if (queue === false) return { strategy: 'reject' };
  return { strategy: agentDefault ?? 'reject' };
}

/** The session's turn in progress, as the placement sees it under the session lock. */
export interface BusyTurn {
  generationId: string;
  status: string;
  /** Already being stopped by an earlier double-text (its stop is set, its end not yet written). */
  stopping: TurnStop | null;
  /** Ids of the at_most_once tool calls the turn has started (ToolCallAttempt rows). */
  atMostOnceCalls: string[];
}

export type DoubleTextDecision =
  /** Session idle (or only waiters ahead with nobody active): take the turn as before. */
  | { kind: 'place'; waiting: boolean }
  /** Wait behind the turn in progress; with `stop`, that turn is stopped first. */
  | { kind: 'wait'; stop?: { generationId: string; as: TurnStop } }
  | { kind: 'refuse'; code: 'session_busy' | 'rollback_refused'; message: string };

/**
 * What a new turn does given the session's active turn (null: none) and whether generations
 * already wait for the turn. Waiters keep their place: a stop ends only the active turn.
 */
export function decideDoubleText(
  strategy: MultitaskStrategy,
  sessionId: string,
  active: BusyTurn | null,
  waiters: boolean,
): DoubleTextDecision {
  if (!active) return waiters ? busyOrWait(strategy, sessionId, null) : { kind: 'place', waiting: false };
  return busyOrWait(strategy, sessionId, active);
}

function busyOrWait(strategy: MultitaskStrategy, sessionId: string, active: BusyTurn | null): DoubleTextDecision {
  const name = active ? `generation ${active.generationId} (${active.status})` : 'turns already waiting';
  switch (strategy) {
    case 'reject':
      return {
        kind: 'refuse',
        code: 'session_busy',
        message: `Session ${sessionId} is busy with ${name}; retry when it settles, or choose a multitaskStrategy (enqueue, interrupt, rollback)`,
      };
    case 'enqueue':
      return { kind: 'wait' };
    case 'interrupt':
    case 'rollback': {
      // No active turn (its end was written, the next not yet handed over): nothing to stop.
      // A turn already being stopped keeps the stop it was given first.
      if (!active || active.stopping) return { kind: 'wait' };
      if (strategy === 'rollback' && active.atMostOnceCalls.length > 0)
        return {
          kind: 'refuse',
          code: 'rollback_refused',
          message: `Generation ${active.generationId} already started at_most_once tool call(s) ${active.atMostOnceCalls.join(', ')}: their effect cannot be undone, so its turn cannot be rolled back (use interrupt to stop it and keep its work)`,
        };
      return {
        kind: 'wait',
        stop: { generationId: active.generationId, as: strategy === 'rollback' ? 'rolled_back' : 'interrupted' },
      };
    }
  }
}
