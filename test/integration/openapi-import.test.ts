import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, createAgent, createProvider } from '../support/fixtures.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { petstore } from '../support/petstore-openapi.js';
import { callAs, expectError, expectStatus, mintKey, rowCounts } from '../support/resources.js';
import { startStack, type TestStack } from '../support/stack.js';
import { json, startToolServer, type ToolServer } from '../support/tool-server.js';

const IMPORT = '/v1/tools/import/openapi';

/** OpenAPI import on the real stack: the tools it writes, a generation calling them, re-imports. */
describe('importing http tools from an OpenAPI document', () => {
  let stack: TestStack;
  let model: ModelServer;
  let api: ToolServer;
  let providerId: string;

  beforeAll(async () => {
    [stack, model, api] = await Promise.all([startStack(), startModelServer(), startToolServer()]);
    providerId = await createProvider(stack, model);
    for (const path of ['/pets', '/pets/p-1', '/pets/p-1/notes'])
      api.route(path, (req, res) => json(res, 200, { ok: true, path: req.path }));
  });
  afterAll(async () => {
    await stack?.close();
    await model?.close();
    await api?.close();
  });
  beforeEach(() => model.reset());

  const importDoc = (body: Record<string, unknown>) => stack.api('POST', IMPORT, body);
  const toolsOf = (source: string) =>
    stack.db.agentTool.findMany({ where: { importSource: source }, orderBy: { importKey: 'asc' } });

  it('imports inline (dry run first); a generation calls the tools against a real server', async () => {
    const before = await stack.db.agentTool.count();
    const body = { document: petstore(), baseUrl: api.url, auth: { bearerAuth: 'tok-secret' } };
    const dry = await importDoc({ ...body, dryRun: true });
    expectStatus(dry, 200);
    expect(dry.body.created.map((c: { toolId: null }) => c.toolId)).toEqual([null, null, null, null]);
    expect(await stack.db.agentTool.count()).toBe(before);

    const res = await importDoc(body);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ source: 'Petstore', dryRun: false, updated: [], unchanged: [], missing: [] });
    expect(res.body.created.map((c: { name: string }) => c.name)).toEqual([
      'listPets',
      'createPet',
      'showPetById',
      'add_pet_note',
    ]);
    expect(res.body.skipped.map((s: { operation: string }) => s.operation)).toEqual([
      'PUT /pets/{petId}/photo',
      'GET /session',
    ]);
    const shown = await stack.api('GET', `/v1/tools/${res.body.created[2].toolId}`);
    expect(shown.body).toMatchObject({
      readOnly: true,
      importedFrom: { source: 'Petstore', operation: 'GET /pets/{petId}' },
      execute: { method: 'GET', url: `${api.url}/pets/{petId}`, headers: { Authorization: '[secret]' } },
    });
    // Stored as secret headers are: encrypted at rest.
    expect(
      JSON.stringify((await stack.db.agentTool.findUnique({ where: { id: shown.body.id } }))!.execute),
    ).not.toContain('tok-secret');

    const agentId = await createAgent(stack, {
      aiProviderId: providerId,
      toolIds: res.body.created.map((c: { toolId: string }) => c.toolId),
    });
    model.script(
      calls(
        ['listPets', { limit: 2 }],
        ['showPetById', { petId: 'p-1' }],
        ['createPet', { name: 'Rex', tag: 'dog' }],
        ['add_pet_note', { petId: 'p-1', text: 'good boy' }],
      ),
      { text: 'done' },
    );
    const run = await stack.api('POST', `/v1/agents/${agentId}/generate`, { prompt: 'pets' });
    expect(run.body.status).toBe('completed');
    const seen = (method: string, path: string) => api.requests.find((r) => r.method === method && r.path === path)!;
    expect(seen('GET', '/pets')).toMatchObject({ query: { limit: '2' }, body: null });
    expect(seen('GET', '/pets/p-1')).toMatchObject({ query: {}, body: null });
    expect(seen('POST', '/pets')).toMatchObject({ body: { name: 'Rex', tag: 'dog' } });
    expect(seen('POST', '/pets')!.headers['content-type']).toBe('application/json');
    expect(seen('POST', '/pets/p-1/notes')).toMatchObject({ body: 'text=good+boy' });
    expect(seen('POST', '/pets/p-1/notes')!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    for (const r of api.requests.filter((r) => r.path.startsWith('/pets')))
      expect(r.headers.authorization).toBe('Bearer tok-secret');
  });

  it('imports by URL through the address guard, resolving a relative server URL against it', async () => {
    const doc = petstore('/v2');
    doc.info.title = 'Petstore by URL';
    api.route('/spec/openapi.json', (_req, res) => json(res, 200, doc));
    const res = await importDoc({ url: `${api.url}/spec/openapi.json`, namePrefix: 'web', auth: { bearerAuth: 't' } });
    expectStatus(res, 200);
    expect(res.body.created.map((c: { name: string }) => c.name)).toContain('web_showPetById');
    const tools = await toolsOf('Petstore by URL');
    expect(tools.map((t) => (t.execute as { url: string }).url)).toContain(`${api.url}/v2/pets/{petId}`);
    // The guard's refusals, a missing document and a body that is not JSON change nothing.
    const before = await rowCounts(stack);
    const own = await importDoc({ url: `${stack.url}/v1/openapi.json` });
    expectError(own, 422);
    expect(own.body.error.message).toMatch(/Blocked request/);
    expectError(await importDoc({ url: `${api.url}/missing.json` }), 422);
    api.route('/spec/yaml', (_req, res) => {
      res.end('openapi: 3.0.0');
    });
    const yaml = await importDoc({ url: `${api.url}/spec/yaml` });
    expectError(yaml, 422);
    expect(yaml.body.error.message).toMatch(/not JSON/);
    expect(await rowCounts(stack)).toEqual(before);
  });

  it('re-importing updates tools in place by operation, creates new ones and reports or deletes missing ones', async () => {
    const doc = petstore();
    doc.info.title = 'Petstore v2';
    const body = { document: doc, baseUrl: api.url, auth: { bearerAuth: 'a' } };
    const first = await importDoc(body);
    expectStatus(first, 200);
    const ids = Object.fromEntries(first.body.created.map((c: { name: string; toolId: string }) => [c.name, c.toolId]));
    expect((await importDoc(body)).body.unchanged).toHaveLength(4);

    const changed = petstore();
    changed.info.title = 'Petstore v2';
    changed.paths['/pets/{petId}'].get.summary = 'One pet';
    changed.paths['/pets/{petId}'].delete = { operationId: 'deletePet' };
    delete changed.paths['/pets/{petId}/notes'];
    const res = await importDoc({ ...body, document: changed });
    expectStatus(res, 200);
    expect(res.body.updated).toEqual([
      { operation: 'GET /pets/{petId}', operationId: 'showPetById', name: 'showPetById', toolId: ids.showPetById },
    ]);
    expect(res.body.unchanged.map((u: { name: string }) => u.name)).toEqual(['listPets', 'createPet']);
    expect(res.body.created.map((c: { name: string }) => c.name)).toEqual(['deletePet']);
    expect(res.body.missing).toEqual([
      { operation: 'POST /pets/{petId}/notes', toolId: ids.add_pet_note, name: 'add_pet_note', deleted: false },
    ]);
    const shown = await stack.api('GET', `/v1/tools/${ids.showPetById}`);
    expect(shown.body.description).toBe('One pet\n\nOne pet by id.');
    expect(await toolsOf('Petstore v2')).toHaveLength(5);

    // A new credential is a change (compared decrypted); the stored one is replaced.
    const rotated = await importDoc({ ...body, document: changed, auth: { bearerAuth: 'b' } });
    expect(rotated.body.updated).toHaveLength(4);

    // A key allowed to create tools but not to update them cannot re-import over them.
    const creator = await mintKey(stack, [{ effect: 'Allow', action: ['agents:CreateAgentTool'], resource: ['*'] }]);
    const refused = await callAs(stack, creator.key, 'POST', IMPORT, { ...body, document: changed });
    expectError(refused, 403, 'forbidden');
    expect(refused.body.error.details).toMatchObject({ action: 'agents:UpdateAgentTool' });

    // deleteMissing: refused while an agent attaches the tool, a dry run deletes nothing, then it goes.
    const agentId = await createAgent(stack, { aiProviderId: providerId, toolIds: [ids.add_pet_note] });
    expectError(await importDoc({ ...body, document: changed, auth: { bearerAuth: 'b' }, deleteMissing: true }), 409);
    await stack.api('PATCH', `/v1/agents/${agentId}`, { toolIds: [] });
    const dry = await importDoc({
      ...body,
      document: changed,
      auth: { bearerAuth: 'b' },
      deleteMissing: true,
      dryRun: true,
    });
    expect(dry.body.missing[0].deleted).toBe(false);
    expect(await toolsOf('Petstore v2')).toHaveLength(5);
    const gone = await importDoc({ ...body, document: changed, auth: { bearerAuth: 'b' }, deleteMissing: true });
    expect(gone.body.missing[0]).toMatchObject({ toolId: ids.add_pet_note, deleted: true });
    expect((await toolsOf('Petstore v2')).map((t) => t.id)).not.toContain(ids.add_pet_note);
  });

  it('refuses a cyclic $ref document and other bad input with a 4xx, creating nothing', async () => {
    const before = await rowCounts(stack);
    const cyclic = petstore();
    cyclic.info.title = 'Cyclic';
    cyclic.components.schemas.Owner.properties.pet = { $ref: '#/components/schemas/NewPet' };
    const res = await importDoc({ document: cyclic, baseUrl: api.url, auth: { bearerAuth: 'a' } });
    expectError(res, 422, 'unprocessable');
    expect(res.body.error.message).toMatch(/\$ref cycle/);
    expect(res.body.error.details).toMatchObject({ path: 'body.document', pointer: '/paths/~1pets/post/requestBody' });
    const doc = petstore();
    expectError(await importDoc({ document: doc, url: `${api.url}/spec/openapi.json` }), 422);
    expectError(await importDoc({ baseUrl: api.url }), 422);
    expectError(await importDoc({ document: doc, operations: ['nope'] }), 422);
    expectError(await importDoc({ document: doc, auth: { other: 'x' } }), 422);
    expectError(await importDoc({ document: doc, namePrefix: 'has space' }), 400);
    // Fuzz seed 64695170703953777550320329209220672821: a scheme name the document's pattern refuses.
    expectError(await importDoc({ document: doc, auth: { '': 'x' } }), 400);
    expectError(await importDoc({ document: { openapi: '2.0' } }), 422);
    expect(await rowCounts(stack)).toEqual(before);
  });
});
