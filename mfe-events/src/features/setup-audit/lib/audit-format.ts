import { format, formatDistance, parseISO } from 'date-fns';
import type { FieldChange, HistorySection, Role, SetupValues } from '@pitwall/contracts';
import { cornerWeightsLines, flattenSetupSheet, MAINTENANCE_ITEMS, SETUP_SHEET_FIELDS, setupSheetFieldLabel, SUSPENSION_SETTINGS } from '@pitwall/contracts/values';

/** Display names of the history sections (the car detail cards' titles). */
export const SECTION_LABELS: Record<HistorySection, string> = {
  basic: 'Basic Information',
  'gear-ratios': 'Gear Ratios',
  suspension: 'Suspension & Alignment',
  'tire-pressures': 'Tire Pressures',
  'tire-pressure-targets': 'Target Hot Pressures',
  'corner-weights': 'Corner Weights',
  'setup-sheet': 'Setup Sheet',
  'setup-targets': 'Setup Targets',
  maintenance: 'Maintenance',
  checklist: 'Checklist',
  issues: 'Issues',
  sessions: 'Run Sheets',
  parts: 'Parts',
  'race-plan': 'Race Plan',
};

/** The sections that make up a setup: what 'Setup changes' lists (issues have their own tab). */
export const SETUP_SECTIONS: readonly HistorySection[] = ['gear-ratios', 'suspension', 'tire-pressures', 'corner-weights', 'setup-sheet'];

/** Display names of team roles. */
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', engineer: 'Race engineer', mechanic: 'Mechanic', driver: 'Driver', member: 'Member' };

/** Sections whose changes are whole rows (gear names, tire conditions) as well as fields. */
const ROW_SECTIONS: readonly HistorySection[] = ['gear-ratios', 'tire-pressures'];

/**
 * One field's change as a sentence, e.g. 'Front camber: -2.5° → -2.8°'. A change from nothing reads
 * '3rd: added 2.035' for gear and tire rows, 'Front camber: set to -2.5°' for fields; a change to
 * nothing reads '6th: removed (3.010)' for rows, 'Notes: cleared (was …)' for fields.
 */
export function formatChange(section: HistorySection, change: FieldChange): string {
  const { field, before, after } = change;
  const rows = ROW_SECTIONS.includes(section);
  if (before === null && after === null) return `${field}: unchanged`;
  if (before === null) return `${field}: ${rows ? 'added' : 'set to'} ${after}`;
  if (after === null) return rows ? `${field}: removed (${before})` : `${field}: cleared (was ${before})`;
  return `${field}: ${before} → ${after}`;
}

/** An instant as 'MMM d, yyyy HH:mm' in the viewer's time zone, e.g. 'Mar 21, 2026 14:05'. */
export function formatAt(iso: string): string {
  return format(parseISO(iso), 'MMM d, yyyy HH:mm');
}

/** How long ago an instant was, e.g. '3 minutes ago' (date-fns formatDistance to `now`, as formatDistanceToNow). */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const at = parseISO(iso);
  // A clock a little behind the server's must not read 'in less than a minute'.
  return at > now ? 'just now' : formatDistance(at, now, { addSuffix: true });
}

/** A calendar date ('YYYY-MM-DD' or an ISO timestamp at UTC midnight) as 'MMM d, yyyy'. */
export function formatDay(isoDate: string): string {
  return format(parseISO(isoDate.slice(0, 10)), 'MMM d, yyyy');
}

/** The labelled maintenance items in the car card's order. */
export const MAINTENANCE_LABELS = MAINTENANCE_ITEMS;

/** One labelled value of a flattened setup, with the section it belongs to. */
export interface SetupLine {
  section: HistorySection;
  field: string;
  value: string | null;
  own: boolean;
}

/**
 * Flattens a setup into labelled lines, named exactly as the compare endpoint names its
 * differences ('{gear} ratio' — the race final drive is the 'Final Drive ratio' line —, 'Front
 * Camber', '{condition} pressures', the setup sheet's 'FL camber (°)'), so a line differs exactly
 * when the server lists its field in `differences`; the sheet's unrecorded fields have no line. Suspension lines are always present (value null when not set). `own`: the value
 * is the race event's own (for the baseline: every value).
 */
export function flattenSetup(setup: SetupValues, finalDriveRatio: string | null): SetupLine[] {
  const lines: SetupLine[] = [];
  for (const row of setup.gearRatios) lines.push({ section: 'gear-ratios', field: `${row.name} ratio`, value: row.ratio, own: row.own });
  // The race final drive is already the effective 'Final Drive' row; only a car without one gets a line for it.
  if (finalDriveRatio !== null && !lines.some((l) => l.field === 'Final Drive ratio')) lines.push({ section: 'gear-ratios', field: 'Final Drive ratio', value: finalDriveRatio, own: true });
  for (const s of SUSPENSION_SETTINGS) {
    lines.push({ section: 'suspension', field: `Front ${s.label}`, value: setup.suspension?.[`front${s.key}`] ?? null, own: setup.suspension?.ownFields.includes(`front${s.key}`) ?? false });
    lines.push({ section: 'suspension', field: `Rear ${s.label}`, value: setup.suspension?.[`rear${s.key}`] ?? null, own: setup.suspension?.ownFields.includes(`rear${s.key}`) ?? false });
  }
  for (const row of setup.tirePressures.items) {
    lines.push({ section: 'tire-pressures', field: `${row.condition} pressures`, value: `FL ${row.frontLeft}, FR ${row.frontRight}, RL ${row.rearLeft}, RR ${row.rearRight}`, own: row.own });
  }
  // Only a setup that has scales gets their lines (a comparison lists them when either side has them).
  if (setup.cornerWeights) for (const line of cornerWeightsLines(setup.cornerWeights)) lines.push({ section: 'corner-weights', ...line });
  // The setup sheet's recorded values, named by setupSheetFieldLabel as the compare endpoint names them ('FL camber (°)').
  const sheet = flattenSetupSheet(setup.setupSheet);
  for (const f of SETUP_SHEET_FIELDS) {
    if (sheet[f] !== null) lines.push({ section: 'setup-sheet', field: setupSheetFieldLabel(f), value: String(sheet[f]), own: setup.setupSheet.ownFields.includes(f) });
  }
  return lines;
}

/** A file-name-safe slug: 'MX-5 #27' → 'mx-5-27'. */
export function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'setup';
}
