import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi/document.js';

type Media = { schema?: unknown; example?: unknown };
type Operation = {
  operationId: string;
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

// Compiling a schema per operation takes seconds on a loaded 2-core machine: not a timing test.
describe('operation examples', { timeout: 30_000 }, () => {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  // The components are compiled once; each operation's schema refers to them through the document's id.
  const docId = 'https://durable-agents.invalid/openapi.json';
  ajv.addSchema({ $id: docId, components: doc.components });
  const validate = (schema: unknown, value: unknown) => {
    const check = ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${docId}#/components/`)),
    );
    return check(value) ? [] : check.errors;
  };
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));

  it('every JSON request body has an example that its schema accepts', () => {
    const bodies = operations.filter((op) => op.requestBody?.content?.['application/json']);
    expect(bodies.length).toBeGreaterThan(20);
    for (const op of bodies) {
      const media = op.requestBody!.content!['application/json']!;
      expect(media.example, op.operationId).toBeDefined();
      expect(validate(media.schema, media.example), op.operationId).toEqual([]);
    }
  });

  it('every JSON success response has an example that its schema accepts', () => {
    let count = 0;
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'];
        if (!status.startsWith('2') || !media) continue;
        count++;
        expect(media.example, `${op.operationId} ${status}`).toBeDefined();
        expect(validate(media.schema, media.example), `${op.operationId} ${status}`).toEqual([]);
      }
    }
    expect(count).toBeGreaterThan(40);
  });
});
