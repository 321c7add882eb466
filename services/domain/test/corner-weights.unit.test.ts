import { describe, it } from 'vitest';
import { blankCornerWeights, carDecider, NO_CAR_GEOMETRY, type CarEvent } from '../src/index.ts';
import { spec } from './spec.ts';

const details = { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' as const };
const created: CarEvent = { type: 'CarCreated', data: { carId: 7, teamId: 1, details, createdAt: '2026-03-01T10:00:00.000Z' } };
const scales = { ...blankCornerWeights(), fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 78 };
const baselineSet: CarEvent = { type: 'CornerWeightsSet', data: { carId: 7, raceEventId: null, values: scales } };
const car = spec(carDecider);

describe('corner weights', () => {
  it("a race event's save with one corner changed stores that corner alone as its own", () => {
    car.given([created, baselineSet])
      .when({ type: 'SetCornerWeights', data: { raceEventId: 3, values: { ...scales, rr: 370 } } })
      .then([{ type: 'CornerWeightsSet', data: { carId: 7, raceEventId: 3, values: { ...blankCornerWeights(), rr: 370 } } }]);
  });

  it('saving the same baseline again appends nothing', () => {
    car.given([created, baselineSet]).when({ type: 'SetCornerWeights', data: { raceEventId: null, values: scales } }).then([]);
  });

  it('a blank form for a car never weighed appends nothing', () => {
    car.given([created]).when({ type: 'SetCornerWeights', data: { raceEventId: null, values: blankCornerWeights() } }).then([]);
  });
});

describe("the car's geometry", () => {
  const geometry = { wheelbaseMm: 2310, motionRatio: { front: 0.75, rear: 0.8 }, unsprungKg: { fl: 35, fr: 35, rl: 30, rr: 30 } };
  const geometrySet: CarEvent = { type: 'CarGeometrySet', data: { carId: 7, geometry } };

  it('a change of the wheelbase alone keeps the motion ratios and unsprung masses', () => {
    car.given([created, geometrySet])
      .when({ type: 'UpdateCar', data: { details, maintenance: {}, geometry: { wheelbaseMm: 2315 } } })
      .then([{ type: 'CarGeometrySet', data: { carId: 7, geometry: { ...geometry, wheelbaseMm: 2315 } } }]);
  });

  it('an update that leaves the geometry out appends no geometry event', () => {
    car.given([created]).when({ type: 'UpdateCar', data: { details, maintenance: {} } }).then([]);
  });

  it('the geometry sent back as it is appends nothing, whatever the key order', () => {
    car.given([created, geometrySet])
      .when({ type: 'UpdateCar', data: { details, maintenance: {}, geometry: { unsprungKg: { rr: 30, rl: 30, fr: 35, fl: 35 }, motionRatio: { rear: 0.8, front: 0.75 }, wheelbaseMm: 2310 } } })
      .then([]);
  });

  it('an empty geometry sent for a car that has none appends nothing', () => {
    car.given([created]).when({ type: 'UpdateCar', data: { details, maintenance: {}, geometry: NO_CAR_GEOMETRY } }).then([]);
  });
});
