import { builtinDefinition } from '../contracts/builtins/index.js';
import { SECRET_PLACEHOLDER } from '../contracts/schemas/index.js';
import type { SecretBox } from '../infra/crypto/secrets.js';

type Config = Record<string, unknown>;

const secretKeys = (name: string) => builtinDefinition(name)?.secretConfigKeys ?? [];

/** A builtin's config as stored: its secret values (e.g. `databaseUrl`) encrypted as `{ encrypted }`. */
export function storeBuiltinConfig(name: string, config: Config | undefined, secrets: SecretBox): Config | undefined {
  if (!config) return config;
  const out: Config = { ...config };
  for (const key of secretKeys(name))
    if (typeof out[key] === 'string') out[key] = { encrypted: secrets.encrypt(out[key] as string) };
  return out;
}

/** As shown in responses: secret values replaced by the placeholder. */
export function showBuiltinConfig(name: string, stored: Config | null): Config | null {
  if (!stored) return stored;
  const out: Config = { ...stored };
  for (const key of secretKeys(name)) if (out[key] !== undefined) out[key] = SECRET_PLACEHOLDER;
  return out;
}

/** The stored config as a request would send it, for re-validating a merge patch: secrets left out. */
export function builtinConfigAsInput(name: string, stored: Config | null): Config | null {
  if (!stored) return stored;
  const out: Config = { ...stored };
  for (const key of secretKeys(name)) delete out[key];
  return out;
}

/** As a builtin reads it: secret values decrypted. */
export function openBuiltinConfig(name: string, stored: Config | null, secrets: SecretBox): Config {
  const out: Config = { ...stored };
  for (const key of secretKeys(name)) {
    const v = out[key] as { encrypted?: unknown } | undefined;
    if (v && typeof v === 'object' && typeof v.encrypted === 'string') out[key] = secrets.decrypt(v.encrypted);
  }
  return out;
}

/**
 * A builtin's stored config after a PATCH that did not send `config` (it may rename the builtin):
 * the stored config (`previous`, secret values still encrypted) with the secret values the new
 * builtin does not declare left out. Secrets are never shown, so a client could not send them
 * back: renaming a `database_query` tool to `database_write` keeps its `databaseUrl`. A PATCH that
 * sends `config` replaces it whole, secrets included, so a secret never follows a changed endpoint.
 */
export function renamedBuiltinConfig(name: string, previous: { name: string; config: Config | null }): Config | null {
  if (!previous.config) return previous.config;
  const out: Config = { ...previous.config };
  for (const key of secretKeys(previous.name)) if (!secretKeys(name).includes(key)) delete out[key];
  return out;
}
