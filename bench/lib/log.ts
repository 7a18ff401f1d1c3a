const started = performance.now();

/** Progress lines go to stderr so stdout carries only the final table. */
export function log(line: string): void {
  const s = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${s}s] ${line}\n`);
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n').slice(0, 6).join('\n');
  return String(err);
}
