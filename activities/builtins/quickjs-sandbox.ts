import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * JavaScript in QuickJS compiled to WebAssembly, run on a worker thread: the program sees only
 * the ECMAScript built-ins and a `console` that records its output — no require, process, fetch,
 * filesystem or environment. QuickJS enforces the memory limit and interrupts at the deadline;
 * the thread keeps the activity's event loop (heartbeats) free and is terminated if it overstays.
 */

export interface SandboxLimits {
  timeoutMs: number;
  memoryLimitBytes: number;
  maxOutputChars: number;
}

export type SandboxOutcome =
  | { ok: true; output: string; result: unknown; outputTruncated: boolean }
  | { ok: false; error: string; output: string; reason: 'timeout' | 'memory' | 'error' };

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
  const write = (line) => {
    if (output.length + line.length + 1 > limits.maxOutputChars) {
      output += (line + '\\n').slice(0, Math.max(0, limits.maxOutputChars - output.length));
      truncated = true;
    } else output += line + '\\n';
  };
  const consoleHandle = ctx.newObject();
  for (const name of ['log', 'info', 'warn', 'error', 'debug']) {
    const fn = ctx.newFunction(name, (...args) => {
      write(args.map((a) => { const v = ctx.dump(a); return typeof v === 'string' ? v : JSON.stringify(v); }).join(' '));
    });
    ctx.setProp(consoleHandle, name, fn);
    fn.dispose();
  }
  ctx.setProp(ctx.global, 'console', consoleHandle);
  consoleHandle.dispose();
  const started = Date.now();
  const r = ctx.evalCode(workerData.code, 'program.js');
  if (r.error) {
    const e = ctx.dump(r.error);
    r.error.dispose();
    // At the memory limit QuickJS may not even allocate the Error: the thrown value is null.
    const message = e === null || e === undefined ? 'out of memory' : typeof e === 'object' ? (e.name ? e.name + ': ' : '') + e.message : String(e);
    const reason = /interrupted/.test(message) ? 'timeout' : /out of memory|string too long|stack overflow/i.test(message) ? 'memory' : 'error';
    parentPort.postMessage({ ok: false, error: message, output, reason });
  } else {
    let result = ctx.dump(r.value);
    r.value.dispose();
    try { JSON.stringify(result); } catch { result = String(result); }
    parentPort.postMessage({ ok: true, output, result: result === undefined ? null : result, outputTruncated: truncated });
  }
  ctx.dispose();
  rt.dispose();
})().catch((err) => parentPort.postMessage({ ok: false, error: String(err && err.message || err), output: '', reason: 'error' }));
`;

export function runInQuickJs(code: string, limits: SandboxLimits): Promise<SandboxOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(threadSource, {
      eval: true,
      workerData: { ...moduleUrls, code, limits },
      // The thread's own heap: QuickJS' memory lives in its WebAssembly memory, bounded by the limit.
      resourceLimits: { maxOldGenerationSizeMb: 64 + Math.ceil(limits.memoryLimitBytes / 1024 / 1024) },
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
