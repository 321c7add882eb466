import type { CrossDiagonal, MassUnit } from '@pitwall/contracts';
import { CROSS_DIAGONAL_LABELS, massFromKg } from '@pitwall/contracts/values';

/**
 * en-US number formats by their fraction digits ('max1': at most one), each made on its first use:
 * the page's first Intl object makes Chromium load ICU's data on the main thread (bench/README.md),
 * which a screen that shows no figure of these at first does not pay.
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat('en-US', options)));
  return format;
}
const oneDecimal = () => numberFormat('max1', { maximumFractionDigits: 1 });
const fixed = (digits: number) => numberFormat(String(digits), { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A mass (kg on the wire) in the team's unit: '1,400 kg', '3,086.5 lb'. */
export const formatMass = (kg: number, unit: MassUnit) => `${oneDecimal().format(massFromKg(kg, unit))} ${unit}`;

/** A signed mass, for the wedge: '+20 kg', '−20 kg'. */
export const formatSignedMass = (kg: number, unit: MassUnit) => `${kg > 0 ? '+' : kg < 0 ? '−' : ''}${formatMass(Math.abs(kg), unit)}`;

/** A percentage to 0.1: '50.7 %'. */
export const formatPercent = (percent: number) => `${fixed(1).format(percent)} %`;

/** Which diagonal a cross weight is on, as every screen says it: 'FL + RR'. */
export const diagonalLabel = (diagonal: CrossDiagonal) => CROSS_DIAGONAL_LABELS[diagonal];

/**
 * How far a figure is from its target, to 0.1 %: '0.7 % over target', '1.2 % under target', 'on
 * target' (within 0.05 %).
 */
export function targetDifference(percent: number, target: number): string {
  const diff = percent - target;
  if (Math.abs(diff) < 0.05) return 'on target';
  return `${formatPercent(Math.abs(diff))} ${diff > 0 ? 'over' : 'under'} target`;
}

/** A number to `digits` decimals with thousands separators. */
export const formatNumber = (value: number, digits: number) => fixed(digits).format(value);
