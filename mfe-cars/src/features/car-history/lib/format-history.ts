import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import type { FieldChange, HistorySection, Role } from '@pitwall/contracts';

/** Display names of team roles. */
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', engineer: 'Race engineer', mechanic: 'Mechanic', driver: 'Driver', member: 'Member' };

/** Sections whose changes include whole rows (gears by name, tire pressures by condition). */
const ROW_SECTIONS: readonly HistorySection[] = ['gear-ratios', 'tire-pressures'];

/** A maintenance value 'YYYY-MM-DD' as 'MMM d, yyyy' (the card's format); anything else unchanged. */
function displayValue(section: HistorySection, value: string): string {
  if (section !== 'maintenance' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : value;
}

/**
 * One field's change as a line, e.g. 'Front camber: -2.5° → -2.8°'. Rows of gear ratios and tire
 * pressures read '3rd: added 2.035' and '6th: removed 1.000'; other fields read 'Engine: set to 2.0 L'
 * and 'Notes: cleared (was Soft)'. Maintenance dates show as 'MMM d, yyyy'.
 */
export function formatChange(section: HistorySection, change: FieldChange): string {
  const before = change.before === null ? null : displayValue(section, change.before);
  const after = change.after === null ? null : displayValue(section, change.after);
  const rows = ROW_SECTIONS.includes(section);
  if (before === null && after === null) return `${change.field}: unchanged`;
  if (before === null) return `${change.field}: ${rows ? 'added' : 'set to'} ${after}`;
  if (after === null) return rows ? `${change.field}: removed ${before}` : `${change.field}: cleared (was ${before})`;
  return `${change.field}: ${before} → ${after}`;
}

/** An instant as 'MMM d, yyyy HH:mm' in the viewer's time zone, e.g. 'Mar 21, 2026 14:05'. */
export function formatAt(iso: string): string {
  return format(parseISO(iso), 'MMM d, yyyy HH:mm');
}

/** How long ago an instant was ('3 minutes ago', date-fns formatDistanceToNow); a clock behind the server's reads 'just now'. */
export function formatRelative(iso: string): string {
  const at = parseISO(iso);
  return at.getTime() > Date.now() ? 'just now' : formatDistanceToNow(at, { addSuffix: true });
}
