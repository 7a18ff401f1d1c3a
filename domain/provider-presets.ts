import type { PresetProviderKind, ProviderKind } from '../contracts/schemas/index.js';

/*
 * Where each provider kind is reached when its provider has no baseUrl, and how its key is sent.
 * Every kind is called through its OpenAI-compatible Chat Completions endpoint with the `openai`
 * client; only `azure_openai` needs the client's Azure variant. The contract requires a baseUrl
 * for the kinds missing here (`kindsRequiringBaseUrl`): the Record type keeps the two in step.
 */

export interface ProviderPreset {
  /** The endpoint used when the provider has no baseUrl (a baseUrl always wins). */
  baseUrl: string;
  /**
   * `bearer`: the key is sent as `Authorization: Bearer …` (a missing key is the provider's 401).
   * `none`: the server needs no key, so without one no Authorization header is sent at all; a
   * stored key is still sent as a Bearer token (a proxy in front of the server may want it).
   */
  auth: 'bearer' | 'none';
}

export const providerPresets: Readonly<Record<PresetProviderKind, ProviderPreset>> = {
  openai: { baseUrl: 'https://api.openai.com/v1', auth: 'bearer' },
  // Anthropic's OpenAI SDK compatibility layer takes the key as a Bearer token.
  anthropic: { baseUrl: 'https://api.anthropic.com/v1/', auth: 'bearer' },
  gemini: { baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai/', auth: 'bearer' },
  // A local server: the SSRF guard refuses loopback unless PROVIDER_ALLOWLIST names it.
  ollama: { baseUrl: 'http://localhost:11434/v1', auth: 'none' },
  openrouter: { baseUrl: 'https://openrouter.ai/api/v1', auth: 'bearer' },
};

export function presetOf(kind: ProviderKind): ProviderPreset | null {
  return Object.hasOwn(providerPresets, kind) ? providerPresets[kind as PresetProviderKind] : null;
}

/** The endpoint a provider is called at: its own baseUrl, else its kind's preset. */
export function providerEndpoint(provider: { kind: ProviderKind; baseUrl: string | null }): string | undefined {
  return provider.baseUrl ?? presetOf(provider.kind)?.baseUrl;
}

/** Whether calls should carry no Authorization header: a keyless provider of a kind that needs none. */
export function sendsNoAuthorization(provider: { kind: ProviderKind; apiKeyEncrypted: string | null }): boolean {
  return provider.apiKeyEncrypted === null && presetOf(provider.kind)?.auth === 'none';
}
