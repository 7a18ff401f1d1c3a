import { describe, expect, it } from 'vitest';
import { referencePageHtml } from '../../api/openapi/reference-page.js';
import { expressPath } from '../../api/openapi/spec.js';
import { routeTable } from '../../api/openapi/table.js';

describe('route table', () => {
  it('has unique operationIds and unique method + path pairs', () => {
    const ids = routeTable.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = routeTable.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names every action service:Operation and builds a resource for it', () => {
    for (const r of routeTable) {
      if (r.action === null) {
        // Served without an API key: probes, metrics (own token), docs, the browser surfaces, public chat (agent key)
        // and signed storage downloads (an HMAC in the URL).
        expect(r.path, r.operationId).toMatch(
          /^\/(healthz|readyz|metrics|docs|docs\/assets\/\{asset\}|v1\/openapi\.json|widget\.js|console|console\/\{asset\}|v1\/public\/agents\/\{slug\}(\/chat)?|v1\/storage\/download)$/,
        );
        continue;
      }
      expect(r.action, r.operationId).toMatch(
        /^(agents|aiProviders|apiKeys|projects|knowledgeBases|memories|settings):[A-Z][A-Za-z]+$/,
      );
      const params = Object.fromEntries(
        (r.path.match(/\{(\w+)\}/g) ?? []).map((p) => [p.slice(1, -1), `<${p.slice(1, -1)}>`]),
      );
      const resource = r.resource!(params, 'prj_x');
      expect(resource, r.operationId).toMatch(/^[a-z-]+\/(\*|<\w+>|prj_x)(\/[a-z-]+\/(\*|<\w+>))?$/);
      // Routes with path parameters authorize against (at least) one of them, never the whole collection.
      if (Object.keys(params).length)
        expect(
          Object.values(params).some((v) => resource.includes(v)),
          r.operationId,
        ).toBe(true);
    }
  });

  it('declares a params schema exactly for the path parameters', () => {
    for (const r of routeTable) {
      const inPath = (r.path.match(/\{(\w+)\}/g) ?? []).map((p) => p.slice(1, -1)).sort();
      const declared = Object.keys(r.params?.shape ?? {}).sort();
      expect(declared, r.operationId).toEqual(inPath);
    }
    expect(expressPath('/v1/agents/{agentId}/hooks/{hookId}')).toBe('/v1/agents/:agentId/hooks/:hookId');
  });

  it('every request that can carry a body declares one, except action-only POSTs', () => {
    for (const r of routeTable.filter((r) => r.method === 'put' || r.method === 'patch'))
      expect(r.body, r.operationId).toBeDefined();
    const bodiless = routeTable.filter((r) => r.method === 'post' && !r.body).map((r) => r.operationId);
    expect(bodiless.sort()).toEqual([
      'cancelAgentGeneration',
      'regenerateAgentKey',
      'reindexDocument',
      'reindexKnowledgeBase',
      'triggerSchedule',
    ]);
  });

  it('renders a reference page that loads only assets the API serves', () => {
    const html = referencePageHtml('Durable Agents <API>');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const src of sources) expect(src, src).toMatch(/^(\/docs\/assets\/[a-z.-]+|data:,)$/);
    expect(html).not.toMatch(/<script>|<style>|\son[a-z]+=/i);
    expect(html).not.toContain('<API>');
  });
});
