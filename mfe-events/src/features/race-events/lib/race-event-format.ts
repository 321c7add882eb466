import type { Issue, IssuePriority, IssueStatus, IssueType } from '@pitwall/contracts';
import { ISSUE_TYPES } from '@pitwall/contracts/values';
import { calendarDay, isoDayText, longDateText } from './date-text';

/**
 * A race event date as 'MMMM d, yyyy' (docs/product.md, 'Constants and limits'), e.g. 'March 21, 2026'. The server answers an ISO
 * timestamp at UTC midnight of the chosen day; only its calendar date is used, so the day does not
 * shift in time zones west of UTC.
 */
export function formatRaceEventDate(isoDate: string): string {
  return longDateText(calendarDay(isoDate));
}

/** A race event's days: 'March 21, 2026', or 'May 2, 2026 – May 3, 2026' for one over several days (`endsOn` 'YYYY-MM-DD'). */
export function formatRaceEventDays(isoDate: string, endsOn: string | null): string {
  return endsOn === null ? formatRaceEventDate(isoDate) : `${formatRaceEventDate(isoDate)} – ${formatRaceEventDate(endsOn)}`;
}

/**
 * The weather a race event shows: the latest session's (sessions in running order; the last one
 * that recorded any), because it is what the crew saw last; else the race event's own; null
 * when neither says.
 */
export function shownWeather(raceEventWeather: string | null, sessions: readonly { weather: string | null }[] | undefined): string | null {
  const recorded = sessions?.findLast((s) => s.weather?.trim())?.weather;
  return recorded ?? (raceEventWeather?.trim() ? raceEventWeather : null);
}

/**
 * The Technical Setup line of the gear ratios: the gears without the final drive row, and the
 * final drive named apart ('6 gears + final drive configured'; 'Final drive configured' when it is
 * the only row), as a crew counts a gearbox.
 */
export function gearCountText(gearNames: readonly string[]): string {
  const isFinalDrive = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ') === 'final drive';
  const gears = gearNames.filter((name) => !isFinalDrive(name)).length;
  const finalDrive = gears < gearNames.length;
  if (gears === 0 && finalDrive) return 'Final drive configured';
  return `${gears} ${gears === 1 ? 'gear' : 'gears'}${finalDrive ? ' + final drive' : ''} configured`;
}

/** Today's local calendar date as 'YYYY-MM-DD' (the add-event form's default, docs/product.md, 'Validation'). */
export function todayIsoDate(now: Date = new Date()): string {
  return isoDayText(now);
}

/** Status labels, as the Issues tab counters name them. */
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  open: 'Open',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
};

/** Priority labels of the issue badges. */
export const ISSUE_PRIORITY_LABELS: Record<IssuePriority, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  future: 'Future',
};

/** 'Mechanical Issue', 'Tool Needed', 'Part Required' or 'General Note' (docs/product.md, 'Constants and limits'). */
export function issueTypeLabel(type: IssueType): string {
  return ISSUE_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** How many issues are in each status. */
export interface IssueStatusCounts {
  open: number;
  inProgress: number;
  resolved: number;
}

/**
 * Counts issues by their REAL status values 'open', 'in-progress' and 'resolved'. (The original
 * product compared against 'Open', 'In Progress', 'Resolved' and so counted nothing; docs/product.md, 'States and transitions')
 */
export function countIssueStatuses(issues: readonly Pick<Issue, 'status'>[]): IssueStatusCounts {
  const counts: IssueStatusCounts = { open: 0, inProgress: 0, resolved: 0 };
  for (const issue of issues) {
    if (issue.status === 'open') counts.open += 1;
    else if (issue.status === 'in-progress') counts.inProgress += 1;
    else if (issue.status === 'resolved') counts.resolved += 1;
  }
  return counts;
}

/** Badge tone of an issue status. */
export function statusTone(status: IssueStatus): 'danger' | 'warning' | 'success' {
  return status === 'open' ? 'danger' : status === 'in-progress' ? 'warning' : 'success';
}

/**
 * The car's race event before `current` by date (the latest one dated earlier; on the same day,
 * the one created before it), or null when `current` is the first. Used by 'Start from <previous
 * race event>'. `raceEvents` are the car's, in any order.
 */
export function previousRaceEvent<E extends { id: number; date: string }>(raceEvents: readonly E[], current: { id: number; date: string }): E | null {
  const day = (e: { date: string }) => e.date.slice(0, 10);
  const before = raceEvents.filter((e) => e.id !== current.id && (day(e) < day(current) || (day(e) === day(current) && e.id < current.id)));
  return before.sort((a, b) => day(a).localeCompare(day(b)) || a.id - b.id).at(-1) ?? null;
}
