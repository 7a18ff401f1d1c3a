import {
  CODE_DEFAULT_MEMORY_MB,
  CODE_DEFAULT_TIMEOUT_MS,
  CODE_OUTPUT_MAX_CHARS,
  codeExecuteConfigSchema,
} from '../../contracts/builtins/code-execute.js';
import { bodyLimits, ResponseTooLargeError } from '../../infra/net/body-limits.js';
import { readCapped } from '../../infra/net/read-capped.js';
import { requestFollowingRedirects } from '../../infra/net/redirects.js';
import { SsrfBlockedError } from '../../infra/net/ssrf.js';
import { capResult, TRUNCATION_MARKER } from '../http-tool.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { runInQuickJs } from './quickjs-sandbox.js';
import { abortWhen } from '../../infra/net/abort-when.js';

const MAX_CODE_CHARS = 100_000;

/**
 * The sandbox a call goes to and the key that belongs to it. The server's CODE_SANDBOX_API_KEY
 * goes only to the server's CODE_SANDBOX_URL: a project that sets its own URL (a server it may
 * control) sends it the project's own key or none.
 */
export async function sandboxEndpoint(call: BuiltinCall): Promise<{ url: string; apiKey?: string } | null> {
  const projectUrl = await call.setting('CODE_SANDBOX_URL');
  const projectKey = await call.setting('CODE_SANDBOX_API_KEY');
  if (projectUrl) return { url: projectUrl, ...(projectKey ? { apiKey: projectKey } : {}) };
  const url = call.options.codeSandboxUrl;
  if (!url) return null;
  const apiKey = projectKey ?? call.options.codeSandboxApiKey;
  return { url, ...(apiKey ? { apiKey } : {}) };
}

/** Languages other than JavaScript: POST { language, code, timeoutMs } to the configured sandbox service. */
async function runExternal(call: BuiltinCall, language: string, code: string, timeoutMs: number) {
  const sandbox = await sandboxEndpoint(call);
  if (!sandbox)
    return builtinError(
      `Code sandbox is not configured for ${language}: set CODE_SANDBOX_URL (environment or PUT /v1/settings/CODE_SANDBOX_URL). JavaScript runs without it.`,
    );
  const { url, apiKey } = sandbox;
  const deadline = abortWhen([call.signal], timeoutMs + 5000);
  try {
    // A redirect to another origin goes on without the key.
    const res = await requestFollowingRedirects(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ language, code, timeoutMs }),
      dispatcher: call.dispatcher,
      signal: deadline.signal,
      secretHeaders: ['authorization'],
      limits: bodyLimits.tool,
    });
    // A little more than the cap (multi-byte characters), then cut by characters.
    const { text: read } = await readCapped(res.body, CODE_OUTPUT_MAX_CHARS * 4 + 1024);
    const text = capResult(read, CODE_OUTPUT_MAX_CHARS);
    if (!res.ok) return builtinError(`Code sandbox answered HTTP ${res.status}`, { body: text.slice(0, 2000) });
    return builtinSuccess(text);
  } catch (err) {
    if (deadline.timedOut)
      return { status: 'timeout' as const, content: JSON.stringify({ error: 'Code sandbox timed out' }) };
    if (err instanceof ResponseTooLargeError) return builtinError(`Code sandbox answer refused: ${err.message}`);
    const cause = (err as { cause?: unknown }).cause;
    if (err instanceof SsrfBlockedError) return builtinError(err.message);
    if (cause instanceof SsrfBlockedError) return builtinError(cause.message);
    if (call.signal?.aborted) throw err;
    return builtinError(`Code sandbox unreachable: ${cause instanceof Error ? cause.message : (err as Error).message}`);
  } finally {
    deadline.dispose();
  }
}

export async function runCodeExecute(call: BuiltinCall): Promise<BuiltinResult> {
  const config = codeExecuteConfigSchema.parse(call.config);
  const { code, language = 'javascript' } = call.arguments;
  if (typeof code !== 'string' || code.trim() === '') return builtinError('code is required');
  if (code.length > MAX_CODE_CHARS) return builtinError(`code is longer than ${MAX_CODE_CHARS} characters`);
  if (typeof language !== 'string') return builtinError('language must be a string');
  const timeoutMs = Math.min(config.timeoutMs ?? CODE_DEFAULT_TIMEOUT_MS, call.tool.timeoutSeconds * 1000);
  const lang = language.toLowerCase();
  if (lang !== 'javascript' && lang !== 'js') return runExternal(call, lang, code, timeoutMs);
  const outcome = await runInQuickJs(
    code,
    {
      timeoutMs,
      memoryLimitBytes: (config.memoryLimitMb ?? CODE_DEFAULT_MEMORY_MB) * 1024 * 1024,
      maxOutputChars: CODE_OUTPUT_MAX_CHARS,
      maxResultChars: CODE_OUTPUT_MAX_CHARS,
    },
    { projectId: await call.projectId(), ...(call.signal ? { signal: call.signal } : {}) },
  );
  if (!outcome.ok) {
    const error =
      outcome.reason === 'timeout'
        ? `Execution stopped at the time limit (${timeoutMs} ms)`
        : outcome.reason === 'memory'
          ? `Execution stopped at the memory limit: ${outcome.error}`
          : outcome.error;
    return {
      status: outcome.reason === 'timeout' ? 'timeout' : 'error',
      content: JSON.stringify({ error, ...(outcome.output ? { output: outcome.output } : {}) }),
    };
  }
  return builtinSuccess({
    output: outcome.output,
    // A result cut in the sandbox comes back as its text up to the cap, marked.
    result: outcome.resultTruncated ? `${outcome.result as string}${TRUNCATION_MARKER}` : outcome.result,
    ...(outcome.outputTruncated ? { outputTruncated: true } : {}),
  });
}
