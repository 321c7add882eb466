import type { PartDetails } from '@pitwall/contracts';
import { assertNever, sameValue, type Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { PartEvent, PartState } from './part.ts';
import { evolvePart, initialPartState } from './part.ts';

/**
 * Adds a part; with `fit`, it is fitted to that car (of the team: the caller checks) at `fit.at`,
 * which may be earlier than `createdAt` (a part that was already on the car), in the same append.
 */
export interface AddPart {
  type: 'AddPart';
  data: { partId: number; teamId: number; details: PartDetails; createdAt: string };
  fit?: { carId: number; at: string } | null;
}
/** Changes the fields given; the others keep their value. */
export interface RevisePart {
  type: 'RevisePart';
  data: Partial<PartDetails>;
}
/** Fits the part to car `carId` (of the part's team: the caller checks) at `at` (ISO). */
export interface FitPart {
  type: 'FitPart';
  data: { carId: number; at: string };
}
/** Takes the part off its car at `at` (ISO). */
export interface RemovePart {
  type: 'RemovePart';
  data: { at: string };
}
/** Services the part at `at` (ISO) with notes; `resetsLife` for a rebuild. */
export interface ServicePart {
  type: 'ServicePart';
  data: { at: string; notes: string; resetsLife: boolean };
}
/** Corrects the date of the part's current fit to `at` (ISO): the fit was recorded at the wrong moment. */
export interface CorrectFitDate {
  type: 'CorrectFitDate';
  data: { at: string };
}
export interface DeletePart {
  type: 'DeletePart';
}
export type PartCommand = AddPart | RevisePart | FitPart | RemovePart | ServicePart | CorrectFitDate | DeletePart;

/** The start of the part's life: its creation, or its first fit when that was earlier. */
const lifeStartOf = (state: Extract<PartState, { status: 'active' }>) => (Date.parse(state.lastMovedAt) < Date.parse(state.createdAt) ? state.lastMovedAt : state.createdAt);

/**
 * Decides a part command. Throws NotFoundError for a missing or deleted part, ConflictError when
 * adding twice, ValidationError naming `at` for a dated change before the part's life started
 * (its creation, or the fit it was created with) or — for fits and removals — before its latest
 * fit or removal, and `carId` for removing a part that is on no car. A fit to another car than the
 * one it is on (a move) is a PartRemoved and a PartFitted at the same moment. Fitting it to the car
 * it is on, or revising to the same values, appends nothing. Correcting the fit date of a part on
 * the shelf throws ValidationError naming `carId`; the corrected date may not be before the latest
 * removal (the previous period on a car or the shelf), nor — for the part's first fit — before its
 * life started, nor after a service recorded since the fit (ValidationError naming `at`); the
 * same date appends nothing.
 */
export function decidePart(command: PartCommand, state: PartState): PartEvent[] {
  if (command.type === 'AddPart') {
    if (state.status !== 'none') throw new ConflictError('Part already exists');
    const { partId, teamId } = command.data;
    const added: PartEvent = { type: 'PartAdded', data: command.data };
    return command.fit ? [added, { type: 'PartFitted', data: { partId, teamId, name: command.data.details.name, carId: command.fit.carId, at: command.fit.at } }] : [added];
  }
  if (state.status !== 'active') throw new NotFoundError('Part not found');
  const { partId, teamId } = state;
  const { name } = state.details;
  const notBefore = (at: string, moment: string, what: string) => {
    if (Date.parse(at) < Date.parse(moment)) throw new ValidationError(`at: must not be before ${what} (${moment})`);
  };
  switch (command.type) {
    case 'RevisePart': {
      const changes = Object.fromEntries(Object.entries(command.data).filter(([, v]) => v !== undefined));
      const details = { ...state.details, ...changes };
      return sameValue(details, state.details) ? [] : [{ type: 'PartRevised', data: { partId, teamId, details } }];
    }
    case 'FitPart': {
      const { carId, at } = command.data;
      notBefore(at, lifeStartOf(state), "the part's creation");
      notBefore(at, state.lastMovedAt, 'its latest fit or removal');
      if (state.carId === carId) return [];
      // A move is a removal from the car it is on and a fit to the other, at the same moment: each car's history shows its side.
      const removal: PartEvent[] = state.carId === null ? [] : [{ type: 'PartRemoved', data: { partId, teamId, name, carId: state.carId, at } }];
      return [...removal, { type: 'PartFitted', data: { partId, teamId, name, carId, at } }];
    }
    case 'RemovePart': {
      if (state.carId === null) throw new ValidationError('carId: the part is not fitted to a car');
      notBefore(command.data.at, state.lastMovedAt, 'its latest fit or removal');
      return [{ type: 'PartRemoved', data: { partId, teamId, name, carId: state.carId, at: command.data.at } }];
    }
    case 'ServicePart': {
      notBefore(command.data.at, lifeStartOf(state), "the part's creation");
      return [{ type: 'PartServiced', data: { partId, teamId, carId: state.carId, ...command.data } }];
    }
    case 'CorrectFitDate': {
      const { at } = command.data;
      if (state.carId === null || state.fittedAt === null) throw new ValidationError('carId: the part is not fitted to a car');
      if (state.lastRemovedAt === null) notBefore(at, lifeStartOf(state), "the part's creation");
      else notBefore(at, state.lastRemovedAt, 'its previous removal');
      if (state.servicedSinceFitAt !== null && Date.parse(at) > Date.parse(state.servicedSinceFitAt)) {
        throw new ValidationError(`at: must not be after its service since the fit (${state.servicedSinceFitAt})`);
      }
      if (Date.parse(at) === Date.parse(state.fittedAt)) return [];
      return [{ type: 'PartFitDateCorrected', data: { partId, teamId, carId: state.carId, name, from: state.fittedAt, at } }];
    }
    case 'DeletePart':
      return [{ type: 'PartDeleted', data: { partId, teamId } }];
    default:
      return assertNever(command);
  }
}

export const partDecider: Decider<PartCommand, PartEvent, PartState> = {
  decide: decidePart,
  evolve: evolvePart,
  initialState: initialPartState,
  stateVersion: 2,
};
