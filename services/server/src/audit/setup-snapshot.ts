import { setupGeometry, type CrossDiagonal, type SetupSnapshot, type SetupValues } from '@pitwall/contracts';
import {
  blankCornerWeights, blankSetupSheet, CORNER_WEIGHTS_FIELDS, SETUP_SHEET_FIELDS, effectiveFields, effectiveNote, effectiveRows, effectiveSuspension, foldState, gearRowRule, raceEventDecider, raceEventStream, setupKey,
  tireRowRule, withRaceFinalDrive, type ActiveCar, type RaceEventEvent,
} from '@pitwall/domain';
import type { EventStore, Position, RecordedEvent, Sql } from '@pitwall/eventstore';
import { cornerWeightsWithFigures, findCrossDiagonalOfCar, findSetupRecord, lastOwnSetupChange, setupSheetAnswer } from '@pitwall/read-models';
import { comparePositions, formatPosition } from '@pitwall/eventstore';

const domainEvents = <E>(recorded: RecordedEvent[]) => recorded.map((e) => ({ type: e.type, data: e.data }) as E);

/**
 * The setup values of a car's record (its state, or findSetupRecord's answer): the baseline (`raceEventId` null; every row own, `ownFields` =
 * the fields with a value) or the EFFECTIVE setup of a race event — the baseline overridden by its
 * own fields and rows, its final drive ratio (text, null = not set) in the 'Final Drive' row, each
 * value marked own or inherited (setup-inheritance.ts), the setup sheet, with the scales' figures (cross weight on
 * `diagonal`) and the geometry they and the car's wheelbase, motion ratios and unsprung masses give.
 */
export function setupValuesOf(
  car: Pick<ActiveCar, 'gearRatios' | 'suspensions' | 'tirePressures' | 'cornerWeights' | 'setupSheets' | 'geometry'>,
  diagonal: CrossDiagonal,
  raceEventId: number | null,
  finalDriveRatio: string | null = null,
): SetupValues {
  const noId = <R extends { id: number }>({ id: _id, ...row }: R) => row;
  const baseGears = (car.gearRatios.get('baseline') ?? []).map(noId);
  const baseTires = car.tirePressures.get('baseline');
  const baseTireRows = (baseTires?.rows ?? []).map(noId);
  const baseSuspension = car.suspensions.get('baseline')?.values ?? null;
  const baseScales = car.cornerWeights.get('baseline') ?? null;
  const scales = raceEventId === null ? effectiveFields(CORNER_WEIGHTS_FIELDS, blankCornerWeights(), null, baseScales) : effectiveFields(CORNER_WEIGHTS_FIELDS, blankCornerWeights(), baseScales, car.cornerWeights.get(setupKey(raceEventId)) ?? null);
  const baseSheet = car.setupSheets.get('baseline') ?? null;
  const sheet = raceEventId === null ? effectiveFields(SETUP_SHEET_FIELDS, blankSetupSheet(), null, baseSheet) : effectiveFields(SETUP_SHEET_FIELDS, blankSetupSheet(), baseSheet, car.setupSheets.get(setupKey(raceEventId)) ?? null);
  const scalesAndGeometry = (suspension: SetupValues['suspension']) => ({
    cornerWeights: scales && cornerWeightsWithFigures(scales.values, scales.ownFields, diagonal),
    setupSheet: setupSheetAnswer(sheet),
    geometry: setupGeometry(suspension, scales?.values ?? null, car.geometry),
  });
  if (raceEventId === null) {
    const suspension = effectiveSuspension(null, baseSuspension);
    const values = suspension && { ...suspension.values, ownFields: suspension.ownFields };
    return {
      gearRatios: baseGears.map((row) => ({ ...row, own: true })),
      suspension: values,
      tirePressures: { items: baseTireRows.map((row) => ({ ...row, own: true })), notes: baseTires?.notes ?? null },
      ...scalesAndGeometry(values),
    };
  }
  const key = setupKey(raceEventId);
  const ownTires = car.tirePressures.get(key);
  const suspension = effectiveSuspension(baseSuspension, car.suspensions.get(key)?.values ?? null);
  const gears = withRaceFinalDrive(effectiveRows(gearRowRule, baseGears, (car.gearRatios.get(key) ?? []).map(noId)), baseGears, finalDriveRatio);
  const values = suspension && { ...suspension.values, ownFields: suspension.ownFields };
  return {
    gearRatios: gears.map(({ row, own }) => ({ ...row, own })),
    suspension: values,
    tirePressures: {
      items: effectiveRows(tireRowRule, baseTireRows, (ownTires?.rows ?? []).map(noId)).map(({ row, own }) => ({ ...row, own })),
      notes: effectiveNote(baseTires?.notes ?? null, ownTires?.notes ?? null).notes,
    },
    ...scalesAndGeometry(values),
  };
}

/**
 * A car's whole setup as it stood (the cross weight on the team's diagonal of today), from the history read model (findSetupRecord: one indexed query,
 * whatever the length of the car's history) and the race event's own short stream:
 * - `{ asOf }`: after the last change of the car's record at or before that instant;
 * - `{ raceEventId }`: at the moment of that race event's last change (its final drive, its images
 *   or its own setup), so "as it was at Laguna Seca" shows what the team ran there: `raceEvent.setup`
 *   is its effective setup then (the baseline of that moment overridden by its own values, marked);
 * - `{ raceEventId, position }`: that race event's setup at a pinned position (a session's setup as run).
 * `position` is that moment; `at` the time of the last change of the car's record at or before it.
 * Answers null when the car had no record yet at that moment.
 */
export async function buildSetupSnapshot(store: EventStore, db: Sql, carId: number, at: { asOf: Date } | { raceEventId: number; position?: Position }): Promise<SetupSnapshot | null> {
  let position: Position | null;
  let raceEventEvents: RecordedEvent[] = [];
  if ('asOf' in at) {
    position = (await findSetupRecord(db, carId, { instant: at.asOf }))?.position ?? null;
  } else {
    raceEventEvents = await store.readStream(raceEventStream(at.raceEventId));
    const ownSetup = at.position ? null : await lastOwnSetupChange(db, carId, at.raceEventId);
    const ownEvents = raceEventEvents.at(-1)?.position;
    position = at.position ?? [ownSetup ?? undefined, ownEvents].filter((p): p is Position => p !== undefined).sort(comparePositions).at(-1) ?? null;
  }
  if (!position) return null;
  const car = await findSetupRecord(db, carId, { position });
  if (!car) return null;
  const diagonal = await findCrossDiagonalOfCar(db, carId);
  const upTo = (e: RecordedEvent) => comparePositions(e.position, position) <= 0;
  const raceEvent = foldState(raceEventDecider, domainEvents<RaceEventEvent>(raceEventEvents.filter(upTo)));
  const scheduled = raceEventEvents[0]?.type === 'RaceEventScheduled' ? (raceEventEvents[0].data as { name: string; date: string }) : null;
  return {
    carId,
    position: formatPosition(position),
    at: car.at,
    basic: { ...car.details, tuningFileUrl: car.tuningFileUrl, ...car.geometry },
    maintenance: Object.fromEntries(Object.entries(car.maintenance).map(([k, v]) => [k, v ?? null])),
    tirePressureTargets: car.tirePressureTargets,
    setupTargets: car.setupTargets,
    baseline: setupValuesOf(car, diagonal, null),
    raceEvent:
      'raceEventId' in at && raceEvent.status === 'scheduled' && scheduled
        ? {
            id: at.raceEventId,
            name: scheduled.name,
            date: scheduled.date,
            finalDriveRatio: raceEvent.finalDriveRatio,
            finalDriveNotes: raceEvent.finalDriveNotes,
            setup: setupValuesOf(car, diagonal, at.raceEventId, raceEvent.finalDriveRatio),
          }
        : null,
  };
}
