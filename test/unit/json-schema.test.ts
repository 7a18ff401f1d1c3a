import { describe, expect, it } from 'vitest';
import { jsonSchemaProblems, statedSchemaProblems } from '../../contracts/json-schema.js';

const paths = (schema: Record<string, unknown>) => jsonSchemaProblems(schema).map((p) => p.path.join('.'));

describe('tool parameters as JSON Schema', () => {
  it('accepts ordinary object schemas, local $refs, nested composition', () => {
    expect(jsonSchemaProblems({ type: 'object', properties: {} })).toEqual([]);
    expect(
      jsonSchemaProblems({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          city: { type: 'string', minLength: 1, pattern: '^[A-Z]' },
          unit: { enum: ['C', 'F'], default: 'C' },
          when: { $ref: '#/definitions/date' },
          tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        },
        required: ['city'],
        additionalProperties: false,
        definitions: { date: { type: 'string', format: 'date' } },
      }),
    ).toEqual([]);
  });

  it('requires type "object" at the top', () => {
    expect(paths({ type: 'string' })).toEqual(['type']);
    expect(paths({ properties: {} })).toEqual(['type']);
  });

  it('checks keyword types against the draft-07 meta-schema', () => {
    expect(paths({ type: 'object', properties: { a: { type: 'strnig' } } })).toContain('properties.a.type');
    expect(paths({ type: 'object', properties: { a: { minLength: -1 } } })).toContain('properties.a.minLength');
    expect(paths({ type: 'object', properties: [] })).toContain('properties');
    expect(paths({ type: 'object', required: [1] })).toContain('required.0');
    expect(paths({ type: 'object', additionalProperties: 'no' })).toContain('additionalProperties');
  });

  it('requires `required` to name declared properties', () => {
    expect(paths({ type: 'object', properties: { a: {} }, required: ['a', 'b'] })).toEqual(['required.1']);
    expect(paths({ type: 'object', required: ['a'] })).toEqual(['required.0']);
  });

  it('compiles regular expressions and resolves $refs locally only', () => {
    expect(paths({ type: 'object', properties: { a: { type: 'string', pattern: '([' } } })).toEqual([
      'properties.a.pattern',
    ]);
    expect(paths({ type: 'object', patternProperties: { '(': {} } })).toEqual(['patternProperties.(']);
    expect(paths({ type: 'object', properties: { a: { $ref: '#/definitions/missing' } } })).toEqual([
      'properties.a.$ref',
    ]);
    expect(paths({ type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } })).toEqual([
      'properties.a.$ref',
    ]);
    // Property names that look like keywords are names, and enum/default values are data.
    expect(
      jsonSchemaProblems({ type: 'object', properties: { pattern: { type: 'string' }, $ref: { type: 'string' } } }),
    ).toEqual([]);
    expect(
      jsonSchemaProblems({ type: 'object', properties: { a: { enum: [{ $ref: 'nowhere', pattern: '(' }] } } }),
    ).toEqual([]);
  });

  it('refuses other dialects, deep and huge schemas', () => {
    expect(paths({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' })).toEqual(['$schema']);
    // Every spelling of draft-07 the document's pattern allows (ajv knows only the http one by name).
    for (const $schema of [
      'http://json-schema.org/draft-07/schema#',
      'http://json-schema.org/draft-07/schema',
      'https://json-schema.org/draft-07/schema#',
      'https://json-schema.org/draft-07/schema',
    ])
      expect(jsonSchemaProblems({ $schema, type: 'object', properties: { a: { type: 'string' } } }), $schema).toEqual(
        [],
      );
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { a: deep } };
    expect(jsonSchemaProblems(deep)[0]!.message).toMatch(/deeper than 32/);
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 21_000 }, (_, i) => [`p${i}`, true])),
    };
    expect(jsonSchemaProblems(wide)[0]!.message).toMatch(/more than 20000 values/);
  });

  it('reports the rules the OpenAPI document states whatever else is wrong', () => {
    const deep = (n: number): Record<string, unknown> => (n === 0 ? {} : { a: deep(n - 1) });
    expect(paths(deep(40))).toEqual(['']);
    expect(statedSchemaProblems(deep(40)).map((p) => p.path.join('.'))).toEqual(['type']);
    expect(statedSchemaProblems({ type: 'object', $schema: 5, properties: 5 }).map((p) => p.path.join('.'))).toEqual([
      '$schema',
    ]);
    expect(statedSchemaProblems({ type: 'object', properties: 5 })).toEqual([]);
  });
});
