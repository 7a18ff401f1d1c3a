import { describe, expect, it } from 'vitest';
import { openApiTools, IMPORT_LIMITS } from '../../domain/openapi-import/convert.js';
import { OpenApiImportError } from '../../domain/openapi-import/refs.js';
import { petstore } from '../support/petstore-openapi.js';

const auth = { bearerAuth: 'tok-1' };
const byOp = (r: ReturnType<typeof openApiTools>, id: string) => r.tools.find((t) => t.operationId === id)!.tool;
const refused = (doc: unknown, opts = {}) => {
  try {
    openApiTools(doc, opts);
  } catch (err) {
    expect(err).toBeInstanceOf(OpenApiImportError);
    return err as OpenApiImportError;
  }
  throw new Error('the document was accepted');
};

describe('OpenAPI document → http tool definitions', () => {
  it('turns each operation into a tool: name, description, parameters, method, URL, encoding, auth, readOnly', () => {
    const r = openApiTools(petstore(), { auth });
    expect(r.source).toBe('Petstore');
    expect(r.tools.map((t) => t.tool.name)).toEqual(['listPets', 'createPet', 'showPetById', 'add_pet_note']);
    const show = byOp(r, 'showPetById');
    expect(show).toMatchObject({
      description: 'Info for a pet\n\nOne pet by id.',
      readOnly: true,
      parameters: {
        type: 'object',
        properties: { petId: { type: 'string', description: 'The pet' } },
        required: ['petId'],
        additionalProperties: false,
      },
      execute: {
        url: 'https://pets.example.com/v1/pets/{petId}',
        method: 'GET',
        headers: { Authorization: { value: 'Bearer tok-1', secret: true } },
      },
    });
    // 3.0's boolean exclusiveMaximum becomes draft-07's number; an optional query stays optional.
    expect(byOp(r, 'listPets').parameters).toEqual({
      type: 'object',
      properties: { limit: { type: 'integer', minimum: 1, exclusiveMaximum: 100 } },
      additionalProperties: false,
    });
    const create = byOp(r, 'createPet');
    expect(create.readOnly).toBe(false);
    expect(create.execute).toMatchObject({ method: 'POST', bodyEncoding: 'json' });
    expect(create.parameters).toMatchObject({
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 100 },
        tag: { type: ['string', 'null'] },
        owner: { type: 'object', properties: { email: { type: 'string' } } },
      },
    });
    expect(JSON.stringify(create.parameters)).not.toContain('$ref');
    // An optional request body makes its fields optional; the form encoding is kept.
    const note = byOp(r, 'add pet.note');
    expect(note.execute).toMatchObject({ method: 'POST', bodyEncoding: 'form' });
    expect(note.parameters.required).toEqual(['petId']);
  });

  it('skips what an http tool cannot send, with the reason', () => {
    const r = openApiTools(petstore(), { auth });
    expect(r.skipped).toEqual([
      expect.objectContaining({ operation: 'PUT /pets/{petId}/photo', reason: expect.stringMatching(/multipart/) }),
      expect.objectContaining({ operation: 'GET /session', reason: expect.stringMatching(/cookie parameter "sid"/) }),
    ]);
    expect(r.operationKeys).toHaveLength(6);
  });

  it('skips operations whose security scheme has no credential, and refuses unknown schemes', () => {
    const r = openApiTools(petstore());
    expect(r.tools).toEqual([]);
    expect(r.skipped.find((s) => s.operationId === 'listPets')!.reason).toMatch(/bearerAuth/);
    expect(refused(petstore(), { auth: { nope: 'x' } }).path).toBe('body.auth.nope');
    const doc = petstore();
    doc.components.securitySchemes.oauth = { type: 'oauth2', flows: {} };
    expect(refused(doc, { auth: { oauth: 'x' } }).message).toMatch(/apiKey in a header or http bearer/);
  });

  it('sends an apiKey scheme as its header and drops the header parameter it covers', () => {
    const doc = petstore();
    doc.components.securitySchemes = { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } };
    doc.security = [{ key: [] }];
    doc.paths['/pets'].get.parameters.push({ name: 'X-Api-Key', in: 'header', schema: { type: 'string' } });
    doc.paths['/pets'].post.parameters = [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }];
    const r = openApiTools(doc, { auth: { key: 'k-9' } });
    expect(byOp(r, 'listPets').execute!.headers).toEqual({ 'X-Api-Key': { value: 'k-9', secret: true } });
    expect(r.skipped.find((s) => s.operationId === 'createPet')!.reason).toMatch(/header parameter "X-Trace"/);
  });

  it('applies baseUrl, namePrefix, the operations filter, and names operations without operationId', () => {
    const doc = petstore();
    delete doc.paths['/pets'].get.operationId;
    const r = openApiTools(doc, {
      auth,
      baseUrl: 'http://127.0.0.1:9/api/',
      namePrefix: 'shop',
      operations: ['showPetById'],
    });
    expect(r.tools.map((t) => t.tool.name)).toEqual(['shop_showPetById']);
    expect(byOp(r, 'showPetById').execute!.url).toBe('http://127.0.0.1:9/api/pets/{petId}');
    expect(r.skipped).toEqual([]);
    const all = openApiTools(doc, { auth });
    expect(all.tools[0]).toMatchObject({ operationId: null, operation: 'GET /pets', tool: { name: 'get_pets' } });
    expect(refused(petstore(), { auth, operations: ['nope'] }).path).toBe('body.operations');
  });

  it('keeps names unique and within the tool-name rule', () => {
    const doc = petstore();
    doc.paths['/pets'].post.operationId = 'list Pets';
    doc.paths['/pets'].get.operationId = 'list-Pets!';
    doc.paths['/pets/{petId}'].get.operationId = 'x'.repeat(80);
    const names = openApiTools(doc, { auth }).tools.map((t) => t.tool.name);
    expect(names.slice(0, 3)).toEqual(['list-Pets', 'list_Pets', 'x'.repeat(64)]);
    doc.paths['/pets'].post.operationId = 'list-Pets?';
    expect(
      openApiTools(doc, { auth })
        .tools.map((t) => t.tool.name)
        .slice(0, 2),
    ).toEqual(['list-Pets', 'list-Pets_2']);
  });

  it('puts required query parameters of a POST in the URL and skips optional ones', () => {
    const doc = petstore();
    doc.paths['/pets'].post.parameters = [{ name: 'dry', in: 'query', required: true, schema: { type: 'boolean' } }];
    expect(byOp(openApiTools(doc, { auth }), 'createPet').execute!.url).toBe(
      'https://pets.example.com/v1/pets?dry={dry}',
    );
    doc.paths['/pets'].post.parameters[0].required = false;
    expect(openApiTools(doc, { auth }).skipped.map((s) => s.reason)).toContainEqual(
      expect.stringMatching(/optional query parameter "dry"/),
    );
  });

  it('refuses cyclic, external, dangling and over-deep $refs with where they are', () => {
    const cyclic = petstore();
    cyclic.components.schemas.Owner.properties.pets = { type: 'array', items: { $ref: '#/components/schemas/NewPet' } };
    const err = refused(cyclic, { auth });
    expect(err.message).toMatch(
      /\$ref cycle: #\/components\/schemas\/NewPet → .*Owner → #\/components\/schemas\/NewPet/,
    );
    expect(err.path).toBe('/paths/~1pets/post/requestBody');
    const external = petstore();
    external.components.schemas.Owner = { $ref: 'https://evil.example/owner.json' };
    expect(refused(external, { auth }).message).toMatch(/not local/);
    const dangling = petstore();
    delete dangling.components.schemas.Owner;
    expect(refused(dangling, { auth }).message).toMatch(/points to nothing/);
    const chain = petstore();
    for (let i = 0; i < 40; i++) chain.components.schemas[`S${i}`] = { $ref: `#/components/schemas/S${i + 1}` };
    chain.components.schemas.S40 = { type: 'string' };
    chain.components.schemas.Owner = { $ref: '#/components/schemas/S0' };
    expect(refused(chain, { auth }).message).toMatch(/deeper than 32/);
    const selfParam = petstore();
    selfParam.components.parameters.petId = { $ref: '#/components/parameters/petId' };
    expect(refused(selfParam, { auth }).message).toMatch(/cycle/);
  });

  it('bounds exponential $ref fan-out: the operation is skipped, or the import refused past the total', () => {
    const doc = petstore();
    // Each level refers to the next twice: 2^20 values if expanded.
    for (let i = 0; i < 20; i++)
      doc.components.schemas[`L${i}`] = {
        type: 'object',
        properties: { a: { $ref: `#/components/schemas/L${i + 1}` }, b: { $ref: `#/components/schemas/L${i + 1}` } },
      };
    doc.components.schemas.L20 = { type: 'string' };
    doc.components.schemas.Owner = { $ref: '#/components/schemas/L0' };
    const r = openApiTools(doc, { auth });
    expect(r.skipped.find((s) => s.operationId === 'createPet')!.reason).toMatch(/more than 20000 values/);
    // Many operations each at the bound together cross the import-wide total.
    for (let i = 0; i < 40; i++)
      doc.paths[`/copy${i}`] = { post: { ...doc.paths['/pets'].post, operationId: `c${i}` } };
    expect(refused(doc, { auth }).message).toMatch(/expansions|values in all/);
  });

  it('refuses documents that are not OpenAPI 3, have no title or paths, or declare too many operations', () => {
    expect(refused({ swagger: '2.0', info: { title: 'x' }, paths: {} }).path).toBe('/openapi');
    expect(refused({ openapi: '3.1.0', info: {}, paths: {} }).path).toBe('/info/title');
    expect(refused({ openapi: '3.1.0', info: { title: 'x' } }).path).toBe('/paths');
    const many = petstore();
    many.paths = Object.fromEntries(
      Array.from({ length: IMPORT_LIMITS.maxOperations + 1 }, (_, i) => [`/p${i}`, { get: {} }]),
    );
    expect(refused(many).message).toMatch(/501 operations; at most 500/);
    const deep: Record<string, unknown> = petstore();
    let node: Record<string, unknown> = deep;
    for (let i = 0; i < 70; i++) node = node.x = {};
    expect(refused(deep).message).toMatch(/deeper than 64/);
    const relative = petstore('/v1');
    expect(refused(relative, { auth }).message).toMatch(/not an absolute URL; pass baseUrl/);
    expect(
      byOp(openApiTools(relative, { auth, documentUrl: 'http://h.test/spec/openapi.json' }), 'listPets').execute!.url,
    ).toBe('http://h.test/v1/pets');
  });

  it('skips an operation whose schema breaks the tool-parameter rules (bounded JSON Schema check)', () => {
    const doc = petstore();
    doc.components.schemas.Owner = { type: 'object', properties: { email: { type: 'string', pattern: '(' } } };
    const r = openApiTools(doc, { auth });
    expect(r.skipped.find((s) => s.operationId === 'createPet')!.reason).toMatch(/invalid regular expression/);
    expect(r.tools.map((t) => t.operationId)).not.toContain('createPet');
  });
});
