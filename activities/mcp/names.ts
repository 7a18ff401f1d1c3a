/**
 * Names the model sees for tools discovered on an MCP server (`{prefix}_{mcpToolName}`).
 *
 * Server tool names are untrusted: they may contain any character, be very long, repeat, or
 * differ only in characters that sanitising erases. Everything here is pure and import-free
 * (no node:crypto), so it can run in an activity or in workflow code alike, and the same inputs
 * always give the same names whatever order the server lists its tools in.
 */

/** What a model-facing tool name must match (the OpenAI function-name rule). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_TOOL_NAME_LENGTH = 64;
/** The prefix is the MCP tool's own `name` (contracts/schemas/tools.ts caps it at 32). */
export const MCP_PREFIX_PATTERN = /^[a-zA-Z0-9_-]{1,32}$/;

const HASH_LENGTH = 8;

export interface ResolvedMcpTool {
  /** `{prefix}_{sanitised name}`: what the model sees; unique within the server, ≤ 64 chars. */
  resolvedName: string;
  /** The server's own name, used verbatim in `tools/call`. */
  originalName: string;
  /** Position of this tool in the server's list (the first occurrence, for duplicates). */
  index: number;
}

export interface McpNameCollision {
  resolvedName: string;
  /** Every occurrence of the name in the server's list: the first was kept, the others dropped. */
  originalNames: string[];
  message: string;
}

export interface ResolvedMcpToolNames {
  /** One entry per distinct server name, in the server's order. Doubles as the reverse map. */
  tools: ResolvedMcpTool[];
  /** Exact duplicate names: reported, never silently replacing the first. */
  collisions: McpNameCollision[];
}

/** Replaces each character (code point) outside [a-zA-Z0-9_-] with `_`. */
export function sanitiseToolName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/gu, '_');
}

/** FNV-1a over UTF-16 code units, as 8 hex digits: a short, stable fingerprint (not a security hash). */
export function stableNameHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(HASH_LENGTH, '0');
}

/**
 * `{prefix}_{sanitised}`; when that is longer than 64 characters, a readable head of it followed by
 * `_` and a hash of the original name (so two long names sharing their first 50 characters still differ).
 */
function baseResolvedName(prefix: string, original: string): string {
  const full = `${prefix}_${sanitiseToolName(original)}`;
  if (full.length <= MAX_TOOL_NAME_LENGTH) return full;
  const head = full.slice(0, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1);
  return `${head}_${stableNameHash(original)}`;
}

/** `base` with `suffix` appended, cutting the end of `base` if the result would be too long. */
function withSuffix(base: string, suffix: string): string {
  return base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}

/** Code-unit order: deterministic and locale-independent (unlike localeCompare). */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Resolves the names of the tools one MCP server offers.
 *
 * - Each distinct server name gets one unique resolved name matching ^[a-zA-Z0-9_-]{1,64}$.
 * - Distinct names that sanitise alike (`files/read`, `files.read`, `files_read`) share the base name:
 *   a name that was already clean keeps it, then the others in code-unit order; every other one
 *   gets the first free `_2`, `_3`, … suffix. The order the server lists them in does not matter.
 * - A name listed more than once keeps its first occurrence and is reported in `collisions`.
 */
export function resolveMcpToolNames(prefix: string, serverToolNames: readonly string[]): ResolvedMcpToolNames {
  if (!MCP_PREFIX_PATTERN.test(prefix)) {
    throw new Error(`Invalid MCP tool prefix ${JSON.stringify(prefix)}: it must match ${MCP_PREFIX_PATTERN.source}`);
  }

  // Distinct names in first-seen order; repeats are collected for the report.
  const firstIndex = new Map<string, number>();
  const occurrences = new Map<string, number>();
  serverToolNames.forEach((name, index) => {
    if (!firstIndex.has(name)) firstIndex.set(name, index);
    occurrences.set(name, (occurrences.get(name) ?? 0) + 1);
  });

  // Group distinct originals by the base name they would get.
  const groups = new Map<string, string[]>();
  for (const original of firstIndex.keys()) {
    const base = baseResolvedName(prefix, original);
    const group = groups.get(base);
    if (group) group.push(original);
    else groups.set(base, [original]);
  }

  // Every base name is reserved by its group's winner before any suffix is handed out, so a suffixed
  // name never takes the plain name of another real tool (e.g. `a.b` → `p_a_b_2` vs a real `a_b_2`).
  const resolved = new Map<string, string>();
  const used = new Set<string>();
  const losers: Array<{ base: string; original: string }> = [];
  for (const [base, originals] of groups) {
    originals.sort((a, b) => {
      const aClean = sanitiseToolName(a) === a ? 0 : 1;
      const bClean = sanitiseToolName(b) === b ? 0 : 1;
      return aClean - bClean || compareStrings(a, b);
    });
    resolved.set(originals[0]!, base);
    used.add(base);
    for (const original of originals.slice(1)) losers.push({ base, original });
  }
  losers.sort((x, y) => compareStrings(x.base, y.base) || compareStrings(x.original, y.original));
  for (const { base, original } of losers) {
    let n = 2;
    let candidate = withSuffix(base, `_${n}`);
    while (used.has(candidate)) candidate = withSuffix(base, `_${++n}`);
    resolved.set(original, candidate);
    used.add(candidate);
  }

  const tools: ResolvedMcpTool[] = [...firstIndex].map(([originalName, index]) => ({
    resolvedName: resolved.get(originalName)!,
    originalName,
    index,
  }));
  const collisions: McpNameCollision[] = [];
  for (const [originalName, count] of occurrences) {
    if (count < 2) continue;
    const resolvedName = resolved.get(originalName)!;
    collisions.push({
      resolvedName,
      originalNames: Array.from({ length: count }, () => originalName),
      message:
        `MCP server "${prefix}" lists the tool ${JSON.stringify(originalName)} ${count} times; ` +
        `the first is used as "${resolvedName}" and the other ${count - 1} ignored`,
    });
  }
  return { tools, collisions };
}

export interface NamedToolEntry {
  /** The name the model sees. */
  resolvedName: string;
  /** The agent tool (row id) the name belongs to. */
  toolId: string;
  /** Optional, for the message: the tool's type ('http', 'client', 'mcp', …). */
  toolType?: string;
  /** Optional, for MCP tools: the server's own name. */
  originalName?: string;
}

export interface CrossToolCollision {
  resolvedName: string;
  entries: NamedToolEntry[];
  message: string;
}

function describeEntry(entry: NamedToolEntry): string {
  const kind = entry.toolType ? `${entry.toolType} tool` : 'tool';
  const origin = entry.originalName !== undefined ? ` (MCP tool ${JSON.stringify(entry.originalName)})` : '';
  return `${kind} ${entry.toolId}${origin}`;
}

/**
 * Finds model-facing names claimed more than once across the agent's tools (e.g. an MCP tool
 * resolving to the name of an http tool). `message` names every claimant; null when there is none.
 */
export function detectCrossToolCollisions(entries: readonly NamedToolEntry[]): {
  collisions: CrossToolCollision[];
  message: string | null;
} {
  const byName = new Map<string, NamedToolEntry[]>();
  for (const entry of entries) {
    const list = byName.get(entry.resolvedName);
    if (list) list.push(entry);
    else byName.set(entry.resolvedName, [entry]);
  }
  const collisions: CrossToolCollision[] = [];
  for (const [resolvedName, list] of byName) {
    if (list.length < 2) continue;
    const parts = list.map(describeEntry);
    const named =
      parts.length === 2 ? `both ${parts[0]} and ${parts[1]}` : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
    collisions.push({ resolvedName, entries: list, message: `Tool name "${resolvedName}" is used by ${named}` });
  }
  return { collisions, message: collisions.length ? collisions.map((c) => c.message).join('; ') : null };
}
