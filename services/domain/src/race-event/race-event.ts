import type { RacePlanInput } from '@pitwall/contracts';

/** The race event aggregate (stream `raceEvent-{id}`): a car's race weekend, test or practice day. */

/** A race event was planned for a car. `date` is an ISO timestamp, `endsOn` its last day ('YYYY-MM-DD'; null: one day, as every v1 event). */
export interface RaceEventScheduled {
  type: 'RaceEventScheduled';
  data: {
    raceEventId: number;
    carId: number;
    teamId: number;
    name: string;
    location: string;
    date: string;
    endsOn: string | null;
    trackLength: string | null;
    weather: string | null;
    notes: string | null;
    profileImageUrl: string | null;
    timetableImageUrl: string | null;
    createdAt: string;
  };
}
/** The race event's final drive ratio (text that parses as a number, e.g. '2.866') and notes. */
export interface FinalDriveSet {
  type: 'FinalDriveSet';
  data: { raceEventId: number; carId: number; finalDriveRatio: string; finalDriveNotes: string | null };
}
/** The race event's profile and timetable images (complete new values). */
export interface RaceEventImagesSet {
  type: 'RaceEventImagesSet';
  data: { raceEventId: number; carId: number; profileImageUrl: string | null; timetableImageUrl: string | null };
}

/** The race event's track length, as written ('3.2 km', '2.43 mi'; null: unknown); read as km where distances are derived. */
export interface RaceEventTrackLengthSet {
  type: 'RaceEventTrackLengthSet';
  data: { raceEventId: number; carId: number; trackLength: string | null };
}

/**
 * The race event's race plan, the complete inputs (race length in minutes or laps, expected lap time
 * ms, fuel per lap L, tank L, reserve margin %, minimum stop time ms, drivers in order, driving-time
 * rules in minutes); the answers are computed from them with planRace when read.
 */
export interface RacePlanSet {
  type: 'RacePlanSet';
  data: { raceEventId: number; carId: number; plan: RacePlanInput };
}

/** A series round an entry of this car races; the round's timetable is delivered to this race event. */
export interface RaceEventRoundLinked {
  type: 'RaceEventRoundLinked';
  data: { raceEventId: number; carId: number; seriesId: number; roundId: number; entryId: number };
}
/** Timetable sessions of the linked round and the run sheets (sessions of this race event) they became. */
export interface TimetableSessionsLinked {
  type: 'TimetableSessionsLinked';
  data: { raceEventId: number; carId: number; sessions: { timetableSessionId: number; sessionId: number }[] };
}

export type RaceEventEvent = RaceEventScheduled | FinalDriveSet | RaceEventImagesSet | RaceEventTrackLengthSet | RacePlanSet | RaceEventRoundLinked | TimetableSessionsLinked;

/** The series round a race event races (see RaceEventRoundLinked). */
export interface RoundLink {
  seriesId: number;
  roundId: number;
  entryId: number;
}

export type RaceEventState =
  | { status: 'none' }
  | {
      status: 'scheduled';
      raceEventId: number;
      carId: number;
      trackLength: string | null;
      finalDriveRatio: string | null;
      finalDriveNotes: string | null;
      profileImageUrl: string | null;
      timetableImageUrl: string | null;
      /** The race plan's inputs; null = none planned. */
      racePlan: RacePlanInput | null;
      /** The series round it races; null = the team's own race event. */
      round: RoundLink | null;
      /** The run sheet (session id) of each timetable session delivered, by timetable session id. */
      timetableSessions: Record<number, number>;
    };

export const initialRaceEventState: RaceEventState = { status: 'none' };

export function evolveRaceEvent(state: RaceEventState, event: RaceEventEvent): RaceEventState {
  switch (event.type) {
    case 'RaceEventScheduled': {
      const d = event.data;
      return { status: 'scheduled', raceEventId: d.raceEventId, carId: d.carId, trackLength: d.trackLength, finalDriveRatio: null, finalDriveNotes: null, profileImageUrl: d.profileImageUrl, timetableImageUrl: d.timetableImageUrl, racePlan: null, round: null, timetableSessions: {} };
    }
    case 'FinalDriveSet':
      return state.status === 'scheduled' ? { ...state, finalDriveRatio: event.data.finalDriveRatio, finalDriveNotes: event.data.finalDriveNotes } : state;
    case 'RaceEventImagesSet':
      return state.status === 'scheduled' ? { ...state, profileImageUrl: event.data.profileImageUrl, timetableImageUrl: event.data.timetableImageUrl } : state;
    case 'RaceEventTrackLengthSet':
      return state.status === 'scheduled' ? { ...state, trackLength: event.data.trackLength } : state;
    case 'RacePlanSet':
      return state.status === 'scheduled' ? { ...state, racePlan: event.data.plan } : state;
    case 'RaceEventRoundLinked': {
      const { seriesId, roundId, entryId } = event.data;
      return state.status === 'scheduled' ? { ...state, round: { seriesId, roundId, entryId } } : state;
    }
    case 'TimetableSessionsLinked': {
      if (state.status !== 'scheduled') return state;
      const timetableSessions = { ...state.timetableSessions };
      for (const { timetableSessionId, sessionId } of event.data.sessions) timetableSessions[timetableSessionId] = sessionId;
      return { ...state, timetableSessions };
    }
  }
}

export const raceEventStream = (raceEventId: number) => `raceEvent-${raceEventId}`;
