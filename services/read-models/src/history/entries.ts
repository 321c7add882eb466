import type { HistorySection } from '@pitwall/contracts';
import type { CarGeometryValue } from '@pitwall/domain';
import type { ProjectedEvent } from '../projection.ts';
import { cornersText, lapsText, racePlanText, sessionDetailsText, stintsText, utcMinute, withUnit } from './texts.ts';

/** One history row as an event gives it: the car, section and subject it changes, its race event, and its value (see `value`). */
export interface EntryInput {
  carId: number;
  section: HistorySection;
  subject: string;
  raceEventId: number | null;
  /**
   * The complete new value, or the change to apply to the subject's FIRST value (the checklist
   * item or issue as added, whose title, priority and type never change) when only that is in the
   * event, or to its LATEST value (a session: details, laps and pressures change independently).
   */
  value: { json: unknown } | { firstWith: Record<string, unknown> } | { lastWith: Record<string, unknown> };
}

/** A session's subject in the history: the 'sessions' section of its car and race event. */
const sessionSubject = (d: { sessionId: number; carId: number; raceEventId: number }) => ({ carId: d.carId, section: 'sessions' as const, subject: String(d.sessionId), raceEventId: d.raceEventId });

/** The history row of `event`: null for an event that changes no subject of the setup history. */
export function historyEntryOf(event: ProjectedEvent): EntryInput | null {
  switch (event.type) {
    case 'CarCreated':
    case 'CarDetailsUpdated':
      return { carId: event.data.carId, section: 'basic', subject: 'details', raceEventId: null, value: { json: event.data.details } };
    case 'TuningLinkSet':
      return { carId: event.data.carId, section: 'basic', subject: 'tuning', raceEventId: null, value: { json: { tuningFileUrl: event.data.tuningFileUrl } } };
    case 'MaintenanceRecorded':
      return { carId: event.data.carId, section: 'maintenance', subject: event.data.item, raceEventId: null, value: { json: { [event.data.item]: event.data.date } } };
    case 'GearRatiosSet':
      return { carId: event.data.carId, section: 'gear-ratios', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: { rows: event.data.rows.map(({ id: _id, ...r }) => r) } } };
    case 'SuspensionSet':
      return { carId: event.data.carId, section: 'suspension', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: event.data.values } };
    case 'TirePressuresSet':
      return {
        carId: event.data.carId, section: 'tire-pressures', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId,
        value: { json: { rows: event.data.rows.map(({ id: _id, ...r }) => r), notes: event.data.notes } },
      };
    case 'TirePressureTargetsSet':
      // Car-wide (they depend on the tire, not the track): one subject, no race event.
      return { carId: event.data.carId, section: 'tire-pressure-targets', subject: TARGETS_SUBJECT, raceEventId: null, value: { json: event.data.targets } };
    case 'CornerWeightsSet':
      return { carId: event.data.carId, section: 'corner-weights', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: event.data.values } };
    case 'SetupSheetSet':
      return { carId: event.data.carId, section: 'setup-sheet', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: event.data.values } };
    case 'SetupTargetsSet':
      // Car-wide, like the tire pressure targets.
      return { carId: event.data.carId, section: 'setup-targets', subject: TARGETS_SUBJECT, raceEventId: null, value: { json: event.data.targets } };
    case 'TireTemperatureTargetsSet':
      // Car-wide targets too, their own subject: the setup record's setup targets stay the cross and front weight's.
      return { carId: event.data.carId, section: 'setup-targets', subject: TIRE_TEMPERATURE_TARGETS_SUBJECT, raceEventId: null, value: { json: event.data.targets } };
    case 'CarGeometrySet':
      return { carId: event.data.carId, section: 'basic', subject: GEOMETRY_SUBJECT, raceEventId: null, value: { json: flatGeometry(event.data.geometry) } };
    case 'CarTankCapacitySet':
      return { carId: event.data.carId, section: 'basic', subject: 'tank', raceEventId: null, value: { json: { tankLitres: event.data.tankLitres } } };
    case 'ChecklistItemAdded':
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), raceEventId: null, value: { json: { title: event.data.title, priority: event.data.priority, isCompleted: false } } };
    case 'ChecklistItemCompleted':
    case 'ChecklistItemReopened':
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), raceEventId: null, value: { firstWith: { isCompleted: event.type === 'ChecklistItemCompleted' } } };
    case 'ChecklistItemRemoved':
      // The removed item's last value is kept by the rows before: this one holds none.
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), raceEventId: null, value: { json: null } };
    case 'IssueRaised':
      return { carId: event.data.carId, section: 'issues', subject: String(event.data.issueId), raceEventId: event.data.raceEventId, value: { json: { title: event.data.title, status: event.data.status, type: event.data.issueType } } };
    case 'IssueStatusChanged':
      // An issue's race event is the one it was raised for.
      return { carId: event.data.carId, section: 'issues', subject: String(event.data.issueId), raceEventId: null, value: { firstWith: { status: event.data.to } } };
    case 'SessionAdded':
      return { ...sessionSubject(event.data), value: { json: sessionDetailsText(event.data.details) } };
    case 'SessionDetailsRevised':
      return { ...sessionSubject(event.data), value: { lastWith: sessionDetailsText(event.data.details) } };
    case 'SessionLapsSet':
      return { ...sessionSubject(event.data), value: { lastWith: { laps: lapsText(event.data.laps) } } };
    case 'SessionTirePressuresSet': {
      const { cold, hot } = event.data;
      return { ...sessionSubject(event.data), value: { lastWith: { cold: cold && `${cornersText(cold)} at ${cold.tempC} °C`, hot: hot && cornersText(hot) } } };
    }
    case 'SessionStintsSet':
      return { ...sessionSubject(event.data), value: { lastWith: { stints: stintsText(event.data.stints) } } };
    case 'SessionFuelAtEndSet':
      return { ...sessionSubject(event.data), value: { lastWith: { fuelAtEndLitres: withUnit(event.data.fuelAtEndLitres, 'L') } } };
    case 'SessionRemoved':
      return { ...sessionSubject(event.data), value: { json: null } };
    case 'RacePlanSet':
      // One race plan per race event: the race event is its subject.
      return { carId: event.data.carId, section: 'race-plan', subject: String(event.data.raceEventId), raceEventId: event.data.raceEventId, value: { json: racePlanText(event.data.plan) } };
    case 'PartFitted':
    case 'PartRemoved':
      // The car's side of a part's fit or removal (a move is both, each on its own car).
      return {
        carId: event.data.carId, section: 'parts', subject: String(event.data.partId), raceEventId: null,
        value: { json: { name: event.data.name, state: event.type === 'PartFitted' ? 'fitted' : 'removed', at: utcMinute(event.data.at) } },
      };
    case 'PartFitDateCorrected':
      // The car's fit of the part at its corrected moment: the change reads 'fitted <from> → fitted <at>'.
      return {
        carId: event.data.carId, section: 'parts', subject: String(event.data.partId), raceEventId: null,
        value: { json: { name: event.data.name, state: 'fitted', at: utcMinute(event.data.at) } },
      };
    default:
      return null;
  }
}

/** The subject of the car-wide targets (tire pressure targets, setup targets) in setup_history. */
export const TARGETS_SUBJECT = 'car';
/** The subject of the car's tire temperature targets in the 'setup-targets' section. */
export const TIRE_TEMPERATURE_TARGETS_SUBJECT = 'tire-temperatures';

/** The subject of the car's wheelbase, motion ratios and unsprung masses in the 'basic' section. */
export const GEOMETRY_SUBJECT = 'geometry';

/** The car's geometry as one flat value (mm, ratio, kg), so its history lists each field. */
export const flatGeometry = (g: CarGeometryValue) => ({
  wheelbaseMm: g.wheelbaseMm,
  motionRatioFront: g.motionRatio.front,
  motionRatioRear: g.motionRatio.rear,
  unsprungFl: g.unsprungKg.fl,
  unsprungFr: g.unsprungKg.fr,
  unsprungRl: g.unsprungKg.rl,
  unsprungRr: g.unsprungKg.rr,
});

/** The inverse of {@link flatGeometry}. */
export const geometryOfFlat = (v: Record<string, unknown>): CarGeometryValue => {
  const n = (k: string) => (typeof v[k] === 'number' ? v[k] : null);
  return {
    wheelbaseMm: n('wheelbaseMm'),
    motionRatio: { front: n('motionRatioFront'), rear: n('motionRatioRear') },
    unsprungKg: { fl: n('unsprungFl'), fr: n('unsprungFr'), rl: n('unsprungRl'), rr: n('unsprungRr') },
  };
};

