import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi/document.js';
import { parseInput } from '../../api/http.js';
import { type ApiError } from '../../contracts/errors.js';
import { builtinDefinitions } from '../../contracts/builtins/index.js';
import {
  agentStepRequestSchema,
  builtinToolSchema,
  createApiKeySchema,
  createDocumentSchema,
  createKnowledgeBaseSchema,
  createProviderSchema,
  createWebhookSchema,
  kindsRequiringBaseUrl,
  providerKindSchema,
  replaceProviderSchema,
  generateRequestSchema,
  httpToolSchema,
  listSessionsQuerySchema,
  listTracesQuerySchema,
  businessHoursSchema,
  MAX_POLICY_ENTRIES,
  settingDefinitions,
  settingKeys,
} from '../../contracts/schemas/index.js';
import type { ZodType } from 'zod';

/**
 * The document and the validators agree: what the document accepts is not a 400. Rules the
 * document cannot state are 422 (UNPROCESSABLE_RULE); rules it can state are restated in it.
 */
describe('the OpenAPI document states what the validators enforce', { timeout: 30_000 }, () => {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; required: boolean; schema: unknown }> }>>;
    components: { schemas: Record<string, unknown> };
  } & Record<string, unknown>;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const docId = 'https://durable-agents.invalid/openapi.json';
  ajv.addSchema({ $id: docId, components: doc.components });
  const documentAccepts = (component: string, value: unknown) =>
    ajv.compile({ $ref: `${docId}#/components/schemas/${component}` })(value);
  const statusOf = (schema: ZodType, value: unknown): number => {
    try {
      parseInput(schema, value, 'body');
      return 200;
    } catch (err) {
      return (err as ApiError).status;
    }
  };

  const kb = { name: 'kb', aiProviderId: 'aip_abcdefghijkl', embeddingModel: 'm' };
  it('chunkOverlap of half the chunkSize or more: valid for the document, 422 for the API', () => {
    const body = { ...kb, chunkSize: 400, chunkOverlap: 200 };
    expect(documentAccepts('CreateKnowledgeBase', body)).toBe(true);
    expect(statusOf(createKnowledgeBaseSchema, body)).toBe(422);
    expect(statusOf(createKnowledgeBaseSchema, { ...body, chunkOverlap: 199 })).toBe(200);
    // A schema violation next to the rule stays a 400.
    expect(statusOf(createKnowledgeBaseSchema, { ...body, chunkSize: 100 })).toBe(400);
  });

  it('agent-step: duplicate tool names are a 422; a tool request without arguments breaks the document', () => {
    const tool = { name: 'lookup', arguments: { type: 'object' } };
    const body = { aiProviderId: 'aip_abcdefghijkl', messages: [{ role: 'user', content: 'hi' }], tools: [tool, tool] };
    expect(documentAccepts('AgentStepRequest', body)).toBe(true);
    expect(statusOf(agentStepRequestSchema, body)).toBe(422);
    const noArguments = {
      aiProviderId: 'aip_abcdefghijkl',
      messages: [{ role: 'agent', toolRequest: { id: 'c1', name: 'lookup' } }],
    };
    expect(documentAccepts('AgentStepRequest', noArguments)).toBe(false);
    expect(statusOf(agentStepRequestSchema, noArguments)).toBe(400);
  });

  it('time zones: a malformed name is refused by both (400), an unknown well-formed one is a 422', () => {
    const hours = (timeZone: string) => ({ timeZone, schedule: [] });
    expect(documentAccepts('BusinessHours', hours('Europe/Paris'))).toBe(true);
    expect(statusOf(businessHoursSchema, hours('Europe/Paris'))).toBe(200);
    expect(statusOf(businessHoursSchema, hours('UTC'))).toBe(200);
    expect(documentAccepts('BusinessHours', hours('Mars/Olympus_Mons'))).toBe(true);
    expect(statusOf(businessHoursSchema, hours('Mars/Olympus_Mons'))).toBe(422);
    expect(documentAccepts('BusinessHours', hours(''))).toBe(false);
    expect(statusOf(businessHoursSchema, hours(''))).toBe(400);
  });

  it('builtin config: every builtin config rule is in the document, per builtin name', () => {
    for (const name of [...Object.keys(builtinDefinitions), 'agent_clarify']) {
      const tool = { type: 'builtin', name, config: { notAField: 1 } };
      expect(documentAccepts('BuiltinTool', tool), name).toBe(false);
      expect(statusOf(builtinToolSchema, tool), name).toBe(400);
      expect(documentAccepts('BuiltinTool', { type: 'builtin', name, config: {} }), name).toBe(true);
    }
    const limited = { type: 'builtin', name: 'web_search', config: { maxResults: 21 } };
    expect(documentAccepts('BuiltinTool', limited)).toBe(false);
    expect(statusOf(builtinToolSchema, limited)).toBe(400);
    const valid = { type: 'builtin', name: 'web_search', config: { maxResults: 5 } };
    expect(documentAccepts('BuiltinTool', valid)).toBe(true);
    expect(statusOf(builtinToolSchema, valid)).toBe(200);
  });

  it('storage config: the S3 fields come with backend "s3" (and its required ones with it), in both', () => {
    const s3 = {
      backend: 's3',
      endpoint: 'https://s3.example.com',
      s3Bucket: 'files',
      accessKeyId: 'AKIA',
      keyPrefix: 'agents/prod',
    };
    const cases: Array<[Record<string, unknown>, boolean]> = [
      [s3, true],
      [{ backend: 's3', endpoint: 'https://s3.example.com' }, false],
      [{ endpoint: 'https://s3.example.com' }, false],
      [{ backend: 'filesystem', region: 'us-east-1' }, false],
      [{ backend: 'filesystem' }, true],
      [{ ...s3, keyPrefix: 'a/../b' }, false],
      [{ ...s3, endpoint: 'ftp://s3.example.com' }, false],
    ];
    for (const [config, valid] of cases) {
      const tool = { type: 'builtin', name: 'storage_write', config };
      expect(documentAccepts('BuiltinTool', tool), JSON.stringify(config)).toBe(valid);
      expect(statusOf(builtinToolSchema, tool), JSON.stringify(config)).toBe(valid ? 200 : 400);
    }
  });

  it('session and trace lists take the cursor format the document states', () => {
    for (const [path, schema] of [
      ['/v1/sessions', listSessionsQuerySchema],
      ['/v1/traces', listTracesQuerySchema],
      ['/v1/agents/traces', listTracesQuerySchema],
    ] as const) {
      const cursor = doc.paths[path]!.get!.parameters!.find((p) => p.name === 'cursor')!;
      const pattern = new RegExp((cursor.schema as { pattern: string }).pattern);
      expect(pattern.test('1700000000000.ses_abc'), path).toBe(true);
      expect(pattern.test('opaque'), path).toBe(false);
      expect(() => parseInput(schema, { cursor: '1700000000000.ses_abc' }, 'query')).not.toThrow();
    }
  });

  it('the storage download query requires expires as digits', () => {
    const expires = doc.paths['/v1/storage/download']!.get!.parameters!.find((p) => p.name === 'expires')!;
    expect(expires.required).toBe(true);
    expect(expires.schema).toMatchObject({ type: 'string', pattern: '^[0-9]{1,12}$' });
  });

  it('a policy over the total of actions and resources: valid for the document, 422 for the API', () => {
    const statement = { effect: 'Allow', action: Array(100).fill('agents:GetAgent'), resource: Array(100).fill('*') };
    const over = { name: 'big', policy: { statements: Array(MAX_POLICY_ENTRIES / 200 + 1).fill(statement) } };
    expect(documentAccepts('CreateApiKey', over)).toBe(true);
    expect(statusOf(createApiKeySchema, over)).toBe(422);
    const atTheLimit = { name: 'big', policy: { statements: Array(MAX_POLICY_ENTRIES / 200).fill(statement) } };
    expect(statusOf(createApiKeySchema, atTheLimit)).toBe(200);
    // A schema violation next to the rule stays a 400.
    const alsoInvalid = {
      ...over,
      policy: { statements: [...over.policy.statements, { effect: 'allow', action: ['*'] }] },
    };
    expect(documentAccepts('CreateApiKey', alsoInvalid)).toBe(false);
    expect(statusOf(createApiKeySchema, alsoInvalid)).toBe(400);
    expect((doc.components.schemas.Policy as { description: string }).description).toMatch(/1000 .* 422/);
  });

  it('tool headers: the secret placeholder is refused by both; a name repeated in another case is a 422', () => {
    const tool = (headers: Record<string, unknown>) => ({
      type: 'http',
      name: 'lookup',
      parameters: { type: 'object' },
      execute: { url: 'https://tools.example.com/lookup', headers },
    });
    const twice = tool({ 'X-Token': 'a', 'x-token': 'b' });
    expect(documentAccepts('HttpTool', twice)).toBe(true);
    expect(statusOf(httpToolSchema, twice)).toBe(422);
    for (const placeholder of [tool({ 'X-Token': '[secret]' }), tool({ 'X-Token': { value: '[secret]' } })]) {
      expect(documentAccepts('HttpTool', placeholder)).toBe(false);
      expect(statusOf(httpToolSchema, placeholder)).toBe(400);
    }
    expect(statusOf(httpToolSchema, tool({ 'X-Token': { value: 'real', secret: true } }))).toBe(200);
  });

  it('tool parameters: type and $schema are stated (400); the rest of being a usable schema is a 422', () => {
    const tool = (parameters: Record<string, unknown>) => ({ type: 'http', name: 'lookup', parameters });
    const cases: Array<[Record<string, unknown>, boolean, number]> = [
      [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, true, 200],
      [{ type: 'object', $schema: 'https://json-schema.org/draft-07/schema' }, true, 200],
      [{ type: 'object', required: ['undeclared'] }, true, 422],
      [{ type: 'object', properties: 5 }, true, 422],
      [{ type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } }, true, 422],
      [{ type: 'object', properties: { a: { type: 'string', pattern: '([' } } }, true, 422],
      [
        { type: 'object', properties: Object.fromEntries(Array.from({ length: 21_000 }, (_, i) => [`p${i}`, true])) },
        true,
        422,
      ],
      [{ type: 'string' }, false, 400],
      [{ type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema' }, false, 400],
      // The stated rule is reported even when the schema also breaks one the document cannot state.
      [{ properties: 5 }, false, 400],
    ];
    for (const [parameters, valid, status] of cases) {
      const label = JSON.stringify(parameters).slice(0, 80);
      expect(documentAccepts('HttpTool', tool(parameters)), label).toBe(valid);
      expect(statusOf(httpToolSchema, tool(parameters)), label).toBe(status);
    }
  });

  it('document metadata: over the depth or size bound is a 422, and the description says so', () => {
    const body = {
      title: 't',
      content: 'c',
      metadata: Object.fromEntries(Array.from({ length: 21_000 }, (_, i) => [`k${i}`, i])),
    };
    expect(documentAccepts('CreateDocument', body)).toBe(true);
    expect(statusOf(createDocumentSchema, body)).toBe(422);
    expect(statusOf(createDocumentSchema, { ...body, metadata: { a: 1 } })).toBe(200);
    expect(JSON.stringify(doc.components.schemas.CreateDocument)).toMatch(/at most 20,000 values.*422/);
  });

  it('provider baseUrl: required for the kinds without a preset, optional for the others, in both', () => {
    for (const [component, schema] of [
      ['CreateAiProvider', createProviderSchema],
      ['ReplaceAiProvider', replaceProviderSchema],
    ] as const) {
      for (const kind of providerKindSchema.options) {
        const body = { name: 'p', kind, defaultModel: 'm' };
        const required = (kindsRequiringBaseUrl as readonly string[]).includes(kind);
        expect(documentAccepts(component, body), `${component} ${kind}`).toBe(!required);
        expect(statusOf(schema, body), `${component} ${kind}`).toBe(required ? 400 : 200);
        const withUrl = { ...body, baseUrl: 'https://llm.example.com/v1' };
        expect(documentAccepts(component, withUrl), `${component} ${kind} with baseUrl`).toBe(true);
        expect(statusOf(schema, withUrl)).toBe(200);
      }
    }
  });

  it('http(s) URLs: another scheme is refused by the document (pattern) and the validator (400)', () => {
    const bodies: Array<[string, ZodType, (url: string) => unknown]> = [
      ['CreateWebhook', createWebhookSchema, (url) => ({ url })],
      [
        'CreateAiProvider',
        createProviderSchema,
        (url) => ({ name: 'p', kind: 'openai_compatible', baseUrl: url, defaultModel: 'm' }),
      ],
      ['GenerateRequest', generateRequestSchema, (callbackUrl) => ({ prompt: 'hi', callbackUrl })],
      [
        'HttpTool',
        httpToolSchema,
        (url) => ({ type: 'http', name: 't', parameters: { type: 'object' }, execute: { url } }),
      ],
    ];
    for (const [component, schema, body] of bodies) {
      for (const url of ['ftp://files.example.com/x', 'mailto:someone@example.com', 'HTTP://example.com']) {
        expect(documentAccepts(component, body(url)), `${component} ${url}`).toBe(false);
        expect(statusOf(schema, body(url)), `${component} ${url}`).toBe(400);
      }
      // The pattern matches these, `format: uri` (RFC 3986) does not, and the URL parser repairs
      // them: the validator refuses them as the fuzzer's format check does (a negative case of
      // Schemathesis' coverage phase sent https://Ï and it was accepted).
      for (const url of [
        'https://Ï',
        'https://example.com ',
        'https://example.com/a[b]',
        'https://e.com/#a#b',
        'https://e.com/%zz',
      ]) {
        // An http tool's URL is a template (`format: uri-template`, {argument} placeholders): the
        // RFC 3986 rule narrows what the document says, so its refusal is a 422.
        expect(statusOf(schema, body(url)), `${component} ${url}`).toBe(component === 'HttpTool' ? 422 : 400);
      }
      for (const url of [
        'https://example.com/x',
        'http://127.0.0.1:11434/v1',
        'https://[::1]:8443/a?b=c#d',
        'https://u:p@e.com/%41',
      ]) {
        expect(documentAccepts(component, body(url)), `${component} ${url}`).toBe(true);
        expect(statusOf(schema, body(url)), `${component} ${url}`).toBe(200);
      }
    }
  });

  it("trace list dates: the document states the validator's date-time pattern", () => {
    const createdAfter = doc.paths['/v1/traces']!.get!.parameters!.find((p) => p.name === 'createdAfter')!;
    const pattern = new RegExp((createdAfter.schema as { pattern: string }).pattern);
    for (const value of [
      '2026-01-02T03:04:05Z',
      '2026-01-02T03:04:05.123+01:00',
      '2026-01-02t03:04:05z',
      '2016-12-31T23:59:60Z',
      '2026-01-02T03:04Z',
      '2026-02-30T00:00:00Z',
    ]) {
      const accepted = listTracesQuerySchema.safeParse({ createdAfter: value }).success;
      expect(pattern.test(value), value).toBe(accepted);
    }
  });

  it('setting values: each key states its rule (description and x-setting-values); a refused value is a 422', () => {
    const put = doc.components.schemas.PutSetting as {
      description: string;
      'x-setting-values': Record<string, object>;
    };
    const samples = [
      'https://sandbox.example.com',
      'ftp://sandbox.example.com',
      'not a url',
      'x'.repeat(3000),
      'token',
    ];
    for (const key of settingKeys) {
      expect(put.description, key).toContain(`${key}: ${settingDefinitions[key].rule}`);
      const stated = ajv.compile(put['x-setting-values'][key]!);
      for (const value of samples)
        expect(stated(value), `${key} ${value.slice(0, 30)}`).toBe(
          settingDefinitions[key].value.safeParse(value).success,
        );
    }
  });

  it('console assets document both of their content types', () => {
    const op = doc.paths['/console/{asset}']!.get! as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(op.responses['200']!.content).sort()).toEqual(['text/css', 'text/javascript']);
  });
});
