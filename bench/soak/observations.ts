/**
 * What the soak records while it runs and reads back at the end: the inputs of the invariant
 * checks (invariants.ts) and of the report (report.ts). Plain data, so a check can be tested
 * with a planted violation and no running service.
 */

/** The workload's kinds of generation (workload.ts), in the report's order. */
export const workloadKinds = [
  'plain_tools',
  'at_most_once',
  'at_least_once',
  'client_tool',
  'approval',
  'session',
  'child_agents',
  'streamed',
] as const;
export type WorkloadKind = (typeof workloadKinds)[number];

/** The faults the soak injects (faults.ts), in the report's order. */
export const faultKinds = [
  'kill_worker',
  'kill_api',
  'kill_temporal',
  'pg_terminate_backend',
  'pg_restart',
  'model_500',
  'model_hang',
  'tool_server_drop',
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** One request the ledger tool server received (recorded before it answers or drops it). */
export interface LedgerEntry {
  /** The call's identity, chosen by the scripted model: `<workload id>:<step>`. */
  callKey: string;
  /** The tool's name (its route on the ledger server). */
  tool: string;
  delivery: 'at_most_once' | 'at_least_once';
  /** The `Idempotency-Key` header the service sent, if any. */
  idempotencyKey: string | null;
  /** The request body's arguments. */
  args: Record<string, unknown>;
  receivedAt: number;
  /** The server dropped the connection instead of answering (a tool_server_drop fault). */
  dropped: boolean;
}

/** A generation the load generator started, with its state read back at the end. */
export interface GenerationOutcome {
  id: string;
  kind: WorkloadKind;
  /** The stored status after the final drain (completed, failed, cancelled, requires_action, …). */
  status: string;
  /** Whether Temporal reports the generation's workflow as running. */
  workflowRunning: boolean;
}

/** An approval the load generator decided. */
export interface ApprovalDecision {
  generationId: string;
  approvalId: string;
  /** The tool call it gates (its ledger callKey). */
  callKey: string;
  decision: 'approve' | 'deny' | 'edit';
  /** For `edit`: the arguments the approver set. */
  editedArgs?: Record<string, unknown>;
  /** How many decision entries the generation's stored trace holds for this approval. */
  appliedInTrace: number;
}

/** A conversational session: the user turns sent, and the ones stored, both in order. */
export interface SessionOutcome {
  sessionId: string;
  sentTurns: string[];
  /** The user messages of the session as the service stores them, oldest first. */
  storedTurns: string[];
  /** How many of the stored user turns have an assistant answer after them. */
  answeredTurns: number;
}

export interface StreamEvent {
  id: string;
  type: string;
  data: string;
}

/** A stream a client followed (reconnecting with Last-Event-ID), and the stored event log. */
export interface StreamOutcome {
  generationId: string;
  /** The client saw the terminal `done` event. */
  followedToEnd: boolean;
  /** The events the client received, in order, across reconnects (duplicates included). */
  received: StreamEvent[];
  /** The generation's events as stored (GET …/events after the end). */
  stored: StreamEvent[];
  reconnects: number;
}

export interface FaultRecord {
  kind: FaultKind;
  /** Milliseconds since the soak's start. */
  at: number;
  /** What was hit (a process name, a backend pid count, a window length). */
  detail: string;
}

/** Completed generations per time bucket, for the throughput chart. */
export interface ThroughputSample {
  /** Start of the bucket, milliseconds since the soak's start. */
  at: number;
  completed: number;
  started: number;
}

export interface SoakObservations {
  seed: number;
  minutes: number;
  startedAt: string;
  durationMs: number;
  faults: FaultRecord[];
  generations: GenerationOutcome[];
  ledger: LedgerEntry[];
  approvals: ApprovalDecision[];
  sessions: SessionOutcome[];
  streams: StreamOutcome[];
  throughput: ThroughputSample[];
  /** Free-form notes (what could not be done on this machine, e.g. no PostgreSQL restart). */
  notes: string[];
}
