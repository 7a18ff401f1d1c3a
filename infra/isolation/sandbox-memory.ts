import { Admission } from './admission.js';

/**
 * The memory of the code sandboxes (activities/builtins/quickjs-sandbox.ts), admitted against one
 * budget per process: six sandboxes of 512 MiB once took a worker to 4.8 GB. A project may hold
 * half the budget, and always room for one sandbox of the largest size.
 */

/** The largest sandbox: QuickJS' 512 MiB limit and its thread's 64 MiB heap. */
export const LARGEST_SANDBOX_MB = 512 + 64;

const limitsOf = (budgetMb: number) => ({
  capacity: budgetMb,
  perProject: Math.max(LARGEST_SANDBOX_MB, Math.floor(budgetMb / 2)),
  maxWaiting: 1000,
});

let budget = new Admission(limitsOf(1536));

/** The process's budget in MiB (SANDBOX_MEMORY_BUDGET_MB), set at start (infra/runtime.ts). */
export function configureSandboxMemory(budgetMb: number): void {
  budget = new Admission(limitsOf(Math.max(LARGEST_SANDBOX_MB, budgetMb)));
}

export function sandboxMemory(): Admission {
  return budget;
}
