import { describe, expect, it } from 'vitest';
import {
  CLASSIFY_TOOL,
  cappedDocument,
  classificationOf,
  classifyPrompt,
  classifyRequest,
  EXTRACT_TOOL,
  extractPrompt,
  extractRequest,
  replyJson,
  retryPrompt,
} from '../../activities/builtins/document-prompts.js';
import { DOCUMENT_INPUT_MAX_CHARS } from '../../contracts/builtins/documents.js';
import { toolArgumentProblems } from '../../domain/tool-argument-check.js';

const labels = ['invoice', 'contract', 'letter'];

describe('classify_document and extract_from_document arguments', () => {
  it('takes exactly one of documentId and text', () => {
    expect(classifyRequest({ text: 'hello', labels })).toEqual({ source: { text: 'hello' }, labels });
    expect(classifyRequest({ documentId: 'doc_1', labels, instructions: 'be strict' })).toEqual({
      source: { documentId: 'doc_1' },
      labels,
      instructions: 'be strict',
    });
    expect(classifyRequest({ labels })).toEqual({ refused: 'Give exactly one of documentId or text' });
    expect(classifyRequest({ documentId: 'doc_1', text: 'x', labels })).toEqual({
      refused: 'Give exactly one of documentId or text',
    });
    expect(classifyRequest({ text: '  ', labels })).toMatchObject({ refused: /non-empty/ });
    expect(classifyRequest({ text: 'x'.repeat(DOCUMENT_INPUT_MAX_CHARS + 1), labels })).toMatchObject({
      refused: /longer than 100000/,
    });
  });

  it('wants 2 to 50 unique non-empty labels', () => {
    expect(classifyRequest({ text: 't', labels: ['one'] })).toMatchObject({ refused: /2 to 50/ });
    expect(classifyRequest({ text: 't', labels: Array.from({ length: 51 }, (_, i) => `l${i}`) })).toMatchObject({
      refused: /2 to 50/,
    });
    expect(classifyRequest({ text: 't', labels: ['a', 'b', 'a'] })).toEqual({
      refused: 'labels must be unique; repeated: a',
    });
    expect(classifyRequest({ text: 't', labels: ['a', ''] })).toMatchObject({ refused: /non-empty string/ });
    expect(classifyRequest({ text: 't', labels: ['a', 3] })).toMatchObject({ refused: /non-empty string/ });
  });

  it('checks the extraction schema as tool parameters are checked, naming each problem', () => {
    const schema = { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] };
    expect(extractRequest({ text: 'x', schema })).toEqual({ source: { text: 'x' }, schema });
    expect(extractRequest({ text: 'x', schema: 'not a schema' })).toEqual({
      refused: 'schema must be a JSON Schema object',
    });
    expect(extractRequest({ text: 'x', schema: { type: 'object', required: ['missing'] } })).toEqual({
      refused: 'schema is not a usable JSON Schema',
      problems: ['schema.required.0: required property "missing" is not declared in properties'],
    });
    expect(
      extractRequest({ text: 'x', schema: { type: 'object', properties: { a: { $ref: 'http://x/y' } } } }),
    ).toMatchObject({ problems: [expect.stringMatching(/^schema\.properties\.a\.\$ref: .*local/)] });
    // Pathological sizes are bounded before anything else looks at the schema.
    let deep: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { a: deep } };
    expect(extractRequest({ text: 'x', schema: deep })).toMatchObject({
      problems: [expect.stringMatching(/nests deeper than 32 levels/)],
    });
  });
});

describe('the prompts', () => {
  it('cuts a long document at the cap and says so', () => {
    const doc = cappedDocument('a'.repeat(DOCUMENT_INPUT_MAX_CHARS + 10), 'Big');
    expect(doc.content).toHaveLength(DOCUMENT_INPUT_MAX_CHARS);
    expect(doc.truncated).toBe(true);
    const prompt = classifyPrompt(doc, { labels });
    expect(prompt.messages[1]!.content).toMatch(/^Document title: Big\n\(The document was cut at its first 100000/);
    expect(cappedDocument('short').truncated).toBe(false);
  });

  it('classification: the labels listed, the answer constrained to them by a forced call', () => {
    const prompt = classifyPrompt({ content: 'Pay 10 EUR', truncated: false }, { labels, instructions: 'focus' });
    expect(prompt.messages[0]!.content).toContain('- invoice\n- contract\n- letter\nInstructions: focus');
    expect(prompt.messages[1]).toEqual({ role: 'user', content: 'Pay 10 EUR' });
    expect(prompt.tool_choice).toEqual({ type: 'function', function: { name: CLASSIFY_TOOL } });
    expect(prompt.tools[0]!.function.parameters).toMatchObject({
      properties: { label: { enum: labels } },
      required: ['label', 'confidence', 'reasoning'],
    });
  });

  it('extraction: the schema is the forced call parameters, without its $schema', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { n: { type: 'integer' } },
    };
    const prompt = extractPrompt({ content: 'n is 4', truncated: false }, { schema });
    expect(prompt.tools[0]!.function).toMatchObject({
      name: EXTRACT_TOOL,
      parameters: { type: 'object', properties: { n: { type: 'integer' } } },
    });
    expect(prompt.tools[0]!.function.parameters).not.toHaveProperty('$schema');
    expect(prompt.tool_choice).toEqual({ type: 'function', function: { name: EXTRACT_TOOL } });
  });

  it('the retry repeats the request and adds what was wrong, quoting the refused answer', () => {
    const first = classifyPrompt({ content: 'x', truncated: false }, { labels });
    const again = retryPrompt(first, CLASSIFY_TOOL, {
      problem: 'the JSON does not match the schema',
      problems: ['$.n: must be integer'],
      previous: '{"n":"four"}',
    });
    expect(again.messages.slice(0, 2)).toEqual(first.messages);
    expect(again.messages[2]).toEqual({
      role: 'user',
      content:
        'Your previous answer was not accepted: the JSON does not match the schema.\n- $.n: must be integer\n' +
        `It was: {"n":"four"}\nAnswer again by calling ${CLASSIFY_TOOL}.`,
    });
    expect(again.tools).toBe(first.tools);
  });
});

describe('reading the answer', () => {
  const toolCall = (name: string, args: string) => ({
    content: null,
    tool_calls: [{ id: 'c', type: 'function' as const, function: { name, arguments: args } }],
  });

  it('reads the forced call, else JSON text (fenced or not)', () => {
    expect(replyJson(toolCall(CLASSIFY_TOOL, '{"label":"invoice"}'), CLASSIFY_TOOL)).toEqual({
      value: { label: 'invoice' },
    });
    expect(replyJson({ content: '```json\n{"a":1}\n```', tool_calls: [] }, EXTRACT_TOOL)).toEqual({ value: { a: 1 } });
    expect(replyJson({ content: 'I think invoice', tool_calls: [] }, CLASSIFY_TOOL)).toEqual({
      problem: 'the answer is not valid JSON',
      previous: 'I think invoice',
    });
    expect(replyJson({ content: '', tool_calls: [] }, CLASSIFY_TOOL)).toMatchObject({ problem: /no call/ });
  });

  it('a label outside the list, or a confidence outside 0..1, is refused', () => {
    expect(classificationOf({ label: 'invoice', confidence: 0.9, reasoning: 'amount due' }, labels)).toEqual({
      value: { label: 'invoice', confidence: 0.9, reasoning: 'amount due' },
    });
    expect(classificationOf({ label: 'receipt', confidence: 0.9, reasoning: '' }, labels)).toMatchObject({
      problem: 'the label "receipt" is not one of the labels ("invoice", "contract", "letter")',
    });
    expect(classificationOf({ label: 'Invoice', confidence: 0.9, reasoning: '' }, labels)).toHaveProperty('problem');
    expect(classificationOf({ label: 'invoice', confidence: 1.5, reasoning: '' }, labels)).toMatchObject({
      problem: 'confidence must be a number from 0 to 1',
    });
    expect(classificationOf({ label: 'invoice', confidence: 0.5 }, labels)).toMatchObject({
      problem: 'reasoning must be a string',
    });
    expect(classificationOf(['invoice'], labels)).toMatchObject({ problem: 'the answer is not a JSON object' });
  });

  it('the extraction check names problems from the JSON root and refuses a schema it cannot compile', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    expect(toolArgumentProblems({ schema, args: { n: 'x' }, root: '$', mustCompile: true })).toEqual([
      { path: '$.n', message: 'must be integer' },
    ]);
    expect(toolArgumentProblems({ schema, args: { n: 1 }, root: '$', mustCompile: true })).toEqual([]);
    const broken = { type: 'object', properties: { n: { $ref: '#/nowhere' } } };
    expect(toolArgumentProblems({ schema: broken, args: {}, mustCompile: true })).toMatchObject([
      { message: expect.stringMatching(/^the schema does not compile/) },
    ]);
    // A tool's stored schema keeps its old behaviour: one that does not compile checks nothing.
    expect(toolArgumentProblems({ schema: broken, args: {} })).toEqual([]);
  });
});
