import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sandboxMemory } from '../../infra/isolation/sandbox-memory.js';
import { abortWhen } from '../../infra/net/abort-when.js';

/**
 * JavaScript in QuickJS compiled to WebAssembly, run on a worker thread: the program sees only
 * the ECMAScript built-ins and a `console` that records its output — no require, process, fetch,
 * filesystem or environment. QuickJS enforces the memory limit and interrupts at the deadline;
 * the thread keeps the activity's event loop (heartbeats) free and is terminated if it overstays.
 * Output and result are cut inside QuickJS, so what crosses back is small; each thread's memory
 * is admitted against the process's sandbox budget with a per-project share (docs/security.md).
 */

export interface SandboxLimits {
  timeoutMs: number;
  memoryLimitBytes: number;
  maxOutputChars: number;
  /** The result's JSON is cut at this many characters (then returned as that text). */
  maxResultChars: number;
}

export type SandboxOutcome =
  | { ok: true; output: string; result: unknown; outputTruncated: boolean; resultTruncated: boolean }
  | { ok: false; error: string; output: string; reason: 'timeout' | 'memory' | 'error' | 'busy' };

/** Each thread's own V8 heap: QuickJS' memory is its WebAssembly memory, bounded by the limit. */
const THREAD_HEAP_MB = 64;

const require = createRequire(import.meta.url);
const moduleUrls = {
  core: pathToFileURL(require.resolve('quickjs-emscripten-core')).href,
  variant: pathToFileURL(require.resolve('@jitl/quickjs-wasmfile-release-sync')).href,
};

// Plain JavaScript, evaluated as the thread's script (works the same from source and from dist/).
const threadSource = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { core, variant, code, limits } = workerData;
  const { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } = await import(core);
  const variantModule = await import(variant);
  const qjs = await newQuickJSWASMModuleFromVariant(variantModule.default ?? variantModule);
  const rt = qjs.newRuntime();
  rt.setMemoryLimit(limits.memoryLimitBytes);
  rt.setMaxStackSize(1024 * 1024);
  rt.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.timeoutMs));
  const ctx = rt.newContext();
  let output = '';
  let truncated = false;
  // Values are measured and cut inside QuickJS, so a huge string never crosses into this heap.
  const capFn = ctx.unwrapResult(ctx.evalCode(
    '(function (v, max, json) {' +
    '  if (typeof v === "string" && v.length > max) return [v.slice(0, max), true];' +
    '  var s = v;' +
    '  if (json || typeof v !== "string") { try { s = JSON.stringify(v); } catch (e) { s = String(v); } }' +
    '  if (s === undefined) s = json ? "null" : "undefined";' +
    '  return s.length > max ? [s.slice(0, max), true] : [s, false];' +
    '})',
  ));
  // [text, cut]: a value as text (JSON when asked), at most max characters.
  const cappedText = (handle, max, json) => {
    const args = [ctx.newNumber(max), json ? ctx.true : ctx.false];
    const r = ctx.callFunction(capFn, ctx.undefined, handle, ...args);
    args[0].dispose();
    if (r.error) { r.error.dispose(); return ['[unprintable]', false]; }
    const pair = ctx.dump(r.value);
    r.value.dispose();
    // At the memory limit even the cut may not be allocated.
    return Array.isArray(pair) && typeof pair[0] === 'string' ? pair : ['[unprintable]', false];
  };
  const write = (line) => {
    if (output.length + line.length + 1 > limits.maxOutputChars) {
      output += (line + '\\n').slice(0, Math.max(0, limits.maxOutputChars - output.length));
      truncated = true;
    } else output += line + '\\n';
  };
  const consoleHandle = ctx.newObject();
  for (const name of ['log', 'info', 'warn', 'error', 'debug']) {
    const fn = ctx.newFunction(name, (...args) => {
      if (truncated) return; // full: nothing more is read out of the sandbox
      const room = Math.max(0, limits.maxOutputChars - output.length) + 1;
      write(args.map((a) => cappedText(a, room, false)[0]).join(' '));
    });
    ctx.setProp(consoleHandle, name, fn);
    fn.dispose();
  }
  ctx.setProp(ctx.global, 'console', consoleHandle);
  consoleHandle.dispose();
  const describe = ctx.unwrapResult(ctx.evalCode(
    '(function (e) { return e && typeof e === "object" ? (e.name ? e.name + ": " : "") + e.message : String(e); })',
  ));
  const r = ctx.evalCode(workerData.code, 'program.js');
  if (r.error) {
    // At the memory limit QuickJS may not even allocate the Error: the thrown value is null.
    let message = 'out of memory';
    try {
      const kind = ctx.typeof(r.error);
      if (kind === 'object' || kind === 'string') {
        const d = ctx.callFunction(describe, ctx.undefined, r.error);
        if (d.error) d.error.dispose();
        else {
          const [text] = cappedText(d.value, 2000, false);
          d.value.dispose();
          if (text !== 'null' && text !== '[unprintable]') message = text;
        }
      } else {
        const e = ctx.dump(r.error);
        if (e !== null && e !== undefined) message = String(e).slice(0, 2000);
      }
    } catch {}
    r.error.dispose();
    const reason = /interrupted/.test(message) ? 'timeout' : /out of memory|string too long|stack overflow/i.test(message) ? 'memory' : 'error';
    parentPort.postMessage({ ok: false, error: message, output, reason });
  } else {
    // The result as JSON, cut at maxResultChars inside QuickJS: parsed back only when whole.
    const [json, cut] = cappedText(r.value, limits.maxResultChars, true);
    r.value.dispose();
    let result = json;
    if (!cut) { try { result = JSON.parse(json); } catch { result = json; } }
    parentPort.postMessage({ ok: true, output, result: result === undefined ? null : result, resultTruncated: cut, outputTruncated: truncated });
  }
  capFn.dispose();
  describe.dispose();
  ctx.dispose();
  rt.dispose();
})().catch((err) => parentPort.postMessage({ ok: false, error: String(err && err.message || err), output: '', reason: 'error' }));
`;

/**
 * Runs `code` once its memory is admitted: waiting for the budget counts against `timeoutMs`, and
 * a call that cannot be admitted in that time fails as `busy`.
 */
export async function runInQuickJs(
  code: string,
  limits: SandboxLimits,
  caller: { projectId: string; signal?: AbortSignal },
): Promise<SandboxOutcome> {
  const units = Math.ceil(limits.memoryLimitBytes / 1024 / 1024) + THREAD_HEAP_MB;
  const wait = abortWhen([caller.signal], limits.timeoutMs);
  let release: () => void;
  try {
    release = await sandboxMemory().acquire(caller.projectId, units, wait.signal);
  } catch (err) {
    if (caller.signal?.aborted) throw err;
    const error = wait.timedOut ? 'No sandbox memory was free within the time limit' : (err as Error).message;
    return { ok: false, error, output: '', reason: 'busy' };
  } finally {
    wait.dispose();
  }
  try {
    return await runThread(code, limits);
  } finally {
    release();
  }
}

function runThread(code: string, limits: SandboxLimits): Promise<SandboxOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(threadSource, {
      eval: true,
      workerData: { ...moduleUrls, code, limits },
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
      env: {},
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: SandboxOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      void worker.terminate();
      resolve(outcome);
    };
    // QuickJS interrupts at the deadline; this only catches a thread that does not come back.
    const guard = setTimeout(
      () => finish({ ok: false, error: `Stopped after ${limits.timeoutMs} ms`, output: '', reason: 'timeout' }),
      limits.timeoutMs + 5000,
    );
    worker.once('message', (m: SandboxOutcome) => finish(m));
    worker.once('error', (err) => finish({ ok: false, error: err.message, output: '', reason: 'error' }));
    worker.once('exit', () =>
      finish({ ok: false, error: 'The sandbox stopped unexpectedly', output: '', reason: 'memory' }),
    );
  });
}
