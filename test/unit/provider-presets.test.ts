import { randomBytes } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { SnapshotProvider } from '../../contracts/snapshot.js';
import { createProviderClient, mapProviderError } from '../../domain/provider-client.js';
import { providerPresets } from '../../domain/provider-presets.js';
import { createSecretBox } from '../../infra/crypto/secrets.js';
import { kindsRequiringBaseUrl, providerKindSchema } from '../../contracts/schemas/index.js';

/*
 * A provider without baseUrl is called at its kind's preset endpoint with its key convention: the
 * requests are caught by undici's MockAgent (the dispatcher the guarded fetch sends through), so
 * nothing leaves the machine.
 */

const secrets = createSecretBox(randomBytes(32), 'k1');
const completion = {
  id: 'c1',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop', logprobs: null }],
};

let agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.map((a) => a.close()));
  agents = [];
});

/** A dispatcher answering `status`/`body` at `url`'s origin and path, recording the request headers. */
function intercept(url: string, status = 200, body: unknown = completion) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const { origin, pathname } = new URL(url);
  const seen: Array<Record<string, string>> = [];
  agent
    .get(origin)
    .intercept({ path: `${pathname.replace(/\/$/, '')}/chat/completions`, method: 'POST' })
    .reply(
      status,
      (opts) => {
        seen.push(Object.fromEntries(Object.entries(opts.headers as Record<string, string>)));
        return JSON.stringify(body);
      },
      { headers: { 'content-type': 'application/json' } },
    );
  return { agent, seen };
}

const provider = (kind: SnapshotProvider['kind'], over: Partial<SnapshotProvider> = {}): SnapshotProvider => ({
  id: `aip_${kind}`,
  kind,
  baseUrl: null,
  apiKeyEncrypted: secrets.encrypt(`key-${kind}`),
  defaultModel: 'm',
  headers: null,
  ...over,
});

const ask = (p: SnapshotProvider, agent: MockAgent) =>
  createProviderClient(p, secrets, 'm', 5_000, agent).chat.completions.create({
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
  });

describe('provider presets', () => {
  it('cover exactly the kinds that may omit baseUrl', () => {
    const optional = providerKindSchema.options.filter(
      (k) => !(kindsRequiringBaseUrl as readonly string[]).includes(k),
    );
    expect(Object.keys(providerPresets).sort()).toEqual([...optional].sort());
  });

  it.each(['anthropic', 'gemini', 'openrouter', 'openai'] as const)(
    '%s without baseUrl is called at its preset with the key as a Bearer token',
    async (kind) => {
      const { agent, seen } = intercept(providerPresets[kind].baseUrl);
      const reply = await ask(provider(kind), agent);
      expect(reply.choices[0]!.message.content).toBe('hi');
      expect(seen).toHaveLength(1);
      expect(seen[0]!.authorization).toBe(`Bearer key-${kind}`);
    },
  );

  it('ollama without a key sends no Authorization header; with one it sends it', async () => {
    const keyless = intercept('http://localhost:11434/v1');
    await ask(provider('ollama', { apiKeyEncrypted: null }), keyless.agent);
    expect(keyless.seen).toHaveLength(1);
    expect(keyless.seen[0]).not.toHaveProperty('authorization');

    const keyed = intercept('http://localhost:11434/v1');
    await ask(provider('ollama'), keyed.agent);
    expect(keyed.seen[0]!.authorization).toBe('Bearer key-ollama');

    // A configured Authorization header (a proxy's) is still sent.
    const proxied = intercept('http://localhost:11434/v1');
    await ask(
      provider('ollama', { apiKeyEncrypted: null, headers: { Authorization: 'Basic cHJveHk=' } }),
      proxied.agent,
    );
    expect(proxied.seen[0]!.authorization).toBe('Basic cHJveHk=');
  });

  it('a keyless provider of a kind that needs a key still sends the placeholder (the provider answers 401)', async () => {
    const { agent, seen } = intercept(providerPresets.anthropic.baseUrl);
    await ask(provider('anthropic', { apiKeyEncrypted: null }), agent);
    expect(seen[0]!.authorization).toBe('Bearer not-set');
  });

  it('a baseUrl wins over the preset', async () => {
    const { agent, seen } = intercept('https://gateway.example.com/anthropic/v1');
    await ask(provider('anthropic', { baseUrl: 'https://gateway.example.com/anthropic/v1' }), agent);
    expect(seen).toHaveLength(1);
  });

  it("Gemini's array-wrapped error reaches the mapping whole: its message and status are read", async () => {
    const body = [
      {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
        },
      },
    ];
    const { agent } = intercept(providerPresets.gemini.baseUrl, 400, body);
    const err = await ask(provider('gemini'), agent).catch((e: unknown) => e);
    let failure: unknown;
    try {
      mapProviderError(err);
    } catch (mapped) {
      failure = mapped;
    }
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ nonRetryable: true, type: 'ProviderRejected' });
    expect((failure as ApplicationFailure).message).toBe(
      "Model provider refused the credentials (400; check the provider's apiKey): API key not valid. Please pass a valid API key.",
    );
  });
});
