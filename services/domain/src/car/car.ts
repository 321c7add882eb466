import { DEFAULT_TIRE_TEMPERATURE_TARGETS, type CarClass, type ChecklistPriority, type MaintenanceItem, type TirePressureTargets, type TireTemperatureTargetsValue } from '@pitwall/contracts';
import { NO_CAR_GEOMETRY, type CarGeometryValue, type CornerWeightsValue, type SetupTargetsValue } from './corner-weights.ts';
import type { SetupSheetValue } from './setup-sheet.ts';

/**
 * The car aggregate (stream `car-{id}`): basic data, tuning link, maintenance dates, the setup
 * (gear ratios, suspension & alignment, tire pressures, corner weights, the setup sheet — the baseline and one per race event)
 * and the checklist. Every setup event holds the complete new value, so any past setup can be
 * rebuilt from the stream and a change is the difference to the previous event.
 */

/** Basic information of a car. Units stay in the text ('1062 kg', '181 hp'). */
export interface CarDetails {
  name: string;
  makeModel: string;
  year: number;
  engine: string | null;
  transmission: string | null;
  weight: string | null;
  power: string | null;
  color: string;
  carClass: CarClass;
}

/** One gear ratio row; `ratio` is text as entered (e.g. '5.087'), `speedAtMaxRpm` in kph. */
export interface GearRatioValue {
  id: number;
  name: string;
  ratio: string;
  speedAtMaxRpm: string | null;
  notes: string | null;
}

/** Suspension & alignment, front and rear; every value is text with its unit (mm, N/mm, °). */
export interface SuspensionValue {
  frontRideHeight: string | null;
  frontSpringRate: string | null;
  frontDamperSetting: string | null;
  frontCamber: string | null;
  frontToe: string | null;
  frontAntiRollBar: string | null;
  rearRideHeight: string | null;
  rearSpringRate: string | null;
  rearDamperSetting: string | null;
  rearCamber: string | null;
  rearToe: string | null;
  rearAntiRollBar: string | null;
  notes: string | null;
}

/** One tire pressure row; pressures are text with their unit ('28 psi', '1.9 bar'). */
export interface TirePressureValue {
  id: number;
  condition: string;
  frontLeft: string;
  frontRight: string;
  rearLeft: string;
  rearRight: string;
}

export interface CarCreated {
  type: 'CarCreated';
  data: { carId: number; teamId: number; details: CarDetails; createdAt: string };
}
export interface CarDetailsUpdated {
  type: 'CarDetailsUpdated';
  data: { carId: number; details: CarDetails };
}
export interface TuningLinkSet {
  type: 'TuningLinkSet';
  data: { carId: number; tuningFileUrl: string | null };
}
/** A maintenance item's last date was set ('YYYY-MM-DD') or reset (null). */
export interface MaintenanceRecorded {
  type: 'MaintenanceRecorded';
  data: { carId: number; item: MaintenanceItem; date: string | null };
}
/** The gear ratio list of the baseline (`raceEventId` null) or of one race event (schema v2; v1 named it `eventId`). */
export interface GearRatiosSet {
  type: 'GearRatiosSet';
  data: { carId: number; raceEventId: number | null; rows: GearRatioValue[] };
}
export interface SuspensionSet {
  type: 'SuspensionSet';
  data: { carId: number; raceEventId: number | null; suspensionId: number; values: SuspensionValue };
}
export interface TirePressuresSet {
  type: 'TirePressuresSet';
  data: { carId: number; raceEventId: number | null; rows: TirePressureValue[]; notes: string | null };
}
/**
 * The car's target HOT tire pressures, the complete new value: gauge psi per axle and
 * per corner (null = not set; a corner without its own target takes its axle's). Car-wide: they
 * depend on the tire, not on the track, so there is no race event's own copy.
 */
export interface TirePressureTargetsSet {
  type: 'TirePressureTargetsSet';
  data: { carId: number; targets: TirePressureTargets };
}
/** The car's tire temperature targets (°C): the inner − outer spread it aims for and the middle's tolerance; car-wide, the complete new value. */
export interface TireTemperatureTargetsSet {
  type: 'TireTemperatureTargetsSet';
  data: { carId: number; targets: TireTemperatureTargetsValue };
}
/** The corner weights of the baseline (`raceEventId` null) or a race event's own (null fields inherit the baseline's); the complete new value. */
export interface CornerWeightsSet {
  type: 'CornerWeightsSet';
  data: { carId: number; raceEventId: number | null; values: CornerWeightsValue };
}
/** The setup sheet of the baseline (`raceEventId` null) or a race event's own (null fields inherit the baseline's); the complete new value, flat by path (setup-sheet.ts). */
export interface SetupSheetSet {
  type: 'SetupSheetSet';
  data: { carId: number; raceEventId: number | null; values: SetupSheetValue };
}
/** The car's target cross weight and front weight, percent; car-wide, the complete new value. */
export interface SetupTargetsSet {
  type: 'SetupTargetsSet';
  data: { carId: number; targets: SetupTargetsValue };
}
/** The car's wheelbase, motion ratios and unsprung masses (basic information); the complete new value. */
export interface CarGeometrySet {
  type: 'CarGeometrySet';
  data: { carId: number; geometry: CarGeometryValue };
}
/** The car's fuel tank capacity in litres (basic information), 1–500, or null when not given; the new value. */
export interface CarTankCapacitySet {
  type: 'CarTankCapacitySet';
  data: { carId: number; tankLitres: number | null };
}
export interface ChecklistItemAdded {
  type: 'ChecklistItemAdded';
  data: { carId: number; itemId: number; title: string; description: string | null; priority: ChecklistPriority };
}
export interface ChecklistItemCompleted {
  type: 'ChecklistItemCompleted';
  data: { carId: number; itemId: number };
}
export interface ChecklistItemReopened {
  type: 'ChecklistItemReopened';
  data: { carId: number; itemId: number };
}
export interface ChecklistItemRemoved {
  type: 'ChecklistItemRemoved';
  data: { carId: number; itemId: number };
}

/** An uploaded image was added to the car's gallery, optionally for a race event. */
export interface ImageAdded {
  type: 'ImageAdded';
  data: { carId: number; imageId: number; raceEventId: number | null; url: string; thumbnailUrl: string; caption: string | null; description: string | null };
}

export type CarEvent =
  | ImageAdded
  | CarCreated
  | CarDetailsUpdated
  | TuningLinkSet
  | MaintenanceRecorded
  | GearRatiosSet
  | SuspensionSet
  | TirePressuresSet
  | TirePressureTargetsSet
  | TireTemperatureTargetsSet
  | CornerWeightsSet
  | SetupSheetSet
  | SetupTargetsSet
  | CarGeometrySet
  | CarTankCapacitySet
  | ChecklistItemAdded
  | ChecklistItemCompleted
  | ChecklistItemReopened
  | ChecklistItemRemoved;

/** Key of a setup: 'baseline' or the race event id. */
export type SetupKey = 'baseline' | number;
export const setupKey = (raceEventId: number | null): SetupKey => raceEventId ?? 'baseline';

export interface ActiveCar {
  status: 'active';
  carId: number;
  teamId: number;
  details: CarDetails;
  tuningFileUrl: string | null;
  maintenance: Partial<Record<MaintenanceItem, string | null>>;
  gearRatios: Map<SetupKey, GearRatioValue[]>;
  suspensions: Map<SetupKey, { suspensionId: number; values: SuspensionValue }>;
  tirePressures: Map<SetupKey, { rows: TirePressureValue[]; notes: string | null }>;
  /** Target hot pressures, psi; all null until set. */
  tirePressureTargets: TirePressureTargets;
  /** Tire temperature targets, °C; the defaults until set. */
  tireTemperatureTargets: TireTemperatureTargetsValue;
  /** Corner weights per setup (a race event's null fields inherit the baseline's). */
  cornerWeights: Map<SetupKey, CornerWeightsValue>;
  /** The setup sheet per setup (a race event's null fields inherit the baseline's). */
  setupSheets: Map<SetupKey, SetupSheetValue>;
  /** Target cross and front weight, percent; null until set. */
  setupTargets: SetupTargetsValue;
  /** Wheelbase, motion ratios, unsprung masses; all null until set. */
  geometry: CarGeometryValue;
  /** Fuel tank capacity, litres; null until set. */
  tankLitres: number | null;
  checklist: Map<number, { isCompleted: boolean }>;
  /** Images in the car's gallery (there is no removal). */
  imageCount: number;
}

export type CarState = { status: 'none' } | ActiveCar;

export const initialCarState: CarState = { status: 'none' };

const withEntry = <K, V>(map: Map<K, V>, key: K, value: V) => new Map(map).set(key, value);

export function evolveCar(state: CarState, event: CarEvent): CarState {
  if (event.type === 'CarCreated') {
    const d = event.data;
    return {
      status: 'active',
      carId: d.carId,
      teamId: d.teamId,
      details: d.details,
      tuningFileUrl: null,
      maintenance: {},
      gearRatios: new Map(),
      suspensions: new Map(),
      tirePressures: new Map(),
      tirePressureTargets: { front: null, rear: null, fl: null, fr: null, rl: null, rr: null },
      tireTemperatureTargets: DEFAULT_TIRE_TEMPERATURE_TARGETS,
      cornerWeights: new Map(),
      setupSheets: new Map(),
      setupTargets: { crossPercent: null, frontPercent: null },
      geometry: NO_CAR_GEOMETRY,
      tankLitres: null,
      checklist: new Map(),
      imageCount: 0,
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'CarDetailsUpdated':
      return { ...state, details: event.data.details };
    case 'TuningLinkSet':
      return { ...state, tuningFileUrl: event.data.tuningFileUrl };
    case 'MaintenanceRecorded':
      return { ...state, maintenance: { ...state.maintenance, [event.data.item]: event.data.date } };
    case 'GearRatiosSet':
      return { ...state, gearRatios: withEntry(state.gearRatios, setupKey(event.data.raceEventId), event.data.rows) };
    case 'SuspensionSet':
      return {
        ...state,
        suspensions: withEntry(state.suspensions, setupKey(event.data.raceEventId), { suspensionId: event.data.suspensionId, values: event.data.values }),
      };
    case 'TirePressuresSet':
      return {
        ...state,
        tirePressures: withEntry(state.tirePressures, setupKey(event.data.raceEventId), { rows: event.data.rows, notes: event.data.notes }),
      };
    case 'TirePressureTargetsSet':
      return { ...state, tirePressureTargets: event.data.targets };
    case 'TireTemperatureTargetsSet':
      return { ...state, tireTemperatureTargets: event.data.targets };
    case 'CornerWeightsSet':
      return { ...state, cornerWeights: withEntry(state.cornerWeights, setupKey(event.data.raceEventId), event.data.values) };
    case 'SetupSheetSet':
      return { ...state, setupSheets: withEntry(state.setupSheets, setupKey(event.data.raceEventId), event.data.values) };
    case 'SetupTargetsSet':
      return { ...state, setupTargets: event.data.targets };
    case 'CarGeometrySet':
      return { ...state, geometry: event.data.geometry };
    case 'CarTankCapacitySet':
      return { ...state, tankLitres: event.data.tankLitres };
    case 'ChecklistItemAdded':
      return { ...state, checklist: withEntry(state.checklist, event.data.itemId, { isCompleted: false }) };
    case 'ChecklistItemCompleted':
      return { ...state, checklist: withEntry(state.checklist, event.data.itemId, { isCompleted: true }) };
    case 'ChecklistItemReopened':
      return { ...state, checklist: withEntry(state.checklist, event.data.itemId, { isCompleted: false }) };
    case 'ImageAdded':
      return { ...state, imageCount: state.imageCount + 1 };
    case 'ChecklistItemRemoved': {
      const checklist = new Map(state.checklist);
      checklist.delete(event.data.itemId);
      return { ...state, checklist };
    }
  }
}

export const carStream = (carId: number) => `car-${carId}`;
