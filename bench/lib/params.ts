/** How much work each scenario does. Quick mode is sized to finish in under 5 minutes on 2 cores. */
export interface Params {
  overhead: { steps: number; generations: number; warmup: number };
  resume: { count: number; warmup: number; startConcurrency: number };
  throughput: { steps: number; levels: Array<{ concurrency: number; generations: number }>; warmup: number };
  paused: { count: number; concurrency: number; settleMs: number };
  history: { steps: number[] };
  streaming: { generations: number; steps: number; warmup: number };
  /** Sessions of `turns` turns, one after another; each turn makes one tool call and answers. */
  session: { sessions: number; turns: number };
}

export const quickParams: Params = {
  overhead: { steps: 10, generations: 10, warmup: 2 },
  resume: { count: 100, warmup: 5, startConcurrency: 50 },
  throughput: {
    steps: 10,
    levels: [
      { concurrency: 1, generations: 3 },
      { concurrency: 10, generations: 20 },
      { concurrency: 50, generations: 50 },
    ],
    warmup: 2,
  },
  paused: { count: 1_000, concurrency: 50, settleMs: 3_000 },
  history: { steps: [10, 50, 100] },
  streaming: { generations: 10, steps: 3, warmup: 2 },
  session: { sessions: 3, turns: 20 },
};

export const fullParams: Params = {
  overhead: { steps: 10, generations: 100, warmup: 5 },
  resume: { count: 1_000, warmup: 10, startConcurrency: 25 },
  throughput: {
    steps: 10,
    levels: [
      { concurrency: 1, generations: 30 },
      { concurrency: 10, generations: 200 },
      { concurrency: 50, generations: 1_000 },
    ],
    warmup: 5,
  },
  paused: { count: 10_000, concurrency: 50, settleMs: 5_000 },
  history: { steps: [10, 50, 100] },
  streaming: { generations: 100, steps: 3, warmup: 5 },
  session: { sessions: 10, turns: 20 },
};
