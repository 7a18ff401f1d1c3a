/**
 * Turns what an MCP server returns into bounded, model-ready text. Everything the server sends is
 * untrusted: shapes are checked as they are read, never assumed, and sizes are capped.
 */

export const MAX_DESCRIPTION_CHARS = 2_000;
export const MAX_INPUT_SCHEMA_CHARS = 20_000;
/** Replaces an input schema that is missing, malformed or too large. */
export const FALLBACK_INPUT_SCHEMA: Readonly<Record<string, unknown>> = Object.freeze({ type: 'object' });

export interface McpToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Cuts `text` to at most `max` characters, ending a cut one with `…`; never splits a surrogate pair. */
export function capText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end) + '…', truncated: true };
}

/** Keeps the input schema only if it is a JSON object of type "object" whose JSON is ≤ 20,000 characters. */
export function capInputSchema(schema: unknown): { inputSchema: Record<string, unknown>; replaced: boolean } {
  if (!isRecord(schema) || schema.type !== 'object')
    return { inputSchema: { ...FALLBACK_INPUT_SCHEMA }, replaced: true };
  let json: string;
  try {
    json = JSON.stringify(schema);
  } catch {
    return { inputSchema: { ...FALLBACK_INPUT_SCHEMA }, replaced: true };
  }
  if (json.length > MAX_INPUT_SCHEMA_CHARS) return { inputSchema: { ...FALLBACK_INPUT_SCHEMA }, replaced: true };
  return { inputSchema: JSON.parse(json) as Record<string, unknown>, replaced: false };
}

/** The four behaviour hints, kept only when they are booleans. */
export function pickAnnotations(annotations: unknown): McpToolAnnotations {
  const out: McpToolAnnotations = {};
  if (!isRecord(annotations)) return out;
  for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    const value = annotations[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/**
 * Whether a tool may destroy something, as the MCP specification defines the hints: `destructiveHint`
 * defaults to true and only means something when the tool is not read-only, so a tool is destructive
 * unless it says `readOnlyHint: true` or `destructiveHint: false` (an unannotated tool is destructive).
 */
export function isDestructive(annotations: McpToolAnnotations): boolean {
  return annotations.readOnlyHint !== true && annotations.destructiveHint !== false;
}

/** Size in bytes of base64 data, without decoding it. */
export function base64ByteLength(data: string): number {
  const clean = data.replace(/[^A-Za-z0-9+/=_-]/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function describeBlock(block: unknown): string {
  if (!isRecord(block)) return '[unsupported content]';
  switch (block.type) {
    case 'text':
      return str(block.text) ?? '';
    case 'image':
    case 'audio': {
      const mime = str(block.mimeType) ?? 'unknown type';
      const bytes = base64ByteLength(str(block.data) ?? '');
      return `[${block.type}: ${mime}, ${bytes} bytes]`;
    }
    case 'resource_link':
      return `[resource: ${str(block.uri) ?? 'unknown'}]`;
    case 'resource': {
      const resource = isRecord(block.resource) ? block.resource : {};
      const uri = str(resource.uri) ?? 'unknown';
      const text = str(resource.text);
      if (text !== undefined) return `[resource: ${uri}]\n${text}`;
      const blob = str(resource.blob);
      if (blob !== undefined)
        return `[resource: ${uri}, ${str(resource.mimeType) ?? 'unknown type'}, ${base64ByteLength(blob)} bytes]`;
      return `[resource: ${uri}]`;
    }
    default:
      return `[unsupported content: ${typeof block.type === 'string' ? block.type.slice(0, 40) : 'unknown'}]`;
  }
}

function sameJson(text: string, value: unknown): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    return JSON.stringify(JSON.parse(trimmed)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/**
 * A tools/call result as one compact string: blocks joined with newlines (text as is, binary as a
 * placeholder, resources by URI plus embedded text), then `structuredContent` as JSON unless a
 * text block already carries the same JSON (servers are asked to send both).
 */
export function formatToolResultContent(result: { content?: unknown; structuredContent?: unknown }): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const parts = blocks.map(describeBlock);
  const structured = result.structuredContent;
  if (structured !== undefined && structured !== null) {
    const texts = blocks.filter(
      (b): b is { text: string } => isRecord(b) && b.type === 'text' && typeof b.text === 'string',
    );
    if (!texts.some((b) => sameJson(b.text, structured))) parts.push(JSON.stringify(structured));
  }
  return parts.join('\n');
}

/**
 * Best-effort recovery of the text of a tools/call result whose HTTP response was cut off at the
 * byte cap: `prefix` holds the first bytes of that response (or of its SSE event). Returns the
 * first text block's text as far as it arrived, or null when none can be found.
 */
export function salvageTruncatedText(prefix: Uint8Array, eventStream: boolean, maxChars: number): string | null {
  let raw = new TextDecoder('utf-8').decode(prefix);
  if (eventStream) {
    raw = raw
      .split(/\r\n|\r|\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
  }
  if (/^\s*\{[^]*?"error"\s*:\s*\{/.test(raw.slice(0, 200))) return null;
  const match = /"type"\s*:\s*"text"\s*,\s*"text"\s*:\s*"|"text"\s*:\s*"/.exec(raw);
  if (!match) return null;
  let out = '';
  for (let i = match.index + match[0].length; i < raw.length && out.length < maxChars; i++) {
    const ch = raw[i]!;
    if (ch === '"') break;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = raw[++i];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = raw.slice(i + 1, i + 5);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      out += String.fromCharCode(parseInt(hex, 16));
      i += 4;
    } else {
      out += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[next] ?? next;
    }
  }
  return out.replace(/\uFFFD+$/, '');
}
