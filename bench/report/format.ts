import type { Measured } from '../lib/results.js';

export function ms(v: number | undefined | null): string {
  if (v === undefined || v === null || !Number.isFinite(v)) return '—';
  return v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0);
}

export function num(v: number | undefined | null, digits = 0): string {
  if (v === undefined || v === null || !Number.isFinite(v)) return '—';
  return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function times(v: number | null | undefined): string {
  if (v === undefined || v === null || !Number.isFinite(v)) return '—';
  return `${v < 10 ? v.toFixed(2) : v.toFixed(1)}×`;
}

export function ratioOf(a: number | undefined, b: number | undefined): number | null {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return a / b;
}

/** The value if measured, otherwise undefined. */
export function ok<T>(m: Measured<T> | undefined): (T & { status: 'ok' }) | undefined {
  return m && m.status === 'ok' ? m : undefined;
}

/** "error: …" / "n/a (…)" for a system that has no figure. */
export function missing<T>(m: Measured<T> | undefined): string {
  if (!m) return 'not run';
  if (m.status === 'ok') return '';
  return m.status === 'n/a' ? `n/a (${m.reason})` : `error: ${m.reason.split('\n')[0]}`;
}
