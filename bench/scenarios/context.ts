import type { Fixtures } from '../fixtures/client.js';
import type { CpuGroup } from '../lib/cpu.js';
import { errorText, log } from '../lib/log.js';
import type { Params } from '../lib/params.js';
import type { Measured } from '../lib/results.js';
import type { DurableSystem } from '../systems/durable.js';
import type { LangGraphRuntime } from '../systems/langgraph.js';
import type { AgentSystem, SystemId } from '../systems/types.js';

export interface BenchContext {
  params: Params;
  fixtures: Fixtures;
  durable: DurableSystem | null;
  /** Systems in table order; a system that could not start is absent and `unavailable` says why. */
  systems: AgentSystem[];
  unavailable: Partial<Record<SystemId, string>>;
  langgraphRuntime: LangGraphRuntime | null;
  /** The processes (and databases) whose CPU time counts as each system's. */
  cpu: Partial<Record<SystemId, CpuGroup>>;
}

export function systemById(ctx: BenchContext, id: SystemId): AgentSystem | undefined {
  return ctx.systems.find((s) => s.id === id);
}

/** Runs one system's part of a scenario; a failure is recorded (and printed), not fatal. */
export async function measure<T>(
  ctx: BenchContext,
  id: SystemId,
  what: string,
  fn: (system: AgentSystem) => Promise<T>,
): Promise<Measured<T>> {
  const system = systemById(ctx, id);
  if (!system) return { status: 'error', reason: ctx.unavailable[id] ?? 'not started' };
  log(`${what}: ${system.label}…`);
  try {
    return { status: 'ok', ...(await fn(system)) };
  } catch (err) {
    log(`${what}: ${system.label} FAILED: ${errorText(err)}`);
    if (system === ctx.durable) log(ctx.durable.diagnostics());
    return { status: 'error', reason: errorText(err) };
  }
}
