import { CORNERS, earlierUseProblem, type TireSetDetails, type TreadDepths } from '@pitwall/contracts';
import { assertNever, sameValue, type Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { TireSetEvent, TireSetState } from './tire-set.ts';
import { evolveTireSet, initialTireSetState } from './tire-set.ts';

/** Adds a set to team `teamId`; `details.carId` (a car of the team: the caller checks) or null for the store. */
export interface AddTireSet {
  type: 'AddTireSet';
  data: { tireSetId: number; teamId: number; details: TireSetDetails; createdAt: string };
}
/** Changes the fields given; the others keep their value. */
export interface ReviseTireSet {
  type: 'ReviseTireSet';
  data: Partial<TireSetDetails>;
}
/** Records a tread measurement: 1 to 4 depths per corner (mm) at `measuredAt` (ISO). */
export interface MeasureTread {
  type: 'MeasureTread';
  data: TreadDepths;
}
export interface DeleteTireSet {
  type: 'DeleteTireSet';
}
export type TireSetCommand = AddTireSet | ReviseTireSet | MeasureTread | DeleteTireSet;

/**
 * Throws ValidationError naming `treadMinimumMm` unless the minimum is below the depth when new
 * (when both are known), and naming `earlierHeatCycles` for earlier laps without an earlier heat
 * cycle (earlierUseProblem).
 */
function checkDetails(details: TireSetDetails): void {
  const { treadNewMm, treadMinimumMm } = details;
  if (treadNewMm !== null && treadMinimumMm !== null && treadMinimumMm >= treadNewMm) {
    throw new ValidationError(`treadMinimumMm: the minimum (${treadMinimumMm} mm) must be less than the tread when new (${treadNewMm} mm)`);
  }
  const problem = earlierUseProblem(details);
  if (problem) throw new ValidationError(`${problem.field}: ${problem.message}`);
}

/**
 * Decides a tire set command. Throws NotFoundError for a missing or deleted set, ConflictError when
 * adding twice, ValidationError naming `treadMinimumMm` when the minimum is not below the depth when
 * new, naming `earlierHeatCycles` for earlier laps without an earlier heat cycle, and naming the corner (`fl`, `fr`, `rl`, `rr`) for a measured depth deeper than the set's
 * tread when new (a misread gauge). Revising to the same values appends nothing.
 */
export function decideTireSet(command: TireSetCommand, state: TireSetState): TireSetEvent[] {
  if (command.type === 'AddTireSet') {
    if (state.status !== 'none') throw new ConflictError('Tire set already exists');
    checkDetails(command.data.details);
    return [{ type: 'TireSetAdded', data: command.data }];
  }
  if (state.status !== 'active') throw new NotFoundError('Tire set not found');
  const { tireSetId, teamId } = state;
  switch (command.type) {
    case 'ReviseTireSet': {
      const changes = Object.fromEntries(Object.entries(command.data).filter(([, v]) => v !== undefined));
      const details = { ...state.details, ...changes };
      checkDetails(details);
      return sameValue(details, state.details) ? [] : [{ type: 'TireSetRevised', data: { tireSetId, teamId, details } }];
    }
    case 'MeasureTread': {
      const { treadNewMm } = state.details;
      for (const { value: corner } of CORNERS) {
        const deeper = command.data[corner].find((depth) => treadNewMm !== null && depth > treadNewMm);
        if (deeper !== undefined) throw new ValidationError(`${corner}: ${deeper} mm is deeper than the tread when new (${treadNewMm} mm)`);
      }
      const { measuredAt, fl, fr, rl, rr } = command.data;
      return [{ type: 'TireSetTreadMeasured', data: { tireSetId, teamId, measuredAt, fl, fr, rl, rr } }];
    }
    case 'DeleteTireSet':
      return [{ type: 'TireSetDeleted', data: { tireSetId, teamId } }];
    default:
      return assertNever(command);
  }
}

export const tireSetDecider: Decider<TireSetCommand, TireSetEvent, TireSetState> = {
  decide: decideTireSet,
  evolve: evolveTireSet,
  initialState: initialTireSetState,
  // 2: the details carry the earlier heat cycles and laps (TireSetAdded / TireSetRevised v2); 3: the barcode (v3).
  stateVersion: 3,
};
