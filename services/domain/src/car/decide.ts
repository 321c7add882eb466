import { MAX_CAR_IMAGES, MAX_CHECKLIST_ITEMS, type ChecklistPriority, type MaintenanceItem, type TirePressureTargets, type TireTemperatureTargetsValue } from '@pitwall/contracts';
import { assertNever, sameValue, type Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { ActiveCar, CarDetails, CarEvent, CarState, GearRatioValue, SuspensionValue, TirePressureValue } from './car.ts';
import { blankCornerWeights, CORNER_WEIGHTS_FIELDS, sameCornerWeights, type CarGeometryValue, type CornerWeightsValue, type SetupTargetsValue } from './corner-weights.ts';
import { evolveCar, initialCarState, setupKey } from './car.ts';
import { blankSetupSheet, SETUP_SHEET_FIELDS, sameSetupSheet, type SetupSheetValue } from './setup-sheet.ts';
import { gearRowRule, isBlankSuspension, sameSuspension, ownFieldValues, ownNote, ownRows, ownSuspensionValues, tireRowRule } from './setup-inheritance.ts';

/** Adds a car to a team. `carId` is allocated by the caller; `now` is ISO 8601. */
export interface CreateCar {
  type: 'CreateCar';
  data: { carId: number; teamId: number; details: CarDetails; now: string };
}
/**
 * Replaces the whole car object (PUT /api/cars/{id}, docs/product.md, 'API'). Only what differs from the current
 * state becomes events; maintenance items left out keep their value.
 */
export interface UpdateCar {
  type: 'UpdateCar';
  /** `tuningFileUrl` undefined keeps the link; null removes it. Each part of `geometry` left out keeps the car's wheelbase, motion ratios or unsprung masses; `tankLitres` (litres, null = not given) undefined keeps the tank capacity. */
  data: {
    details: CarDetails;
    tuningFileUrl?: string | null;
    maintenance: Partial<Record<MaintenanceItem, string | null>>;
    geometry?: Partial<CarGeometryValue>;
    tankLitres?: number | null;
  };
}
/**
 * Replaces the gear ratio list of the baseline (raceEventId null), or saves a race event's list:
 * `rows` are then the complete effective rows the form showed, and only the rows that differ from
 * the baseline are stored as the race event's own (setup-inheritance.ts). Row ids come in.
 */
export interface SetGearRatios {
  type: 'SetGearRatios';
  data: { raceEventId: number | null; rows: GearRatioValue[] };
}
/**
 * Replaces the suspension & alignment of the baseline, or saves a race event's: `values` are then
 * the complete effective values the form showed, and the race event stores as own each field that
 * differs from the baseline or was already own (setup-inheritance.ts). `suspensionId` comes in and
 * is kept once set.
 */
export interface SetSuspension {
  type: 'SetSuspension';
  data: { raceEventId: number | null; suspensionId: number; values: SuspensionValue };
}
/**
 * Replaces the tire pressure rows and shared note of the baseline, or saves a race event's: the
 * complete effective rows come in, the rows (by condition) and note that differ from the baseline
 * are stored as own (setup-inheritance.ts).
 */
export interface SetTirePressures {
  type: 'SetTirePressures';
  data: { raceEventId: number | null; rows: TirePressureValue[]; notes: string | null };
}
/** Replaces the car's target hot pressures (psi); the same values again change nothing. */
export interface SetTirePressureTargets {
  type: 'SetTirePressureTargets';
  data: { targets: TirePressureTargets };
}
/**
 * Replaces the corner weights of the baseline, or saves a race event's: `values` are then the
 * complete effective values the form showed, and the race event stores as own each field that
 * differs from the baseline or was already own (setup-inheritance.ts).
 */
export interface SetCornerWeights {
  type: 'SetCornerWeights';
  data: { raceEventId: number | null; values: CornerWeightsValue };
}
/** Replaces the car's tire temperature targets (°C); the same values again change nothing. */
export interface SetTireTemperatureTargets {
  type: 'SetTireTemperatureTargets';
  data: { targets: TireTemperatureTargetsValue };
}
/**
 * Replaces the setup sheet of the baseline, or saves a race event's: `values` are then the complete
 * effective values the form showed, stored as own where they differ from the baseline or were
 * already own (setup-inheritance.ts). The same values again change nothing.
 */
export interface SetSetupSheet {
  type: 'SetSetupSheet';
  data: { raceEventId: number | null; values: SetupSheetValue };
}
/** Replaces the car's target cross and front weight (percent); the same values again change nothing. */
export interface SetSetupTargets {
  type: 'SetSetupTargets';
  data: { targets: SetupTargetsValue };
}
export interface AddChecklistItem {
  type: 'AddChecklistItem';
  data: { itemId: number; title: string; description: string | null; priority: ChecklistPriority };
}
export interface SetChecklistItemCompletion {
  type: 'SetChecklistItemCompletion';
  data: { itemId: number; isCompleted: boolean };
}
export interface RemoveChecklistItem {
  type: 'RemoveChecklistItem';
  data: { itemId: number };
}

/** Adds an uploaded image to the gallery. The caller checks that the upload belongs to the car's team. */
export interface AddImage {
  type: 'AddImage';
  data: Omit<Extract<CarEvent, { type: 'ImageAdded' }>['data'], 'carId'>;
}

export type CarCommand =
  | AddImage
  | CreateCar
  | UpdateCar
  | SetGearRatios
  | SetSuspension
  | SetTirePressures
  | SetTirePressureTargets
  | SetCornerWeights
  | SetSetupSheet
  | SetTireTemperatureTargets
  | SetSetupTargets
  | AddChecklistItem
  | SetChecklistItemCompletion
  | RemoveChecklistItem;


/** Targets with their keys in one order: equal targets then compare equal, however built or stored (jsonb reorders keys). */
const inTargetOrder = (t: TirePressureTargets): TirePressureTargets => ({ front: t.front, rear: t.rear, fl: t.fl, fr: t.fr, rl: t.rl, rr: t.rr });

/** Geometry with its keys in one order, for comparing (jsonb reorders keys). */
const inGeometryOrder = (g: CarGeometryValue): CarGeometryValue => ({
  wheelbaseMm: g.wheelbaseMm,
  motionRatio: { front: g.motionRatio.front, rear: g.motionRatio.rear },
  unsprungKg: { fl: g.unsprungKg.fl, fr: g.unsprungKg.fr, rl: g.unsprungKg.rl, rr: g.unsprungKg.rr },
});

function activeCar(state: CarState): ActiveCar {
  if (state.status !== 'active') throw new NotFoundError('Car not found');
  return state;
}

function updateCar({ data }: UpdateCar, car: ActiveCar): CarEvent[] {
  const events: CarEvent[] = [];
  if (!sameValue(car.details, data.details)) events.push({ type: 'CarDetailsUpdated', data: { carId: car.carId, details: data.details } });
  if (data.tuningFileUrl !== undefined && car.tuningFileUrl !== data.tuningFileUrl) events.push({ type: 'TuningLinkSet', data: { carId: car.carId, tuningFileUrl: data.tuningFileUrl } });
  const geometry = inGeometryOrder({ ...car.geometry, ...data.geometry });
  if (!sameValue(inGeometryOrder(car.geometry), geometry)) events.push({ type: 'CarGeometrySet', data: { carId: car.carId, geometry } });
  if (data.tankLitres !== undefined && car.tankLitres !== data.tankLitres) events.push({ type: 'CarTankCapacitySet', data: { carId: car.carId, tankLitres: data.tankLitres } });
  for (const [item, date] of Object.entries(data.maintenance) as [MaintenanceItem, string | null | undefined][]) {
    if (date === undefined || (car.maintenance[item] ?? null) === date) continue;
    events.push({ type: 'MaintenanceRecorded', data: { carId: car.carId, item, date } });
  }
  return events;
}

function checklistItem(car: ActiveCar, itemId: number) {
  const item = car.checklist.get(itemId);
  if (!item) throw new NotFoundError('Checklist item not found');
  return item;
}

/**
 * Decides a car command. Throws NotFoundError for a missing car or checklist item and
 * ConflictError when creating a car that exists or adding past the checklist or gallery cap. A command that changes nothing yields [].
 * Rows whose stored form equals the current one (ids aside) yield no event either.
 */
export function decideCar(command: CarCommand, state: CarState): CarEvent[] {
  if (command.type === 'CreateCar') {
    if (state.status !== 'none') throw new ConflictError('Car already exists');
    const { carId, teamId, details, now } = command.data;
    return [{ type: 'CarCreated', data: { carId, teamId, details, createdAt: now } }];
  }
  const car = activeCar(state);
  const carId = car.carId;
  switch (command.type) {
    case 'UpdateCar':
      return updateCar(command, car);
    case 'SetGearRatios': {
      const { raceEventId } = command.data;
      const rows = raceEventId === null ? command.data.rows : ownRows(gearRowRule, car.gearRatios.get('baseline') ?? [], command.data.rows);
      const current = car.gearRatios.get(setupKey(raceEventId));
      const strip = (r: GearRatioValue[]) => r.map(({ id: _id, ...rest }) => rest);
      if (current ? sameValue(strip(current), strip(rows)) : rows.length === 0) return [];
      return [{ type: 'GearRatiosSet', data: { carId, raceEventId, rows } }];
    }
    case 'SetSuspension': {
      const { raceEventId } = command.data;
      const current = car.suspensions.get(setupKey(raceEventId));
      const values = raceEventId === null ? command.data.values : ownSuspensionValues(car.suspensions.get('baseline')?.values ?? null, current?.values ?? null, command.data.values);
      const baselineSaved = car.suspensions.has('baseline');
      // A race event with nothing of its own and a blank form over no baseline still gets its (blank) row, as before.
      if (current ? sameSuspension(current.values, values) : raceEventId !== null && baselineSaved && isBlankSuspension(values)) return [];
      return [{ type: 'SuspensionSet', data: { carId, raceEventId, suspensionId: current?.suspensionId ?? command.data.suspensionId, values } }];
    }
    case 'SetTirePressures': {
      const { raceEventId } = command.data;
      const baseline = car.tirePressures.get('baseline');
      const rows = raceEventId === null ? command.data.rows : ownRows(tireRowRule, baseline?.rows ?? [], command.data.rows);
      const notes = raceEventId === null ? command.data.notes : ownNote(baseline?.notes ?? null, command.data.notes);
      const current = car.tirePressures.get(setupKey(raceEventId));
      const strip = (r: TirePressureValue[]) => r.map(({ id: _id, ...rest }) => rest);
      if (current ? sameValue([strip(current.rows), current.notes], [strip(rows), notes]) : rows.length === 0 && notes === null) return [];
      return [{ type: 'TirePressuresSet', data: { carId, raceEventId, rows, notes } }];
    }
    case 'SetTirePressureTargets': {
      const targets = inTargetOrder(command.data.targets);
      if (sameValue(inTargetOrder(car.tirePressureTargets), targets)) return [];
      return [{ type: 'TirePressureTargetsSet', data: { carId, targets } }];
    }
    case 'SetCornerWeights': {
      const { raceEventId } = command.data;
      const current = car.cornerWeights.get(setupKey(raceEventId)) ?? null;
      const values = raceEventId === null ? command.data.values : ownFieldValues(CORNER_WEIGHTS_FIELDS, blankCornerWeights(), car.cornerWeights.get('baseline') ?? null, current, command.data.values);
      if (sameCornerWeights(current ?? blankCornerWeights(), values)) return [];
      return [{ type: 'CornerWeightsSet', data: { carId, raceEventId, values } }];
    }
    case 'SetSetupSheet': {
      const { raceEventId } = command.data;
      const current = car.setupSheets.get(setupKey(raceEventId)) ?? null;
      const values = raceEventId === null ? command.data.values : ownFieldValues(SETUP_SHEET_FIELDS, blankSetupSheet(), car.setupSheets.get('baseline') ?? null, current, command.data.values);
      if (sameSetupSheet(current ?? blankSetupSheet(), values)) return [];
      return [{ type: 'SetupSheetSet', data: { carId, raceEventId, values } }];
    }
    case 'SetTireTemperatureTargets': {
      const { spreadMinC, spreadMaxC, middleToleranceC } = command.data.targets;
      const now = car.tireTemperatureTargets;
      if (now.spreadMinC === spreadMinC && now.spreadMaxC === spreadMaxC && now.middleToleranceC === middleToleranceC) return [];
      return [{ type: 'TireTemperatureTargetsSet', data: { carId, targets: { spreadMinC, spreadMaxC, middleToleranceC } } }];
    }
    case 'SetSetupTargets': {
      const { crossPercent, frontPercent } = command.data.targets;
      if (car.setupTargets.crossPercent === crossPercent && car.setupTargets.frontPercent === frontPercent) return [];
      return [{ type: 'SetupTargetsSet', data: { carId, targets: { crossPercent, frontPercent } } }];
    }
    case 'AddChecklistItem':
      if (car.checklist.size >= MAX_CHECKLIST_ITEMS) {
        throw new ConflictError(`checklist: a car's checklist holds at most ${MAX_CHECKLIST_ITEMS} items; remove finished ones to add more`);
      }
      return [{ type: 'ChecklistItemAdded', data: { carId, ...command.data } }];
    case 'SetChecklistItemCompletion': {
      const { itemId, isCompleted } = command.data;
      if (checklistItem(car, itemId).isCompleted === isCompleted) return [];
      return [{ type: isCompleted ? 'ChecklistItemCompleted' : 'ChecklistItemReopened', data: { carId, itemId } }];
    }
    case 'AddImage':
      if (car.imageCount >= MAX_CAR_IMAGES) throw new ConflictError(`images: a car's gallery holds at most ${MAX_CAR_IMAGES} images`);
      return [{ type: 'ImageAdded', data: { carId, ...command.data } }];
    case 'RemoveChecklistItem':
      checklistItem(car, command.data.itemId);
      return [{ type: 'ChecklistItemRemoved', data: { carId, itemId: command.data.itemId } }];
    default:
      return assertNever(command);
  }
}

export const carDecider: Decider<CarCommand, CarEvent, CarState> = {
  decide: decideCar,
  evolve: evolveCar,
  initialState: initialCarState,
  // 2: the state holds the tire pressure targets; 3: and the gallery's image count; 4: corner weights, setup targets and geometry; 5: the fuel tank capacity;
  // 6: the setup sheets and the tire temperature targets.
  stateVersion: 6,
};
