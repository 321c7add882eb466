import type { ColdPressures, HotPressures, LapValue, PitStopValue, SessionDetails, StintValue, TreadTemperatures } from '@pitwall/contracts';

/**
 * The session aggregate (stream `session-{id}`, docs/product.md, 'Run sheets'): one on-track run of a car at a race
 * event — its details, laps, tire pressures and the driver's feedback. Its own short stream keeps
 * run sheets out of the car's stream (snapshotted every 100 events) and out of the race event's,
 * so sessions of one race event never contend for one stream's revision.
 */

/** A session was added to race event `raceEventId` of car `carId`. `createdAt` is an ISO timestamp. */
export interface SessionAdded {
  type: 'SessionAdded';
  data: { sessionId: number; carId: number; raceEventId: number; teamId: number; details: SessionDetails; createdAt: string };
}
/** The session's details changed: `details` is the complete new value. */
export interface SessionDetailsRevised {
  type: 'SessionDetailsRevised';
  data: { sessionId: number; carId: number; raceEventId: number; details: SessionDetails };
}
/** The session's laps, the complete list in order (times in ms). */
export interface SessionLapsSet {
  type: 'SessionLapsSet';
  data: { sessionId: number; carId: number; raceEventId: number; laps: LapValue[] };
}
/** The session's tire pressures (psi, °C), complete new values; a part null = not measured. */
export interface SessionTirePressuresSet {
  type: 'SessionTirePressuresSet';
  data: { sessionId: number; carId: number; raceEventId: number; cold: ColdPressures | null; hot: HotPressures | null };
}
/** One tire temperature reading of a session: after stint `stint` (1-based; null = after the run), taken at `measuredAt` (ISO, null = not noted), °C per tire. */
export interface TireTemperatureReadingValue {
  stint: number | null;
  measuredAt: string | null;
  corners: { fl: TreadTemperatures; fr: TreadTemperatures; rl: TreadTemperatures; rr: TreadTemperatures };
}
/** The session's tire temperature readings, the complete new list in stint order (after the run last). */
export interface SessionTireTemperaturesSet {
  type: 'SessionTireTemperaturesSet';
  data: { sessionId: number; carId: number; raceEventId: number; readings: TireTemperatureReadingValue[] };
}
/** The tire set the session ran on was chosen: a set of the team (its stream `tire-set-{id}`), or null = none any more. */
export interface SessionTireSetChosen {
  type: 'SessionTireSetChosen';
  data: { sessionId: number; carId: number; raceEventId: number; tireSetId: number | null };
}
/**
 * The session's stints, the complete list in lap order: driver, laps (1-based, inclusive, within the
 * session's laps, none shared), fuel added at the stop (L), the stop's time (ms), tire set fitted, notes.
 */
export interface SessionStintsSet {
  type: 'SessionStintsSet';
  data: { sessionId: number; carId: number; raceEventId: number; stints: StintValue[] };
}
/** The fuel in the tank after the session (L); null = not measured. */
export interface SessionFuelAtEndSet {
  type: 'SessionFuelAtEndSet';
  data: { sessionId: number; carId: number; raceEventId: number; fuelAtEndLitres: number | null };
}
/** A pit stop was logged as it happened (race day, laps may come later): `stop` its values, its `stopId` new (see PitStopValue). */
export interface PitStopLogged {
  type: 'PitStopLogged';
  data: { sessionId: number; carId: number; raceEventId: number; stop: PitStopValue };
}
/** A logged pit stop was corrected: `stop` its complete new value, same `stopId`. */
export interface PitStopRevised {
  type: 'PitStopRevised';
  data: { sessionId: number; carId: number; raceEventId: number; stop: PitStopValue };
}
/** A logged pit stop was removed (the stints before and after it join). */
export interface PitStopRemoved {
  type: 'PitStopRemoved';
  data: { sessionId: number; carId: number; raceEventId: number; stopId: number };
}
/** The session was deleted. */
export interface SessionRemoved {
  type: 'SessionRemoved';
  data: { sessionId: number; carId: number; raceEventId: number };
}

export type RunSessionEvent =
  | SessionAdded | SessionDetailsRevised | SessionLapsSet | SessionTirePressuresSet | SessionTireTemperaturesSet | SessionTireSetChosen | SessionStintsSet | SessionFuelAtEndSet
  | PitStopLogged | PitStopRevised | PitStopRemoved | SessionRemoved;

export type RunSessionState =
  | { status: 'none' | 'removed' }
  | {
      status: 'active';
      sessionId: number;
      carId: number;
      raceEventId: number;
      details: SessionDetails;
      laps: LapValue[];
      cold: ColdPressures | null;
      hot: HotPressures | null;
      /** Tire temperature readings in stint order; [] = none taken. */
      tireTemperatures: TireTemperatureReadingValue[];
      /** The team's tire set it ran on; null = none chosen. */
      tireSetId: number | null;
      /** The stints in lap order; [] = none recorded. */
      stints: StintValue[];
      /** Fuel in the tank after the session, L; null = not measured. */
      fuelAtEndLitres: number | null;
      /** The pit stops logged as they happened, in lap order; [] = none (the stints, if any, were entered whole). */
      pitStops: PitStopValue[];
    };

export const initialRunSessionState: RunSessionState = { status: 'none' };

export function evolveRunSession(state: RunSessionState, event: RunSessionEvent): RunSessionState {
  if (event.type === 'SessionAdded') {
    const { sessionId, carId, raceEventId, details } = event.data;
    return { status: 'active', sessionId, carId, raceEventId, details, laps: [], cold: null, hot: null, tireTemperatures: [], tireSetId: null, stints: [], fuelAtEndLitres: null, pitStops: [] };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'SessionDetailsRevised':
      return { ...state, details: event.data.details };
    case 'SessionLapsSet':
      return { ...state, laps: event.data.laps };
    case 'SessionTirePressuresSet':
      return { ...state, cold: event.data.cold, hot: event.data.hot };
    case 'SessionTireTemperaturesSet':
      return { ...state, tireTemperatures: event.data.readings };
    case 'SessionTireSetChosen':
      return { ...state, tireSetId: event.data.tireSetId };
    case 'SessionStintsSet':
      return { ...state, stints: event.data.stints };
    case 'SessionFuelAtEndSet':
      return { ...state, fuelAtEndLitres: event.data.fuelAtEndLitres };
    case 'PitStopLogged':
    case 'PitStopRevised':
      return { ...state, pitStops: [...state.pitStops.filter((s) => s.stopId !== event.data.stop.stopId), event.data.stop].sort((a, b) => a.inLap - b.inLap) };
    case 'PitStopRemoved':
      return { ...state, pitStops: state.pitStops.filter((s) => s.stopId !== event.data.stopId) };
    case 'SessionRemoved':
      return { status: 'removed' };
  }
}

export const runSessionStream = (sessionId: number) => `session-${sessionId}`;
