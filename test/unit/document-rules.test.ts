import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi/document.js';
import { parseInput } from '../../api/http.js';
import { type ApiError } from '../../contracts/errors.js';
import { builtinDefinitions } from '../../contracts/builtins/index.js';
import {
  agentStepRequestSchema,
  builtinToolSchema,
  createKnowledgeBaseSchema,
  listSessionsQuerySchema,
  listTracesQuerySchema,
  businessHoursSchema,
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

  it('console assets document both of their content types', () => {
    const op = doc.paths['/console/{asset}']!.get! as unknown as {
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(op.responses['200']!.content).sort()).toEqual(['text/css', 'text/javascript']);
  });
});
