import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  capInputSchema,
  capText,
  formatToolResultContent,
  isDestructive,
  pickAnnotations,
  salvageTruncatedText,
} from '../../activities/mcp/content.js';
import { capBody, McpResponseTooLargeError } from '../../activities/mcp/fetch.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(bytes(chunks[i++]!));
      else controller.close();
    },
  });
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<{ text: string; error?: unknown }> {
  const reader = stream.getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text };
      text += new TextDecoder().decode(value);
    }
  } catch (error) {
    return { text, error };
  }
}

describe('formatToolResultContent', () => {
  it('joins text blocks and describes binary and resource blocks', () => {
    const text = formatToolResultContent({
      content: [
        { type: 'text', text: 'first' },
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'audio', mimeType: 'audio/wav', data: 'AAAA' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
        { type: 'resource', resource: { uri: 'file:///b.txt', text: 'embedded text' } },
        { type: 'resource', resource: { uri: 'file:///c.bin', mimeType: 'application/zip', blob: 'AAAAAA==' } },
        { type: 'mystery' },
        'not an object',
      ],
    });
    expect(text).toBe(
      [
        'first',
        '[image: image/png, 8 bytes]',
        '[audio: audio/wav, 3 bytes]',
        '[resource: file:///a.txt]',
        '[resource: file:///b.txt]\nembedded text',
        '[resource: file:///c.bin, application/zip, 4 bytes]',
        '[unsupported content: mystery]',
        '[unsupported content]',
      ].join('\n'),
    );
  });

  it('adds structuredContent as JSON unless a text block already carries it', () => {
    const structured = { temperature: 21, conditions: 'sunny' };
    expect(formatToolResultContent({ content: [], structuredContent: structured })).toBe(JSON.stringify(structured));
    expect(
      formatToolResultContent({
        content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
        structuredContent: structured,
      }),
    ).toBe(JSON.stringify(structured, null, 2));
    expect(
      formatToolResultContent({ content: [{ type: 'text', text: 'summary' }], structuredContent: structured }),
    ).toBe(`summary\n${JSON.stringify(structured)}`);
  });

  it('copes with a missing or malformed content list', () => {
    expect(formatToolResultContent({})).toBe('');
    expect(formatToolResultContent({ content: 'nope' })).toBe('');
  });
});

describe('discovery caps', () => {
  it('caps descriptions without splitting surrogate pairs', () => {
    expect(capText('short', 10)).toEqual({ text: 'short', truncated: false });
    const capped = capText('a'.repeat(5000), 2000);
    expect(capped.text).toHaveLength(2000);
    expect(capped.truncated).toBe(true);
    const emoji = capText(`${'a'.repeat(8)}😀😀`, 10);
    expect(emoji.text).toBe(`${'a'.repeat(8)}…`);
  });

  it('replaces missing, non-object or oversized input schemas and flags it', () => {
    expect(capInputSchema({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
      replaced: false,
    });
    expect(capInputSchema(undefined)).toEqual({ inputSchema: { type: 'object' }, replaced: true });
    expect(capInputSchema({ type: 'array' })).toEqual({ inputSchema: { type: 'object' }, replaced: true });
    expect(capInputSchema({ type: 'object', description: 'x'.repeat(20_001) })).toEqual({
      inputSchema: { type: 'object' },
      replaced: true,
    });
  });

  it('keeps only boolean annotation hints', () => {
    expect(pickAnnotations({ readOnlyHint: true, destructiveHint: 'yes', openWorldHint: false, title: 'x' })).toEqual({
      readOnlyHint: true,
      openWorldHint: false,
    });
    expect(pickAnnotations(null)).toEqual({});
  });

  it('a tool is destructive unless readOnlyHint is true or destructiveHint is false (MCP defaults)', () => {
    expect(isDestructive({})).toBe(true);
    expect(isDestructive(pickAnnotations({ destructiveHint: 'no' }))).toBe(true);
    expect(isDestructive({ readOnlyHint: false })).toBe(true);
    expect(isDestructive({ idempotentHint: true, openWorldHint: false })).toBe(true);
    expect(isDestructive({ destructiveHint: true })).toBe(true);
    expect(isDestructive({ readOnlyHint: true })).toBe(false);
    expect(isDestructive({ readOnlyHint: true, destructiveHint: true })).toBe(false);
    expect(isDestructive({ readOnlyHint: false, destructiveHint: false })).toBe(false);
    expect(isDestructive({ destructiveHint: false })).toBe(false);
  });

  it('computes base64 sizes without decoding', () => {
    expect(base64ByteLength(Buffer.from('hello world').toString('base64'))).toBe(11);
    expect(base64ByteLength('')).toBe(0);
  });
});

describe('salvageTruncatedText', () => {
  it('recovers the text of a cut JSON-RPC result, SSE-framed or not', () => {
    const json =
      '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"line 1\\nline \\"2\\" \\u00e9xxxxxxxx';
    expect(salvageTruncatedText(bytes(json), false, 100)).toBe('line 1\nline "2" éxxxxxxxx');
    expect(salvageTruncatedText(bytes(`event: message\ndata: ${json}`), true, 100)).toBe('line 1\nline "2" éxxxxxxxx');
    expect(salvageTruncatedText(bytes(json), false, 10)).toHaveLength(10);
  });

  it('drops a multi-byte character cut in half and gives up on errors', () => {
    const cut = bytes('{"result":{"content":[{"type":"text","text":"ab€').slice(0, -1);
    expect(salvageTruncatedText(cut, false, 100)).toBe('ab');
    expect(
      salvageTruncatedText(bytes('{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"text"}}'), false, 100),
    ).toBeNull();
    expect(salvageTruncatedText(bytes('garbage'), false, 100)).toBeNull();
  });
});

describe('capBody', () => {
  it('passes bodies under the cap through untouched', async () => {
    const result = await drain(capBody(streamOf(['abc', 'def']), 10, false, () => undefined));
    expect(result).toEqual({ text: 'abcdef' });
  });

  it('errors a body over the cap and reports its first bytes', async () => {
    let prefix: Uint8Array | undefined;
    const result = await drain(capBody(streamOf(['12345', '67890', 'abcde']), 8, false, (p) => (prefix = p)));
    expect(result.error).toBeInstanceOf(McpResponseTooLargeError);
    expect(result.text).toBe('12345');
    expect(new TextDecoder().decode(prefix)).toBe('12345678');
  });

  it('counts event streams per event, across chunk edges and CRLF', async () => {
    const events = ['data: aaaa\n\n', 'data: bbbb\r\n', '\r\ndata: cccc\n', '\n'];
    const ok = await drain(capBody(streamOf(events), 14, true, () => undefined));
    expect(ok.error).toBeUndefined();
    let prefix: Uint8Array | undefined;
    const big = await drain(
      capBody(streamOf(['data: small\n\n', 'data: ', 'x'.repeat(20), 'yyy\n\n']), 16, true, (p) => (prefix = p)),
    );
    expect(big.error).toBeInstanceOf(McpResponseTooLargeError);
    expect(new TextDecoder().decode(prefix)).toBe(`data: ${'x'.repeat(10)}`);
  });

  // The call's signal is released then (activities/mcp/fetch.ts), not when the session ends.
  it('says when the body is over: read to its end, cut at the cap, cancelled or failed', async () => {
    const ends = { read: 0, cut: 0, cancelled: 0, failed: 0 };
    const read = capBody(
      streamOf(['abc', 'def']),
      10,
      false,
      () => undefined,
      () => ends.read++,
    );
    const reader = read.getReader();
    await reader.read();
    expect(ends.read).toBe(0);
    while (!(await reader.read()).done);
    await drain(
      capBody(
        streamOf(['12345', '67890']),
        8,
        false,
        () => undefined,
        () => ends.cut++,
      ),
    );
    await capBody(
      streamOf(['abc', 'def']),
      10,
      false,
      () => undefined,
      () => ends.cancelled++,
    ).cancel('stop');
    const failing = new ReadableStream<Uint8Array>({ pull: (c) => c.error(new Error('reset')) });
    await drain(
      capBody(
        failing,
        10,
        false,
        () => undefined,
        () => ends.failed++,
      ),
    );
    expect(ends).toEqual({ read: 1, cut: 1, cancelled: 1, failed: 1 });
  });
});
