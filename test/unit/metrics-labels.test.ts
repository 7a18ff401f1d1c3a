import { describe, expect, it } from 'vitest';
import {
  AGENT_LABEL_LIMIT,
  countGenerationFinished,
  countGenerationStarted,
  countModelTokens,
  OTHER_AGENTS,
} from '../../infra/observability/metrics.js';
import { exposition } from '../../infra/observability/metrics-server.js';

/** The `agent_id` values of one metric in the exposition text `GET /metrics` serves. */
function agentIds(text: string, metric: string): Set<string> {
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(metric)) continue;
    const id = /agent_id="([^"]*)"/.exec(line)?.[1];
    if (id !== undefined) ids.add(id);
  }
  return ids;
}

const sample = (text: string, metric: string, agentId: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${metric}{agent_id="${agentId}"`));
  return line ? Number(line.split(' ').at(-1)) : 0;
};

describe('/metrics agent labels are bounded', () => {
  it(`the first ${AGENT_LABEL_LIMIT} agents keep their id, every later one is counted as "other"`, async () => {
    const agents = Array.from({ length: AGENT_LABEL_LIMIT + 150 }, (_, i) => `agt_label${String(i).padStart(4, '0')}`);
    for (const id of agents) {
      countGenerationStarted(id);
      countModelTokens(id, 10, 5);
      countGenerationFinished(id, 'completed', 'stop', 2);
    }
    // An agent labelled before the limit was reached keeps its own series afterwards.
    countGenerationStarted(agents[0]!);
    const text = await exposition();
    for (const metric of [
      'durable_agents_generations_started_total',
      'durable_agents_model_tokens_total',
      'durable_agents_generations_finished_total',
      'durable_agents_generation_steps_bucket',
    ]) {
      const ids = agentIds(text, metric);
      expect(ids.size, metric).toBe(AGENT_LABEL_LIMIT + 1);
      expect(ids.has(OTHER_AGENTS), metric).toBe(true);
      expect(ids.has(agents[AGENT_LABEL_LIMIT]!), metric).toBe(false);
    }
    const started = 'durable_agents_generations_started_total';
    expect(sample(text, started, agents[0]!)).toBe(2);
    expect(sample(text, started, OTHER_AGENTS)).toBe(150);
  });
});
