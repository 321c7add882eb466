import type { RacePlanInput } from '@pitwall/contracts';
import { assertNever, sameValue, type Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { RaceEventEvent, RaceEventScheduled, RaceEventState, RoundLink } from './race-event.ts';
import { evolveRaceEvent, initialRaceEventState } from './race-event.ts';

export interface ScheduleRaceEvent {
  type: 'ScheduleRaceEvent';
  data: RaceEventScheduled['data'];
}
export interface SetFinalDrive {
  type: 'SetFinalDrive';
  data: { finalDriveRatio: string; finalDriveNotes: string | null };
}
/** Sets one or both images; an image left undefined keeps its value, null removes it. */
export interface SetRaceEventImages {
  type: 'SetRaceEventImages';
  data: { profileImageUrl?: string | null; timetableImageUrl?: string | null };
}
/** Applies a final drive, images and/or track length change atomically (a PATCH may carry all). `trackLength` null: unknown. */
export interface ReviseRaceEvent {
  type: 'ReviseRaceEvent';
  data: { finalDrive?: SetFinalDrive['data']; images?: SetRaceEventImages['data']; trackLength?: string | null };
}
/** Replaces the race plan's inputs (checked by RacePlanInput; the caller checks the drivers are the team's). */
export interface SetRacePlan {
  type: 'SetRacePlan';
  data: RacePlanInput;
}
/**
 * Delivers a series round to the car's race event (the timetable delivery sends it): a race event
 * that does not exist is scheduled from `schedule`; one not linked to a round is linked to `round`;
 * the timetable sessions in `sessions` not delivered yet are recorded with the proposed session ids
 * (those already delivered keep theirs). A race event linked to another round: ConflictError.
 */
export interface DeliverRound {
  type: 'DeliverRound';
  data: { schedule: RaceEventScheduled['data']; round: RoundLink; sessions: { timetableSessionId: number; sessionId: number }[] };
}
export type RaceEventCommand = ScheduleRaceEvent | SetFinalDrive | SetRaceEventImages | ReviseRaceEvent | SetRacePlan | DeliverRound;

/** A race plan with its keys in one order (plans read back from a jsonb store come with their keys reordered). */
const planInKeyOrder = (p: RacePlanInput): RacePlanInput => ({
  raceMinutes: p.raceMinutes, raceLaps: p.raceLaps, lapTimeMs: p.lapTimeMs, fuelPerLapLitres: p.fuelPerLapLitres, tankLitres: p.tankLitres, marginPercent: p.marginPercent, minStopMs: p.minStopMs, stintSplit: p.stintSplit,
  driverMemberIds: p.driverMemberIds, rules: { minDriverMinutes: p.rules.minDriverMinutes, maxDriverMinutes: p.rules.maxDriverMinutes, maxStintMinutes: p.rules.maxStintMinutes },
});

/** A ratio as a positive decimal number, e.g. '2.866' (docs/product.md, 'Validation'). */
const isRatio = (v: string) => /^[+]?(\d+\.?\d*|\.\d+)$/.test(v.trim()) && Number(v) > 0;

/**
 * Decides a race event command. Throws NotFoundError for a missing race event, ConflictError when
 * scheduling twice, ValidationError 'Final drive ratio must be a valid number'. No change → [].
 */
export function decideRaceEvent(command: RaceEventCommand, state: RaceEventState): RaceEventEvent[] {
  if (command.type === 'ScheduleRaceEvent') {
    if (state.status !== 'none') throw new ConflictError('Race event already exists');
    return [{ type: 'RaceEventScheduled', data: command.data }];
  }
  if (command.type === 'DeliverRound') return deliverRound(command, state);
  if (state.status !== 'scheduled') throw new NotFoundError('Race event not found');
  const { raceEventId, carId } = state;
  switch (command.type) {
    case 'SetFinalDrive': {
      const { finalDriveRatio, finalDriveNotes } = command.data;
      if (!isRatio(finalDriveRatio)) throw new ValidationError('finalDriveRatio: Final drive ratio must be a valid number');
      if (state.finalDriveRatio === finalDriveRatio && state.finalDriveNotes === finalDriveNotes) return [];
      return [{ type: 'FinalDriveSet', data: { raceEventId, carId, finalDriveRatio, finalDriveNotes } }];
    }
    case 'SetRaceEventImages': {
      const profileImageUrl = command.data.profileImageUrl === undefined ? state.profileImageUrl : command.data.profileImageUrl;
      const timetableImageUrl = command.data.timetableImageUrl === undefined ? state.timetableImageUrl : command.data.timetableImageUrl;
      if (profileImageUrl === state.profileImageUrl && timetableImageUrl === state.timetableImageUrl) return [];
      return [{ type: 'RaceEventImagesSet', data: { raceEventId, carId, profileImageUrl, timetableImageUrl } }];
    }
    case 'ReviseRaceEvent': {
      const { finalDrive, images, trackLength } = command.data;
      const first = finalDrive ? decideRaceEvent({ type: 'SetFinalDrive', data: finalDrive }, state) : [];
      const afterFirst = first.reduce(evolveRaceEvent, state);
      const second = images ? decideRaceEvent({ type: 'SetRaceEventImages', data: images }, afterFirst) : [];
      const length: RaceEventEvent[] = trackLength === undefined || trackLength === state.trackLength ? [] : [{ type: 'RaceEventTrackLengthSet', data: { raceEventId, carId, trackLength } }];
      return [...first, ...second, ...length];
    }
    case 'SetRacePlan': {
      const plan = planInKeyOrder(command.data);
      return state.racePlan && sameValue(plan, planInKeyOrder(state.racePlan)) ? [] : [{ type: 'RacePlanSet', data: { raceEventId, carId, plan } }];
    }
    default:
      return assertNever(command);
  }
}

function deliverRound({ data: { schedule, round, sessions } }: DeliverRound, state: RaceEventState): RaceEventEvent[] {
  const scheduled: RaceEventEvent[] = state.status === 'none' ? [{ type: 'RaceEventScheduled', data: schedule }] : [];
  const current = scheduled.reduce(evolveRaceEvent, state);
  if (current.status !== 'scheduled') throw new NotFoundError('Race event not found');
  const { raceEventId, carId } = current;
  if (current.round && (current.round.seriesId !== round.seriesId || current.round.roundId !== round.roundId)) throw new ConflictError('This race event races another series round');
  const linked: RaceEventEvent[] = current.round ? [] : [{ type: 'RaceEventRoundLinked', data: { raceEventId, carId, ...round } }];
  const fresh = sessions.filter((s) => current.timetableSessions[s.timetableSessionId] === undefined);
  const delivered: RaceEventEvent[] = fresh.length === 0 ? [] : [{ type: 'TimetableSessionsLinked', data: { raceEventId, carId, sessions: fresh } }];
  return [...scheduled, ...linked, ...delivered];
}

export const raceEventDecider: Decider<RaceEventCommand, RaceEventEvent, RaceEventState> = {
  decide: decideRaceEvent,
  evolve: evolveRaceEvent,
  initialState: initialRaceEventState,
  // 3: the race plan; 4: the series round and its delivered timetable sessions.
  stateVersion: 4,
};
