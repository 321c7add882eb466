import type { ChangeEffect, ChangeVerdict } from '@pitwall/contracts';
import { setupSheetFieldLabel } from '@pitwall/contracts/values';

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

type SetupChange = ChangeEffect['changes'][number];

/**
 * A changed field's name for people: the setup sheet's own labels ('corners.fl.camberDeg' → 'FL
 * camber (°)'), else the API's name in words ('frontCamber' → 'Front camber', '3rd.ratio' → '3rd
 * ratio', 'Dry (Cold).frontLeft' → 'Dry (Cold) front left').
 */
export function changeLabel({ section, field }: Pick<SetupChange, 'section' | 'field'>): string {
  if (section === 'setup-sheet') return setupSheetFieldLabel(field);
  const words = field.split('.').map((part) => part.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One setup change as 'Front camber −3.5° → −3.8°' (a value not set as '—'). */
export const changeText = (c: SetupChange) => `${changeLabel(c)} ${c.from ?? '—'} → ${c.to ?? '—'}`;
