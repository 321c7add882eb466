import type { ChangeEffect, ChangeVerdict } from '@pitwall/contracts';

/** Display texts of the change effects. Pure; deltas arrive from the API in ms (after − before). */

/** The verdict in words. */
export const VERDICT_LABELS: Record<ChangeVerdict, string> = {
  faster: 'Faster',
  slower: 'Slower',
  'within noise': 'Within noise',
  'not comparable': 'Not comparable',
};

/** A lap-time delta in ms as '▼ 0.400 s' (quicker) or '▲ 0.120 s' (slower), '± 0.000 s' for none, '—' unknown. */
export function deltaText(ms: number | null): string {
  if (ms === null) return '—';
  const arrow = ms < 0 ? '▼' : ms > 0 ? '▲' : '±';
  return `${arrow} ${(Math.abs(ms) / 1000).toFixed(3)} s`;
}

/** The same delta for a screen reader: '0.400 s quicker', '0.120 s slower', 'no change', 'not known'. */
export function deltaWords(ms: number | null): string {
  if (ms === null) return 'not known';
  if (ms === 0) return 'no change';
  return `${(Math.abs(ms) / 1000).toFixed(3)} s ${ms < 0 ? 'quicker' : 'slower'}`;
}

/** One setup change as 'frontCamber −3.5° → −3.8°' (a value not set as '—'). */
export const changeText = (c: ChangeEffect['changes'][number]) => `${c.field} ${c.from ?? '—'} → ${c.to ?? '—'}`;
