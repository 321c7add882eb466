import type { FeedbackTag, RunSession, SessionType, TeamUnits } from '@pitwall/contracts';
import { FEEDBACK_TAGS, formatLapTime, SESSION_TYPES } from '@pitwall/contracts/values';
import { entryUnit, fromApiNumber, unitLabel } from '@pitwall/setup-forms/display';
import { dayAndTimeText, localDateTimeText } from '../../race-events';

/** Display texts of the run sheets. Pure; numbers arrive from the API in ms, psi and °C. */

export const SESSION_TYPE_LABELS: Record<SessionType, string> = Object.fromEntries(SESSION_TYPES.map((t) => [t.value, t.label])) as Record<SessionType, string>;
export const FEEDBACK_TAG_LABELS: Record<FeedbackTag, string> = Object.fromEntries(FEEDBACK_TAGS.map((t) => [t.value, t.label])) as Record<FeedbackTag, string>;

/** A lap time in ms as '1:42.318', or '—' for none. */
export const lapTimeText = (ms: number | null) => (ms === null ? '—' : formatLapTime(ms));

/** A gap in ms as '+0.212 s' (never negative here: a lap is never faster than the sum of its best sectors). */
export const gapText = (ms: number) => `+${(Math.max(ms, 0) / 1000).toFixed(3)} s`;

/** A session's start as 'Sat 21 Mar, 09:10' (the viewer's time zone). */
export const sessionStartText = (iso: string) => dayAndTimeText(new Date(iso));

/** A sector time in ms as the timing sheets print it: '23.431' under a minute, '1:11.587' from a minute on. */
export const sectorTimeText = (ms: number) => (ms >= 60_000 ? formatLapTime(ms) : (ms / 1000).toFixed(3));

/** Sector times in ms as 'S1 23.431 · S2 1:11.587'. */
export const sectorsText = (sectorsMs: readonly number[]) => sectorsMs.map((ms, i) => `S${i + 1} ${sectorTimeText(ms)}`).join(' · ');

/** A temperature in °C in the team's unit with its label, e.g. '19 °C' or '66.2 °F'. */
export const temperatureText = (celsius: number, units: TeamUnits) => `${fromApiNumber(celsius, 'temperature', units)} ${unitLabel(entryUnit('temperature', units))}`;

/** 'Air 19 °C · Track 31 °C · Sunny' (the parts that are set), or null when none is. */
export function conditionsText(session: Pick<RunSession, 'airTempC' | 'trackTempC' | 'weather'>, units: TeamUnits): string | null {
  const parts = [
    session.airTempC !== null && `Air ${temperatureText(session.airTempC, units)}`,
    session.trackTempC !== null && `Track ${temperatureText(session.trackTempC, units)}`,
    session.weather,
  ].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(' · ') : null;
}

/** A 'datetime-local' input's value for an instant, in the viewer's time zone ('2026-03-21T09:10'). */
export const localDateTimeValue = (date: Date) => localDateTimeText(date);

/** A session's name under a chart's point: up to 8 characters, a longer one cut with '…' ('Qualifying' → 'Qualify…'). */
export const chartAxisName = (name: string) => (name.length > 8 ? `${name.slice(0, 7)}…` : name);
