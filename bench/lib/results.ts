import type { SystemId } from '../systems/types.js';
import type { MachineInfo } from './machine.js';
import type { Params } from './params.js';
import type { Summary } from './stats.js';

/** One system's figures for one scenario: measured, failed (with the error), or not applicable. */
export type Measured<T> = ({ status: 'ok' } & T) | { status: 'error' | 'n/a'; reason: string };

export type PerSystem<T> = Partial<Record<SystemId, Measured<T>>>;

export interface OverheadResult {
  stepsPerGeneration: number;
  generations: number;
  warmup: number;
  systems: PerSystem<{
    perStepMs: Summary;
    generationMs: Summary;
    /** CPU time of the system's processes (and its PostgreSQL backends) per step. */
    cpuMsPerStep: number;
    cpuBreakdownMsPerStep: Record<string, number>;
    samplesPerStepMs: number[];
  }>;
}

export interface ResumeResult {
  count: number;
  toolOutputs: PerSystem<{ latencyMs: Summary; samplesMs: number[] }>;
  approvals: PerSystem<{ latencyMs: Summary; samplesMs: number[] }>;
}

export interface ThroughputLevel {
  concurrency: number;
  generations: number;
  steps: number;
  wallMs: number;
  stepsPerSecond: number;
  generationMs: Summary;
  cpuMsPerStep: number;
}

export interface ThroughputResult {
  stepsPerGeneration: number;
  systems: PerSystem<{ levels: ThroughputLevel[] }>;
}

export interface RssSample {
  label: string;
  paused: number;
  workerRssMiB: number | null;
  apiRssMiB: number | null;
}

/** The same pause and drain on Temporal alone (bench/floor): what no application around it can go under. */
export interface TemporalFloorResult {
  startSeconds: number;
  startPerSecond: number;
  drainSeconds: number;
  drainPerSecond: number;
  /** Temporal server and the benchmark process (the SDK's worker and client), ÷ runs. */
  cpuMsPerPaused: { total: number; byProcess: Record<string, number> };
  cpuMsPerResumed: { total: number; byProcess: Record<string, number> };
}

export interface PausedResult {
  count: number;
  concurrency: number;
  /** Not a system: the floor of (a)'s pause and resume (absent in results written before it). */
  temporalFloor?: Measured<TemporalFloorResult>;
  systems: PerSystem<{
    startSeconds: number;
    startPerSecond: number;
    drainSeconds: number;
    drainPerSecond: number;
    /** CPU ms per paused generation while pausing, and per resumed one while draining (all processes + PostgreSQL). */
    cpuMsPerPaused?: { total: number; byProcess: Record<string, number> };
    cpuMsPerResumed?: { total: number; byProcess: Record<string, number> };
    rss: RssSample[] | null;
    /** Least-squares slope of worker RSS over the number paused, while pausing. */
    workerRssSlopeKiBPerPaused: number | null;
    workerRssBeforeMiB: number | null;
    workerRssPausedMiB: number | null;
    workerRssAfterDrainMiB: number | null;
    rssNote?: string;
  }>;
}

export interface HistoryRow {
  steps: number;
  bytes: number;
  /** Temporal history events (a) or checkpoint rows (c). */
  events: number;
  bytesPerStep: number;
}

export interface HistoryResult {
  toolResultBytes: number;
  systems: PerSystem<{
    what: string;
    rows: HistoryRow[];
    marginalBytesPerStep: Array<{ from: number; to: number; bytesPerStep: number }>;
  }>;
}

export interface SessionTurnRow {
  turn: number;
  /** Wall time of the turn's synchronous generate, per session (ms). */
  wallMs: number[];
  medianMs: number;
  /** CPU ms of the worker, API, Temporal server and the service's PostgreSQL backends during the turn, per session. */
  cpuMs: number[];
  /** Temporal history of the turn's generation (bytes, events), per session. */
  historyBytes: number[];
  historyEvents: number;
  /** Prompt tokens of the turn (the model server's estimate): grows with the conversation. */
  promptTokens: number;
}

export interface SessionResult {
  sessions: number;
  turns: number;
  rows: SessionTurnRow[];
  /** Least-squares fit of every turn's wall time (all sessions) against its turn index. */
  fit: { slopeMsPerTurn: number; interceptMs: number; r2: number } | null;
  /** The same fit for CPU ms per turn (hardly affected by other load on the machine). */
  cpuFit: { slopeMsPerTurn: number; interceptMs: number; r2: number } | null;
  /** Least-squares slope of history bytes against turn index (bytes per turn). */
  historySlopeBytesPerTurn: number | null;
  historyBytesMin: number;
  historyBytesMax: number;
}

export interface StreamingResult {
  status: 'ok' | 'n/a';
  reason: string;
  latencyMs?: Summary;
  byType?: Record<string, Summary>;
  samplesMs?: number[];
}

export interface Target {
  name: string;
  target: string;
  measured: string;
  met: boolean | null;
  note?: string;
}

export interface BenchResults {
  meta: {
    mode: 'quick' | 'full';
    startedAt: string;
    finishedAt: string;
    durationSeconds: number;
    machine: MachineInfo;
    loadAverageAtEnd: number[];
    /** 1/5/15-minute load averages when each scenario started. */
    loadAverageByScenario: Record<string, number[]>;
    versions: Record<string, string | null>;
    git: { commit: string | null; dirty: boolean | null };
    params: Params;
    command: string;
    notes: string[];
  };
  systems: Record<SystemId, { label: string; status: 'ok' | 'error'; description: string; error?: string }>;
  overhead?: OverheadResult;
  resume?: ResumeResult;
  throughput?: ThroughputResult;
  paused?: PausedResult;
  history?: HistoryResult;
  streaming?: StreamingResult;
  session?: Measured<SessionResult>;
  targets: Target[];
}
