import { format, parseISO } from 'date-fns';
import type { SeriesRound } from '@pitwall/contracts';

/**
 * A round's days as the calendar prints them: one day 'Apr 12, 2026'; several 'Sat 2 – Sun 3 May 2026'
 * (across months 'Thu 30 Apr – Sat 2 May 2026').
 */
export function roundDates(round: Pick<SeriesRound, 'date' | 'endsOn'>): string {
  const first = parseISO(round.date);
  if (!round.endsOn || round.endsOn === round.date) return format(first, 'MMM d, yyyy');
  const last = parseISO(round.endsOn);
  const sameMonth = round.date.slice(0, 7) === round.endsOn.slice(0, 7);
  const sameYear = round.date.slice(0, 4) === round.endsOn.slice(0, 4);
  return `${format(first, sameMonth ? 'EEE d' : sameYear ? 'EEE d MMM' : 'EEE d MMM yyyy')} – ${format(last, 'EEE d MMM yyyy')}`;
}
