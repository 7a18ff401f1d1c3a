import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER } from '../../contracts/schemas/index.js';
import { expectStatus } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';

const DATABASE_URL = 'postgres://reader:s3cret-pw@db.example.com:5432/shop';
const tables = [{ table: 'orders' }];

/**
 * A builtin's secret config values are never shown, so a client cannot send them back: a PATCH
 * without `config` keeps them, also when it renames the builtin (e.g. database_query to
 * database_write). Checked on the stored, encrypted row.
 */
describe('PATCH of a builtin tool keeps its secret config', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack({ withoutWorker: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The tool's stored databaseUrl, decrypted (undefined when there is none). */
  async function storedUrl(id: string): Promise<string | undefined> {
    const row = await stack.db.agentTool.findUniqueOrThrow({ where: { id } });
    const value = (row.config as { databaseUrl?: { encrypted: string } } | null)?.databaseUrl;
    return value && stack.runtime.secrets.decrypt(value.encrypted);
  }

  it('a rename keeps the encrypted databaseUrl; a patch sending config replaces it', async () => {
    const created = await stack.api('POST', '/v1/tools', {
      type: 'builtin',
      name: 'database_query',
      config: { databaseUrl: DATABASE_URL, tables },
    });
    expectStatus(created, 201);
    const id = created.body.id as string;
    expect(await storedUrl(id)).toBe(DATABASE_URL);

    const renamed = await stack.api('PATCH', `/v1/tools/${id}`, { name: 'database_write' });
    expectStatus(renamed, 200);
    expect(renamed.body).toMatchObject({ name: 'database_write', config: { databaseUrl: SECRET_PLACEHOLDER, tables } });
    expect(await storedUrl(id)).toBe(DATABASE_URL);

    // Other fields patched alongside: still kept.
    const described = await stack.api('PATCH', `/v1/tools/${id}`, { name: 'database_query', description: 'orders' });
    expectStatus(described, 200);
    expect(await storedUrl(id)).toBe(DATABASE_URL);

    // `config` sent replaces the config whole, secrets included: a secret never follows a new config.
    const rotated = 'postgres://reader:rotated@db.example.com:5432/shop';
    expectStatus(await stack.api('PATCH', `/v1/tools/${id}`, { config: { databaseUrl: rotated, tables } }), 200);
    expect(await storedUrl(id)).toBe(rotated);

    // `config: null` removes it with the rest of the config.
    const retyped = await stack.api('PATCH', `/v1/tools/${id}`, { name: 'web_search', config: null });
    expectStatus(retyped, 200);
    expect(await storedUrl(id)).toBeUndefined();
  });
});
