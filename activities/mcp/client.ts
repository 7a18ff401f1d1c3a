import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SsrfBlockedError } from '../../infra/net/ssrf.js';
import { capResult, TRUNCATION_MARKER } from '../http-tool.js';
import { DEFAULT_DISCOVERY_RESPONSE_BYTES, httpStatusOf, McpConnectError } from './connection.js';
import {
  capInputSchema,
  capText,
  formatToolResultContent,
  MAX_DESCRIPTION_CHARS,
  pickAnnotations,
  salvageTruncatedText,
} from './content.js';
import { startDeadline, withRequestSignal, type Deadline } from './deadline.js';
import { McpResponseTooLargeError, type CappedResponseEvent } from './fetch.js';
import { clip, displayUrl, shortMessage } from './messages.js';
import { StaleSessionError, withSession } from './session.js';
import {
  McpDiscoveryError,
  type DiscoveredMcpTool,
  type McpCallResult,
  type McpClientDeps,
  type McpDiscoveryFailure,
  type McpDiscoveryResult,
  type McpServerConfig,
  type McpToolCall,
} from './types.js';

export { McpSessionPool, type McpSessionPoolOptions } from './session-pool.js';
export * from './types.js';

/**
 * MCP client layer for activities: discovery (`tools/list`) and calls (`tools/call`), each request
 * with a timeout (never the SDK's 60 s default), and how their failures are described. Connecting is
 * in connection.ts and sessions in session.ts; the public types (types.ts) and McpSessionPool are
 * re-exported here, so importers need only this module.
 */

const MAX_PAGES = 100;
const MAX_TOOLS = 1_000;
const MAX_TOOL_NAME_CHARS = 512;

// Lenient result shapes: one odd tool or content block must not fail the whole list or result.
const listToolsResultSchema = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
const callToolResultSchema = z.looseObject({
  content: z.array(z.unknown()).optional(),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------
// Errors

function findInChain<T>(err: unknown, match: (e: unknown) => e is T): T | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 8; depth++) {
    if (match(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

function describeFailure(
  failure: unknown,
  url: string,
  deadline: Deadline,
): { kind: McpDiscoveryFailure; message: string } {
  const err = failure instanceof McpConnectError ? failure.cause : failure;
  const where = `MCP server ${displayUrl(url)}`;
  const blocked = findInChain(err, (e): e is SsrfBlockedError => e instanceof SsrfBlockedError);
  if (blocked) return { kind: 'blocked', message: `${where} refused by the SSRF guard: ${blocked.message}` };
  if (deadline.expired() || (err instanceof McpError && err.code === ErrorCode.RequestTimeout)) {
    return { kind: 'timeout', message: `${where} did not answer in time (deadline ${deadline.ms} ms)` };
  }
  const tooLarge = findInChain(err, (e): e is McpResponseTooLargeError => e instanceof McpResponseTooLargeError);
  if (tooLarge) return { kind: 'too_large', message: `${where} sent a response larger than ${tooLarge.limit} bytes` };
  if (err instanceof StaleSessionError) return { kind: 'session', message: `${where}: ${err.message}` };
  const network = findInChain(
    err,
    (e): e is Error & { code: string } =>
      e instanceof Error && NETWORK_CODES.has(String((e as { code?: unknown }).code)),
  );
  if (network) return { kind: 'unreachable', message: `${where} is unreachable: ${clip(network.message)}` };
  const status = httpStatusOf(err);
  if (status !== undefined && status > 0)
    return { kind: 'http', message: `${where} answered HTTP ${status}: ${shortMessage(err)}` };
  if (err instanceof McpError)
    return { kind: 'protocol', message: `${where} returned JSON-RPC error ${err.code}: ${shortMessage(err)}` };
  if (err instanceof z.ZodError || (err instanceof Error && err.name === 'ZodError')) {
    return { kind: 'protocol', message: `${where} sent a malformed response` };
  }
  if (err instanceof SseError)
    return { kind: 'unreachable', message: `${where}: SSE connection failed: ${shortMessage(err)}` };
  if (err instanceof TypeError && err.message === 'fetch failed') {
    const reason = err.cause instanceof Error ? err.cause.message : 'network error';
    return { kind: 'unreachable', message: `${where} is unreachable: ${clip(reason)}` };
  }
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  const detail = cause instanceof Error ? `${shortMessage(err)} (${shortMessage(cause)})` : shortMessage(err);
  return { kind: 'protocol', message: `${where} failed: ${detail}` };
}

// ---------------------------------------------------------------------------------------------
// Discovery

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readTool(raw: unknown, warnings: string[]): DiscoveredMcpTool | null {
  if (!isRecord(raw) || typeof raw.name !== 'string' || raw.name.length === 0) {
    warnings.push('Skipped a tool without a name');
    return null;
  }
  if (raw.name.length > MAX_TOOL_NAME_CHARS) {
    warnings.push(
      `Skipped a tool whose name is ${raw.name.length} characters long (limit ${MAX_TOOL_NAME_CHARS}): ${JSON.stringify(raw.name.slice(0, 40))}…`,
    );
    return null;
  }
  if (isRecord(raw.execution) && raw.execution.taskSupport === 'required') {
    // Such tools only run as MCP tasks (tasks/* polling), which this client does not drive.
    warnings.push(`Skipped ${JSON.stringify(raw.name.slice(0, 100))}: it requires task-based execution`);
    return null;
  }
  const description = capText(typeof raw.description === 'string' ? raw.description : '', MAX_DESCRIPTION_CHARS);
  const schema = capInputSchema(raw.inputSchema);
  return {
    name: raw.name,
    description: description.text,
    descriptionTruncated: description.truncated,
    inputSchema: schema.inputSchema,
    inputSchemaReplaced: schema.replaced,
    annotations: pickAnnotations(raw.annotations),
  };
}

/**
 * Lists the server's tools, following `nextCursor`. Throws McpDiscoveryError (with a clear message
 * and a `kind`) on any failure, so the caller can fail open; rethrows the activity's cancellation.
 */
export async function discoverMcpTools(config: McpServerConfig, deps: McpClientDeps): Promise<McpDiscoveryResult> {
  const deadline = startDeadline(config.deadlineMs ?? config.timeoutMs * 2, deps.signal);
  try {
    return await withSession(config, deps, deadline, config.timeoutMs, async (conn) => {
      let capped: CappedResponseEvent | undefined;
      const capAbort = new AbortController();
      conn.setCall({
        maxResponseBytes: config.maxResponseBytes ?? DEFAULT_DISCOVERY_RESPONSE_BYTES,
        onCapped: (event) => {
          capped = event;
          capAbort.abort(new McpResponseTooLargeError(event.limit));
        },
        fetchSignal: capAbort.signal,
      });
      try {
        const tools: DiscoveredMcpTool[] = [];
        const warnings: string[] = [];
        const seenCursors = new Set<string>();
        let cursor: string | undefined;
        for (let page = 0; ; page++) {
          if (page === MAX_PAGES) {
            warnings.push(`Stopped after ${MAX_PAGES} pages of tools/list`);
            break;
          }
          const timeout = Math.min(config.timeoutMs, deadline.remaining());
          const result = await withRequestSignal([deadline.signal, capAbort.signal], timeout, (options) =>
            conn.client.request(
              { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
              listToolsResultSchema,
              options,
            ),
          );
          for (const raw of result.tools) {
            if (tools.length === MAX_TOOLS) break;
            const tool = readTool(raw, warnings);
            if (tool) tools.push(tool);
          }
          if (tools.length === MAX_TOOLS && (result.tools.length > 0 || result.nextCursor)) {
            warnings.push(`Kept the first ${MAX_TOOLS} tools only`);
            break;
          }
          cursor = result.nextCursor;
          if (cursor === undefined) break;
          if (seenCursors.has(cursor)) {
            warnings.push('tools/list repeated a cursor; stopped paginating');
            break;
          }
          seenCursors.add(cursor);
        }
        return { tools, serverInfo: conn.serverInfo, transport: conn.kind, warnings };
      } catch (err) {
        throw capped ? new McpResponseTooLargeError(capped.limit) : err;
      } finally {
        conn.setCall(undefined);
      }
    });
  } catch (err) {
    if (deps.signal?.aborted) throw deps.signal.reason ?? err;
    const { kind, message } = describeFailure(err, config.url, deadline);
    throw new McpDiscoveryError(message, kind, { cause: err });
  } finally {
    deadline.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Calls

const errorContent = (error: string) => JSON.stringify({ error });

/**
 * Calls one tool. Every outcome becomes a result for the model: `isError` results and failures are
 * status 'error', a missed deadline is 'timeout', a response over the byte cap is cut while streaming
 * and returned as far as it arrived (truncated, with TRUNCATION_MARKER). Only the activity's
 * cancellation (deps.signal) throws.
 */
export async function callMcpTool(
  config: McpServerConfig,
  call: McpToolCall,
  deps: McpClientDeps,
): Promise<McpCallResult> {
  const args = call.arguments ?? {};
  if (!isRecord(args))
    return { status: 'error', content: errorContent('The tool arguments must be a JSON object'), truncated: false };
  if ('__invalid' in args)
    return { status: 'error', content: errorContent('The tool arguments were not valid JSON'), truncated: false };
  const deadline = startDeadline(call.timeoutMs, deps.signal);
  let capped: CappedResponseEvent | undefined;
  try {
    const result = await withSession(
      config,
      deps,
      deadline,
      Math.min(config.timeoutMs, call.timeoutMs),
      async (conn) => {
        const capAbort = new AbortController();
        const fetchAbort = new AbortController();
        conn.setCall({
          maxResponseBytes: call.maxResponseBytes,
          onCapped: (event) => {
            capped = event;
            capAbort.abort(new McpResponseTooLargeError(event.limit));
          },
          fetchSignal: fetchAbort.signal,
        });
        let completed = false;
        try {
          const response = await withRequestSignal(
            [deadline.signal, capAbort.signal],
            deadline.remaining(),
            (options) =>
              conn.client.request(
                { method: 'tools/call', params: { name: call.originalName, arguments: args } },
                callToolResultSchema,
                options,
              ),
          );
          completed = true;
          return response;
        } finally {
          conn.setCall(undefined);
          // A call that did not complete may leave its response stream open (a server that ignores
          // notifications/cancelled): drop it so a pooled session does not keep it.
          if (!completed) fetchAbort.abort();
        }
      },
    );
    const text = formatToolResultContent(result);
    const content = capResult(text, call.maxResultChars);
    return { status: result.isError ? 'error' : 'success', content, truncated: content.length !== text.length };
  } catch (err) {
    if (deps.signal?.aborted) throw deps.signal.reason ?? err;
    if (capped) {
      // Return what arrived, like http tools do with an oversized body.
      const salvaged = salvageTruncatedText(capped.prefix, capped.eventStream, call.maxResultChars);
      if (salvaged !== null) return { status: 'success', content: salvaged + TRUNCATION_MARKER, truncated: true };
      return {
        status: 'error',
        content: errorContent(`The MCP tool's response exceeded ${capped.limit} bytes and was cut off`),
        truncated: true,
      };
    }
    const { kind, message } = describeFailure(err, config.url, deadline);
    if (kind === 'timeout')
      return {
        status: 'timeout',
        content: errorContent(`MCP tool ${clip(call.originalName, 100)} timed out after ${call.timeoutMs} ms`),
        truncated: false,
      };
    return { status: 'error', content: errorContent(message), truncated: false };
  } finally {
    deadline.dispose();
  }
}
