import { expect } from 'vitest';
import { hashKey, keyPrefix } from '../../api/auth/keys.js';
import { newId } from '../../contracts/ids.js';
import type { ApiResponse, TestStack } from './stack.js';

/** Every non-2xx answer has the documented error shape. */
export function expectError(res: ApiResponse, status: number, code?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  if (code) expect(res.body.error.code).toBe(code);
}

export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

/** A request with another API key (or none). */
export async function callAs(
  stack: TestStack,
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  const res = await fetch(stack.url + path, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A second project with an admin key, written directly (there is no API to create projects). */
export async function createProjectWithKey(
  stack: TestStack,
  name = 'other project',
): Promise<{ projectId: string; key: string }> {
  const projectId = newId('project');
  const key = `da_other_${newId('apiKey').slice(4)}${Math.random().toString(36).slice(2)}`;
  await stack.db.project.create({ data: { id: projectId, name } });
  await stack.db.apiKey.create({
    data: {
      id: newId('apiKey'),
      projectId,
      name: 'admin',
      prefix: keyPrefix(key),
      keyHash: hashKey(key),
      policy: { statements: [{ effect: 'Allow', action: ['*'], resource: ['*'] }] },
    },
  });
  return { projectId, key };
}

/** Creates an API key through the API with the stack's admin key and returns its secret. */
export async function mintKey(
  stack: TestStack,
  statements: unknown[],
  as: string = stack.apiKey,
): Promise<{ id: string; key: string }> {
  const res = await callAs(stack, as, 'POST', '/v1/api-keys', { name: 'test key', policy: { statements } });
  if (res.status !== 201) throw new Error(`api key: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, key: res.body.key };
}

/** Row counts of every table of the public schema. */
export async function rowCounts(stack: TestStack): Promise<Record<string, number>> {
  const tables = await stack.db.$queryRawUnsafe<Array<{ table_name: string }>>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await stack.db.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM "${table_name}"`);
    counts[table_name] = Number(row!.n);
  }
  return counts;
}

export const objectSchema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
