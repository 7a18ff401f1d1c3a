import { readdirSync, readFileSync } from 'node:fs';
import type { EmbeddingServer } from './embedding-server.js';
import type { TestStack } from './stack.js';

const fixtures = new URL('../fixtures/knowledge/', import.meta.url);

/** The committed test articles (one topic each) and the queries written with them. */
export function knowledgeFixtures(): {
  documents: Array<{ file: string; title: string; content: string }>;
  queries: Array<{ query: string; expected: string }>;
} {
  const documents = readdirSync(fixtures)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const content = readFileSync(new URL(file, fixtures), 'utf8');
      return { file, title: /^# (.+)$/m.exec(content)![1]!, content };
    });
  const queries = JSON.parse(readFileSync(new URL('queries.json', fixtures), 'utf8')) as Array<{
    query: string;
    expected: string;
  }>;
  return { documents, queries };
}

/** An openai_compatible provider whose /embeddings is the deterministic embedding server. */
export async function createEmbeddingProvider(stack: TestStack, server: EmbeddingServer, key = stack.apiKey) {
  const res = await stack.api(
    'POST',
    '/v1/ai-providers',
    { name: 'embeddings', kind: 'openai_compatible', baseUrl: server.url, defaultModel: 'hashed-bow' },
    { authorization: `Bearer ${key}` },
  );
  if (res.status !== 201) throw new Error(`provider: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** Polls until the document settles (ready or failed). */
export async function waitForDocument(
  stack: TestStack,
  kbId: string,
  docId: string,
  timeoutMs = 90_000,
): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await stack.api('GET', `/v1/knowledge-bases/${kbId}/documents/${docId}`);
    if (res.status === 200 && (res.body.status === 'ready' || res.body.status === 'failed')) return res.body;
    if (Date.now() > until) throw new Error(`document ${docId} did not settle: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
