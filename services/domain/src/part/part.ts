import type { PartDetails } from '@pitwall/contracts';

/**
 * The part aggregate (stream `part-{id}`): one lifed component of a team (a gearbox, a clutch, a
 * set of belts), its limits, the usage it had before Pitwall, and its dated changes — fitted to a
 * car, removed to the shelf, serviced. Its own stream: a part moves between the team's cars, so it
 * belongs to no car's stream. The usage itself is never stored here: it is derived from the
 * sessions of the car it was fitted to (see `partLife` of @pitwall/contracts).
 */

/** A part was added to team `teamId`. `createdAt` is an ISO timestamp; its life starts then. */
export interface PartAdded {
  type: 'PartAdded';
  data: { partId: number; teamId: number; details: PartDetails; createdAt: string };
}
/** The part's description, limits or usage before Pitwall changed: `details` is the complete new value. */
export interface PartRevised {
  type: 'PartRevised';
  data: { partId: number; teamId: number; details: PartDetails };
}
/** The part (named `name` then, for the car's history) was fitted to car `carId` at `at` (ISO). */
export interface PartFitted {
  type: 'PartFitted';
  data: { partId: number; teamId: number; name: string; carId: number; at: string };
}
/** The part (named `name` then) was taken off car `carId` at `at` (ISO): to the shelf, or, followed by a PartFitted at the same moment, moved to another car. */
export interface PartRemoved {
  type: 'PartRemoved';
  data: { partId: number; teamId: number; name: string; carId: number; at: string };
}
/** The part was serviced at `at` (ISO); `resetsLife`: a rebuild, the life count starts again at zero. `carId`: the car it was on, or null. */
export interface PartServiced {
  type: 'PartServiced';
  data: { partId: number; teamId: number; carId: number | null; at: string; notes: string; resetsLife: boolean };
}
/**
 * The date of the part's current fit to car `carId` (named `name` then) was corrected from `from`
 * to `at` (both ISO): the fit is the same, only its moment was recorded wrong.
 */
export interface PartFitDateCorrected {
  type: 'PartFitDateCorrected';
  data: { partId: number; teamId: number; carId: number; name: string; from: string; at: string };
}
/** The part was deleted (its events stay in the store). */
export interface PartDeleted {
  type: 'PartDeleted';
  data: { partId: number; teamId: number };
}

export type PartEvent = PartAdded | PartRevised | PartFitted | PartRemoved | PartServiced | PartFitDateCorrected | PartDeleted;

export type PartState =
  | { status: 'none' | 'deleted' }
  | {
      status: 'active';
      partId: number;
      teamId: number;
      details: PartDetails;
      /** The car it is on now; null on the shelf. */
      carId: number | null;
      createdAt: string;
      /** The latest fit or removal (ISO); dated changes may not go back before it. */
      lastMovedAt: string;
      /** The moment of the current fit (ISO); null on the shelf. */
      fittedAt: string | null;
      /** The latest removal (ISO; a move's too), the floor of a corrected fit date; null before the first. */
      lastRemovedAt: string | null;
      /** The latest service dated at or after the current fit (ISO), the ceiling of a corrected fit date; null if none. */
      servicedSinceFitAt: string | null;
    };

export const initialPartState: PartState = { status: 'none' };

export function evolvePart(state: PartState, event: PartEvent): PartState {
  if (event.type === 'PartAdded') {
    const { partId, teamId, details, createdAt } = event.data;
    return { status: 'active', partId, teamId, details, carId: null, createdAt, lastMovedAt: createdAt, fittedAt: null, lastRemovedAt: null, servicedSinceFitAt: null };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'PartRevised':
      return { ...state, details: event.data.details };
    case 'PartFitted':
      return { ...state, carId: event.data.carId, lastMovedAt: event.data.at, fittedAt: event.data.at, servicedSinceFitAt: null };
    case 'PartRemoved':
      return { ...state, carId: null, lastMovedAt: event.data.at, fittedAt: null, lastRemovedAt: event.data.at, servicedSinceFitAt: null };
    case 'PartServiced': {
      const { at } = event.data;
      const sinceFit = state.fittedAt !== null && Date.parse(at) >= Date.parse(state.fittedAt);
      const later = state.servicedSinceFitAt === null || Date.parse(at) > Date.parse(state.servicedSinceFitAt);
      return sinceFit && later ? { ...state, servicedSinceFitAt: at } : state;
    }
    case 'PartFitDateCorrected':
      return { ...state, lastMovedAt: event.data.at, fittedAt: event.data.at };
    case 'PartDeleted':
      return { status: 'deleted' };
  }
}

export const partStream = (partId: number) => `part-${partId}`;
