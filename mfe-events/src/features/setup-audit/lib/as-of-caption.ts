import { formatAt, formatDay } from './audit-format';

/** What 'As it was at…' shows: a race event's setup (the server's moment: its last change) or the end of a day. */
export type AsOfChoice = { kind: 'race-event'; name: string } | { kind: 'date'; day: string };

/**
 * The caption that says which moment a rebuilt setup shows, e.g. 'As it was at the last change for
 * Laguna Seca (Mar 21, 2026 14:32)' or 'As it was at the end of Mar 21, 2026 (last change
 * Mar 20, 2026 16:30)'. `at` is the instant of the last change the snapshot includes (null: none).
 * A race event means the moment of its last setup or final drive change, not its date.
 */
export function asOfCaption(choice: AsOfChoice, at: string | null): string {
  if (choice.kind === 'race-event') return `As it was at the last change for ${choice.name}${at ? ` (${formatAt(at)})` : ''}`;
  return `As it was at the end of ${formatDay(choice.day)}${at ? ` (last change ${formatAt(at)})` : ''}`;
}

/** The picker's option for a race event: 'the last change for Laguna Seca' (its date would read as the moment). */
export function raceEventOptionLabel(name: string): string {
  return `the last change for ${name}`;
}
