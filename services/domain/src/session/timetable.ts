import type { SessionDetails, SessionType } from '@pitwall/contracts';
import type { RunSessionEvent, RunSessionState } from './session.ts';

/**
 * The run sheet of a series round's timetable session (the timetable delivery sends these, never a
 * person): the session's name, type and start follow the organiser's timetable; everything a team
 * records in it is theirs.
 */

/**
 * Makes the run sheet of a timetable session (none yet: SessionAdded at `startsAt`, nothing else
 * filled in) or brings its name, type and start to the timetable's (no change: no event). A run
 * sheet the team removed stays removed.
 */
export interface ApplyTimetableSession {
  type: 'ApplyTimetableSession';
  data: { sessionId: number; carId: number; raceEventId: number; teamId: number; name: string; type: SessionType; startsAt: string; now: string };
}
/** A session left out of the timetable: its run sheet is removed when it holds nothing the team recorded, else kept (no event). */
export interface WithdrawTimetableSession {
  type: 'WithdrawTimetableSession';
}
export type TimetableSessionCommand = ApplyTimetableSession | WithdrawTimetableSession;

/** A run sheet's details with only a timetable's name, type and start (ISO). */
function timetableDetails(name: string, type: SessionType, startsAt: string): SessionDetails {
  return { name, type, startedAt: startsAt, driverMemberId: null, airTempC: null, trackTempC: null, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null };
}

/** True when the team recorded anything in the run sheet beyond the timetable's name, type and start. */
function holdsTeamData(state: Extract<RunSessionState, { status: 'active' }>): boolean {
  const { name: _n, type: _t, startedAt: _s, feedbackTags, ...rest } = state.details;
  return (
    feedbackTags.length > 0 || Object.values(rest).some((v) => v !== null) ||
    state.laps.length > 0 || state.cold !== null || state.hot !== null || state.tireTemperatures.length > 0 || state.tireSetId !== null ||
    state.stints.length > 0 || state.fuelAtEndLitres !== null || state.pitStops.length > 0
  );
}

/** Decides a timetable command on a run sheet (see the commands). Never throws: a missing run sheet of a withdrawal, or a removed one, gives no event. */
export function decideTimetableSession(command: TimetableSessionCommand, state: RunSessionState): RunSessionEvent[] {
  if (command.type === 'WithdrawTimetableSession') {
    if (state.status !== 'active' || holdsTeamData(state)) return [];
    const { sessionId, carId, raceEventId } = state;
    return [{ type: 'SessionRemoved', data: { sessionId, carId, raceEventId } }];
  }
  const d = command.data;
  if (state.status !== 'active') {
    if (state.status === 'removed') return [];
    return [{ type: 'SessionAdded', data: { sessionId: d.sessionId, carId: d.carId, raceEventId: d.raceEventId, teamId: d.teamId, details: timetableDetails(d.name, d.type, d.startsAt), createdAt: d.now } }];
  }
  const { details } = state;
  if (details.name === d.name && details.type === d.type && Date.parse(details.startedAt) === Date.parse(d.startsAt)) return [];
  return [{ type: 'SessionDetailsRevised', data: { sessionId: state.sessionId, carId: state.carId, raceEventId: state.raceEventId, details: { ...details, name: d.name, type: d.type, startedAt: d.startsAt } } }];
}
