import { describe, expect, it } from 'vitest';
import type { CarEvent, IssueEvent, RaceEventEvent, RunSessionEvent } from '@pitwall/domain';
import { invalidationsOf } from './change-invalidations';
import { carKey, carViewsKey } from './query-keys';

/** The domain's events of a car's streams (the car, its race events, issues and run sessions). */
type CarChange = (CarEvent | RaceEventEvent | IssueEvent | RunSessionEvent)['type'];

/** Every car change, by type: a new event type of a car's streams fails the type check until it is listed here. */
const CAR_CHANGES: Record<CarChange, true> = {
  ImageAdded: true, CarCreated: true, CarDetailsUpdated: true, TuningLinkSet: true, MaintenanceRecorded: true,
  GearRatiosSet: true, SuspensionSet: true, TirePressuresSet: true, TirePressureTargetsSet: true, TireTemperatureTargetsSet: true,
  CornerWeightsSet: true, SetupSheetSet: true, SetupTargetsSet: true, CarGeometrySet: true, CarTankCapacitySet: true,
  ChecklistItemAdded: true, ChecklistItemCompleted: true, ChecklistItemReopened: true, ChecklistItemRemoved: true,
  RaceEventScheduled: true, FinalDriveSet: true, RaceEventImagesSet: true, RaceEventTrackLengthSet: true, RacePlanSet: true, RaceEventRoundLinked: true, TimetableSessionsLinked: true,
  IssueRaised: true, IssueStatusChanged: true,
  SessionAdded: true, SessionDetailsRevised: true, SessionLapsSet: true, SessionTirePressuresSet: true, SessionTireTemperaturesSet: true, SessionTireSetChosen: true,
  SessionStintsSet: true, SessionFuelAtEndSet: true, PitStopLogged: true, PitStopRevised: true, PitStopRemoved: true, SessionRemoved: true,
};

describe('the change-invalidation table', () => {
  const scope = { teamId: 1, carId: 7, raceEventId: 3, sessionId: 11 };
  /** What a car change of a type the table does not know refreshes: the car's own answer and views only. */
  const fallback = [{ queryKey: carKey(7) }, { queryKey: carViewsKey(7), refetchType: 'none' }];

  it.each(Object.keys(CAR_CHANGES))('names what a %s (a change of a car stream, saved here or heard live) makes stale', (type) => {
    expect(invalidationsOf(type, scope)).not.toEqual(fallback);
  });

  it('refreshes a car change of a type it does not know as the car, not as nothing', () => {
    expect(invalidationsOf('SomethingNewSet', scope)).toEqual(fallback);
  });
});
