import type { ToolKind } from '../fixtures/script.js';

export type SystemId = 'durable' | 'inprocess' | 'langgraph' | 'langgraphAsync';

/** A generation paused on a client tool call (or an approval), waiting for the outside world. */
export interface PausedRun {
  id: string;
  toolCallId: string;
  approvalId?: string;
}

/** One way of running the same ReAct loop against the same model and tool servers. */
export interface AgentSystem {
  id: SystemId;
  /** e.g. "(a) Durable Agents" */
  label: string;
  /** Runs a generation that calls the `kind` tool `steps` times, then answers; resolves when it has settled (and was checked). */
  runSteps(kind: Exclude<ToolKind, 'client'>, steps: number): Promise<{ id: string }>;
  /** Starts a generation that pauses on one client tool call; resolves once it is paused. */
  startPaused?(): Promise<PausedRun>;
  /** Submits the client tool's output; resolves when the generation has settled (one model call remains). */
  resume?(run: PausedRun): Promise<void>;
  close(): Promise<void>;
}

export const systemLabels: Record<SystemId, string> = {
  durable: '(a) Durable Agents',
  inprocess: '(b) in-process loop',
  langgraph: '(c) LangGraph JS',
  langgraphAsync: "(c') LangGraph JS, durability 'async'",
};
