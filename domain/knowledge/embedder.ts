import type { Dispatcher } from 'undici';
import type { SnapshotProvider } from '../../contracts/snapshot.js';
import type { AiProvider } from '../../generated/prisma/client.js';
import type { SecretBox } from '../../infra/crypto/secrets.js';
import { createProviderClient, mapProviderError } from '../provider-client.js';

export interface EmbedderDeps {
  secrets: SecretBox;
  /** SSRF-guarded: a provider's baseUrl is tenant input. */
  dispatcher: Dispatcher;
  timeoutMs?: number;
}

/** Embeds texts with one model of one provider. */
export type Embed = (provider: AiProvider, model: string, texts: string[]) => Promise<number[][]>;

function asSnapshotProvider(p: AiProvider): SnapshotProvider {
  return {
    id: p.id,
    kind: p.kind as SnapshotProvider['kind'],
    baseUrl: p.baseUrl,
    apiKeyEncrypted: p.apiKeyEncrypted,
    defaultModel: p.defaultModel,
    headers: (p.headers as Record<string, string> | null) ?? null,
  };
}

/** Scaled to length 1, so cosine similarity is a dot product (a zero vector stays zero). */
export function unitLength(v: number[]): number[] {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return norm === 0 ? v.map(() => 0) : v.map((x) => x / norm);
}

/**
 * Calls the provider's OpenAI-compatible `/embeddings` endpoint; errors are mapped like model-call
 * errors (4xx other than 408/409/429: non-retryable ApplicationFailure).
 */
export function createEmbedder(deps: EmbedderDeps): Embed {
  return async (provider, model, texts) => {
    const client = createProviderClient(
      asSnapshotProvider(provider),
      deps.secrets,
      model,
      deps.timeoutMs ?? 60_000,
      deps.dispatcher,
    );
    let data: Array<{ index: number; embedding: number[] }>;
    try {
      data = (await client.embeddings.create({ model, input: texts, encoding_format: 'float' })).data;
    } catch (err) {
      mapProviderError(err);
    }
    if (data.length !== texts.length)
      throw new Error(`The embeddings endpoint returned ${data.length} vectors for ${texts.length} inputs`);
    const ordered = [...data].sort((a, b) => a.index - b.index);
    const dims = ordered[0]?.embedding.length ?? 0;
    if (dims === 0 || ordered.some((d) => !Array.isArray(d.embedding) || d.embedding.length !== dims))
      throw new Error('The embeddings endpoint returned vectors of different or zero lengths');
    return ordered.map((d) => unitLength(d.embedding.map(Number)));
  };
}
