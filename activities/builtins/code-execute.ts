import { fetch } from 'undici';
import {
  CODE_DEFAULT_MEMORY_MB,
  CODE_DEFAULT_TIMEOUT_MS,
  CODE_OUTPUT_MAX_CHARS,
  codeExecuteConfigSchema,
} from '../../contracts/builtins/code-execute.js';
import { SsrfBlockedError } from '../../infra/net/ssrf.js';
import { capResult, TRUNCATION_MARKER } from '../http-tool.js';
import { builtinError, builtinSuccess, type BuiltinCall, type BuiltinResult } from './context.js';
import { runInQuickJs } from './quickjs-sandbox.js';
import { abortWhen } from '../../infra/net/abort-when.js';

const MAX_CODE_CHARS = 100_000;

/** Languages other than JavaScript: POST { language, code, timeoutMs } to the configured sandbox service. */
async function runExternal(call: BuiltinCall, language: string, code: string, timeoutMs: number) {
  const url = (await call.setting('CODE_SANDBOX_URL')) ?? call.options.codeSandboxUrl;
  if (!url)
    return builtinError(
      `Code sandbox is not configured for ${language}: set CODE_SANDBOX_URL (environment or PUT /v1/settings/CODE_SANDBOX_URL). JavaScript runs without it.`,
    );
  const apiKey = (await call.setting('CODE_SANDBOX_API_KEY')) ?? call.options.codeSandboxApiKey;
  const deadline = abortWhen([call.signal], timeoutMs + 5000);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({ language, code, timeoutMs }),
      dispatcher: call.dispatcher,
      signal: deadline.signal,
    });
    const text = capResult(await res.text(), CODE_OUTPUT_MAX_CHARS);
    if (!res.ok) return builtinError(`Code sandbox answered HTTP ${res.status}`, { body: text.slice(0, 2000) });
    return builtinSuccess(text);
  } catch (err) {
    if (deadline.timedOut)
      return { status: 'timeout' as const, content: JSON.stringify({ error: 'Code sandbox timed out' }) };
    const cause = (err as { cause?: unknown }).cause;
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
