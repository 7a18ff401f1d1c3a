import { parse as parseConnectionString } from 'pg-connection-string';
import type { Agent } from 'undici';
import type { Env } from '../../config/env.js';
import { combineAllowLists, parseAllowList } from './allow-list.js';
import { hostPort, ReservedEndpoints, urlHostPort, type ReservedEndpoint } from './reserved-endpoints.js';
import { createGuardedAgent, type OutboundRules } from './ssrf.js';

/**
 * Outbound connections by purpose. Model providers and embeddings may reach what SSRF_ALLOWLIST
 * and PROVIDER_ALLOWLIST allow; tenant tools, MCP servers, hooks, webhooks and builtins what
 * SSRF_ALLOWLIST and TOOL_ALLOWLIST allow. Both carry tenant-chosen URLs, so neither ever reaches
 * the service's own endpoints.
 */
export interface Outbound {
  provider: Agent;
  tool: Agent;
  rules: { provider: OutboundRules; tool: OutboundRules };
  close(): Promise<void>;
}

/** What a process knows of the service's own endpoints beyond its environment. */
export interface KnownEndpoints {
  /** The database it uses (`npm run dev`: the embedded one). */
  databaseUrl?: string | undefined;
  /** Temporal's frontend (`npm run dev`: its dev server). */
  temporalAddress?: string | undefined;
  /** Temporal's UI (`npm run dev`: its dev server's). */
  temporalUiUrl?: string | null | undefined;
  /** Anything else of its own it listens on (the worker's relay of the SDK's metrics). */
  extra?: ReservedEndpoint[];
}

/**
 * The database, the Temporal frontend and UI, the API port and the worker's metrics port. Ports
 * without a host (the API's PORT, WORKER_METRICS_PORT, TEMPORAL_UI_PORT of the dev server's UI)
 * are reserved on every address of this machine.
 */
export function reservedEndpointsOf(
  env: Pick<
    Env,
    'DATABASE_URL' | 'TEMPORAL_ADDRESS' | 'TEMPORAL_UI_URL' | 'TEMPORAL_UI_PORT' | 'PORT' | 'WORKER_METRICS_PORT'
  >,
  known: KnownEndpoints = {},
): ReservedEndpoints {
  const endpoints: ReservedEndpoint[] = [];
  const add = (name: string, at: { host: string; port: number } | null) => {
    if (at && at.port > 0) endpoints.push({ name, ...at });
  };
  for (const url of new Set([known.databaseUrl, env.DATABASE_URL].filter((u): u is string => !!u))) {
    const db = parseConnectionString(url);
    // A Unix socket is no TCP endpoint (and the guard refuses socket paths anyway).
    if (db.host && !db.host.startsWith('/'))
      add("the service's database", { host: db.host, port: Number(db.port) || 5432 });
  }
  for (const address of new Set([known.temporalAddress, env.TEMPORAL_ADDRESS].filter((a): a is string => !!a)))
    add("the service's Temporal frontend", hostPort(address, 7233));
  for (const url of new Set([known.temporalUiUrl, env.TEMPORAL_UI_URL].filter((u): u is string => !!u)))
    add("the service's Temporal UI", urlHostPort(url, 80));
  add("the Temporal dev server's UI", { host: '127.0.0.1', port: env.TEMPORAL_UI_PORT });
  add("the service's API", { host: '127.0.0.1', port: env.PORT });
  add("the worker's metrics endpoint", { host: '127.0.0.1', port: env.WORKER_METRICS_PORT });
  endpoints.push(...(known.extra ?? []));
  return new ReservedEndpoints(endpoints);
}

export function outboundRulesOf(
  env: Pick<Env, 'SSRF_ALLOWLIST' | 'PROVIDER_ALLOWLIST' | 'TOOL_ALLOWLIST'>,
  reserved: ReservedEndpoints,
): Outbound['rules'] {
  const shared = parseAllowList(env.SSRF_ALLOWLIST);
  return {
    provider: { allow: combineAllowLists(shared, parseAllowList(env.PROVIDER_ALLOWLIST)), reserved },
    tool: { allow: combineAllowLists(shared, parseAllowList(env.TOOL_ALLOWLIST)), reserved },
  };
}

/** One guarded dispatcher per purpose. */
export function createOutbound(env: Env, known: KnownEndpoints = {}): Outbound {
  const rules = outboundRulesOf(env, reservedEndpointsOf(env, known));
  const provider = createGuardedAgent(rules.provider);
  const tool = createGuardedAgent(rules.tool);
  return {
    provider,
    tool,
    rules,
    async close() {
      await Promise.all([provider.close(), tool.close()]);
    },
  };
}
