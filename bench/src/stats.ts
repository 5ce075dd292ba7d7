/** Small statistics helpers for the benchmarks: percentiles, summaries, rates, number formatting. */

/** The p-th percentile (0..100) by nearest rank; `sorted` must be ascending. NaN when empty. */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  if (p <= 0) return sorted[0];
  if (p >= 100) return sorted[sorted.length - 1];
  const rank = Math.ceil((p / 100) * sorted.length); // 1-based nearest rank
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted([...values].sort((a, b) => a - b), p);
}

export interface Summary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** count, min, mean, p50, p95, p99, max of a list of values (milliseconds, usually), rounded to 0.01. */
export function summarize(values: readonly number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const r = (x: number) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : NaN);
  return {
    count: s.length,
    min: r(s[0] ?? NaN),
    mean: r(s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN),
    p50: r(percentileOfSorted(s, 50)),
    p95: r(percentileOfSorted(s, 95)),
    p99: r(percentileOfSorted(s, 99)),
    max: r(s[s.length - 1] ?? NaN),
  };
}

/** Events (or requests) per second, rounded to a whole number. */
export const perSecond = (count: number, ms: number) => (ms > 0 ? Math.round((count * 1000) / ms) : NaN);

/** 12345 -> "12,345". */
export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : String(n));

/** A latency in ms with two decimals below 10 ms, one below 100 and none above. */
export const ms = (n: number) => (!Number.isFinite(n) ? String(n) : Math.abs(n) < 10 ? n.toFixed(2) : Math.abs(n) < 100 ? n.toFixed(1) : n.toFixed(0)) + ' ms';

export const line = (s: Summary) => `p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  (n=${s.count})`;
