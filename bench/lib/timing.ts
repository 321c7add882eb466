/**
 * Clocks and small statistics for the bench: monotonic milliseconds, percentiles of latency
 * samples, and rates. Nothing here prints.
 */

/** Monotonic time in milliseconds (fractional). */
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** The p-th percentile (0..100) of `samples` by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Median of `samples` (the 50th percentile, nearest rank). */
export const median = (samples: readonly number[]): number => percentile(samples, 50);

/** Items per second for `count` items done in `ms` milliseconds. */
export const perSecond = (count: number, ms: number): number => (ms > 0 ? (count * 1000) / ms : Number.NaN);

/** Sleeps `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
