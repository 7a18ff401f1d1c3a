import { errorText, log } from './log.js';

/**
 * Everything the run starts (processes, servers, databases) registers how to stop it here; the
 * stack is unwound in reverse on success, on failure and on SIGINT/SIGTERM, so the run always
 * exits by itself and leaves nothing behind.
 */
const stack: Array<{ name: string; fn: () => Promise<void> }> = [];
let running: Promise<void> | null = null;

export function onCleanup(name: string, fn: () => Promise<void>): void {
  stack.push({ name, fn });
}

export function runCleanup(): Promise<void> {
  running ??= (async () => {
    while (stack.length > 0) {
      const { name, fn } = stack.pop()!;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          fn(),
          new Promise<void>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out after 30 s')), 30_000);
          }),
        ]);
      } catch (err) {
        log(`cleanup of ${name} failed: ${errorText(err)}`);
      } finally {
        clearTimeout(timer);
      }
    }
  })();
  return running;
}

export function installSignalHandlers(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping everything the benchmark started…`);
      void runCleanup().finally(() => process.exit(130));
    });
  }
}
