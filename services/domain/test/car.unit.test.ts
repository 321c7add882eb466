import { describe, it } from 'vitest';
import { MAX_CAR_IMAGES, MAX_CHECKLIST_ITEMS } from '@pitwall/contracts';
import { carDecider, type CarDetails, type CarEvent, ConflictError, NotFoundError } from '../src/index.ts';
import { spec } from './spec.ts';

const details: CarDetails = {
  name: 'MX-5 #27',
  makeModel: 'Mazda MX-5 (ND2)',
  year: 2022,
  engine: '2.0 L Skyactiv-G I4',
  transmission: '6-speed manual',
  weight: '1062 kg',
  power: '181 hp',
  color: '#c8102e',
  carClass: 'Other',
};
const created: CarEvent = { type: 'CarCreated', data: { carId: 7, teamId: 1, details, createdAt: '2026-03-01T10:00:00.000Z' } };
const car = spec(carDecider);
const gears = [
  { id: 1, name: '1st', ratio: '5.087', speedAtMaxRpm: '59.8', notes: null },
  { id: 2, name: 'Final Drive', ratio: '2.866', speedAtMaxRpm: null, notes: null },
];

describe('car decider', () => {
  describe('when the car does not exist', () => {
    it('CreateCar records CarCreated with the allocated id and time', () => {
      car.given([]).when({ type: 'CreateCar', data: { carId: 7, teamId: 1, details, now: '2026-03-01T10:00:00.000Z' } }).then([created]);
    });
    it('any other command is refused as not found', () => {
      car.given([]).when({ type: 'SetGearRatios', data: { raceEventId: null, rows: gears } }).thenThrows(NotFoundError, /Car not found/);
    });
  });

  describe('when the car exists', () => {
    it('CreateCar again is a conflict', () => {
      car.given([created]).when({ type: 'CreateCar', data: { carId: 7, teamId: 1, details, now: 'x' } }).thenThrows(ConflictError);
    });
    it('UpdateCar records only what changed', () => {
      car
        .given([created])
        .when({
          type: 'UpdateCar',
          data: { details: { ...details, power: '190 hp' }, tuningFileUrl: 'https://files.example/mx5', maintenance: { lastEngineOilChange: '2026-10-30', lastClutchChange: null } },
        })
        .then([
          { type: 'CarDetailsUpdated', data: { carId: 7, details: { ...details, power: '190 hp' } } },
          { type: 'TuningLinkSet', data: { carId: 7, tuningFileUrl: 'https://files.example/mx5' } },
          { type: 'MaintenanceRecorded', data: { carId: 7, item: 'lastEngineOilChange', date: '2026-10-30' } },
        ]);
    });
    it('UpdateCar with the same values records nothing', () => {
      car.given([created]).when({ type: 'UpdateCar', data: { details, tuningFileUrl: null, maintenance: {} } }).then([]);
    });
    it('a maintenance date can be reset to null', () => {
      car
        .given([created, { type: 'MaintenanceRecorded', data: { carId: 7, item: 'lastClutchChange', date: '2026-05-01' } }])
        .when({ type: 'UpdateCar', data: { details, tuningFileUrl: null, maintenance: { lastClutchChange: null } } })
        .then([{ type: 'MaintenanceRecorded', data: { carId: 7, item: 'lastClutchChange', date: null } }]);
    });
  });

  describe('gear ratios', () => {
    it('SetGearRatios records the complete list for the baseline', () => {
      car.given([created]).when({ type: 'SetGearRatios', data: { raceEventId: null, rows: gears } }).then([{ type: 'GearRatiosSet', data: { carId: 7, raceEventId: null, rows: gears } }]);
    });
    it('the same list again (new row ids) records nothing', () => {
      car
        .given([created, { type: 'GearRatiosSet', data: { carId: 7, raceEventId: null, rows: gears } }])
        .when({ type: 'SetGearRatios', data: { raceEventId: null, rows: gears.map((g) => ({ ...g, id: g.id + 10 })) } })
        .then([]);
    });
    // Setup inheritance: a race event keeps only the rows that differ from the baseline (setup-inheritance.unit.test.ts).
    it("a race event's list is kept apart from the baseline: only its differing rows", () => {
      const changed = gears.map((g) => (g.name === 'Final Drive' ? { ...g, ratio: '3.100' } : g));
      car
        .given([created, { type: 'GearRatiosSet', data: { carId: 7, raceEventId: null, rows: gears } }])
        .when({ type: 'SetGearRatios', data: { raceEventId: 3, rows: changed } })
        .then([{ type: 'GearRatiosSet', data: { carId: 7, raceEventId: 3, rows: [changed[1]!] } }]);
    });
  });

  describe('suspension and tire pressures', () => {
    const values = {
      frontRideHeight: '120mm', frontSpringRate: '78 N/mm', frontDamperSetting: '8/6', frontCamber: '-2.8°', frontToe: '0.0mm', frontAntiRollBar: 'Medium',
      rearRideHeight: '125mm', rearSpringRate: '59 N/mm', rearDamperSetting: '6/5', rearCamber: '-2.0°', rearToe: '1.5mm (in)', rearAntiRollBar: 'Soft', notes: null,
    };
    it('SetSuspension keeps the first suspension id', () => {
      car
        .given([created, { type: 'SuspensionSet', data: { carId: 7, raceEventId: null, suspensionId: 4, values } }])
        .when({ type: 'SetSuspension', data: { raceEventId: null, suspensionId: 99, values: { ...values, frontCamber: '-3.0°' } } })
        .then([{ type: 'SuspensionSet', data: { carId: 7, raceEventId: null, suspensionId: 4, values: { ...values, frontCamber: '-3.0°' } } }]);
    });
    it('SetTirePressures records rows and the shared note', () => {
      const rows = [{ id: 1, condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' }];
      car
        .given([created])
        .when({ type: 'SetTirePressures', data: { raceEventId: null, rows, notes: 'Toyo R888R' } })
        .then([{ type: 'TirePressuresSet', data: { carId: 7, raceEventId: null, rows, notes: 'Toyo R888R' } }]);
    });
  });

  describe('checklist', () => {
    const added: CarEvent = { type: 'ChecklistItemAdded', data: { carId: 7, itemId: 5, title: 'Torque wheel nuts', description: '108 Nm', priority: 'high' } };
    it('toggling an open item completes it, and back', () => {
      car.given([created, added]).when({ type: 'SetChecklistItemCompletion', data: { itemId: 5, isCompleted: true } }).then([{ type: 'ChecklistItemCompleted', data: { carId: 7, itemId: 5 } }]);
      car
        .given([created, added, { type: 'ChecklistItemCompleted', data: { carId: 7, itemId: 5 } }])
        .when({ type: 'SetChecklistItemCompletion', data: { itemId: 5, isCompleted: false } })
        .then([{ type: 'ChecklistItemReopened', data: { carId: 7, itemId: 5 } }]);
    });
    it('removing an unknown or removed item is not found', () => {
      car.given([created]).when({ type: 'RemoveChecklistItem', data: { itemId: 5 } }).thenThrows(NotFoundError, /Checklist item not found/);
      car
        .given([created, added, { type: 'ChecklistItemRemoved', data: { carId: 7, itemId: 5 } }])
        .when({ type: 'SetChecklistItemCompletion', data: { itemId: 5, isCompleted: true } })
        .thenThrows(NotFoundError);
    });
    const full: CarEvent[] = Array.from({ length: MAX_CHECKLIST_ITEMS }, (_, i) => ({ type: 'ChecklistItemAdded', data: { carId: 7, itemId: i + 1, title: `Item ${i + 1}`, description: null, priority: 'medium' } }));
    const add = { type: 'AddChecklistItem', data: { itemId: 999, title: 'One more', description: null, priority: 'low' } } as const;
    it(`holds at most ${MAX_CHECKLIST_ITEMS} items: one more is a conflict naming the checklist`, () => {
      car.given([created, ...full]).when(add).thenThrows(ConflictError, /^checklist: a car's checklist holds at most 200 items/);
    });
    it('a removed item makes room again', () => {
      car.given([created, ...full, { type: 'ChecklistItemRemoved', data: { carId: 7, itemId: 1 } }]).when(add).then([{ type: 'ChecklistItemAdded', data: { carId: 7, ...add.data } }]);
    });
  });

  describe('gallery', () => {
    const image = (imageId: number): CarEvent => ({ type: 'ImageAdded', data: { carId: 7, imageId, raceEventId: null, url: `/api/images/${imageId}.jpg`, thumbnailUrl: `/api/images/${imageId}.webp`, caption: null, description: null } });
    const addImage = { type: 'AddImage', data: { imageId: 9999, raceEventId: null, url: '/api/images/new.jpg', thumbnailUrl: '/api/images/new.webp', caption: null, description: null } } as const;
    it(`holds at most ${MAX_CAR_IMAGES} images: one more is a conflict naming the images`, () => {
      car.given([created, ...Array.from({ length: MAX_CAR_IMAGES - 1 }, (_, i) => image(i + 1))]).when(addImage).then([{ type: 'ImageAdded', data: { carId: 7, ...addImage.data } }]);
      car.given([created, ...Array.from({ length: MAX_CAR_IMAGES }, (_, i) => image(i + 1))]).when(addImage).thenThrows(ConflictError, /^images: a car's gallery holds at most 500 images$/);
    });
  });
});
