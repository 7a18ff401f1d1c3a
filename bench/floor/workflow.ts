import { condition, defineUpdate, proxySinks, setHandler, type Sinks } from '@temporalio/workflow';

/**
 * The floor of a durable pause on Temporal, with nothing of Durable Agents: a workflow that waits
 * for one update and completes with its argument. No activity, no search attribute, no database.
 * It tells the benchmark through sinks (called in the worker, no server round trip) when it has
 * paused and when it has been answered.
 */
export interface FloorSinks extends Sinks {
  floor: {
    paused(): void;
    answered(): void;
  };
}

export const answerUpdate = defineUpdate<void, [string]>('answer');

const { floor } = proxySinks<FloorSinks>();

export async function pausedFloor(): Promise<string> {
  const answer: { value: string | null } = { value: null };
  setHandler(answerUpdate, (value) => {
    answer.value = value;
  });
  floor.paused();
  await condition(() => answer.value !== null);
  floor.answered();
  return answer.value!;
}
