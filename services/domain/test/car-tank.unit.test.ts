import { describe, it } from 'vitest';
import { carDecider, type CarEvent } from '../src/index.ts';
import { spec } from './spec.ts';

const details = { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' as const };
const created: CarEvent = { type: 'CarCreated', data: { carId: 7, teamId: 1, details, createdAt: '2026-03-01T10:00:00.000Z' } };
const tankSet: CarEvent = { type: 'CarTankCapacitySet', data: { carId: 7, tankLitres: 45 } };
const car = spec(carDecider);

describe("the car's fuel tank", () => {
  it('a new tank capacity is one CarTankCapacitySet', () => {
    car.given([created]).when({ type: 'UpdateCar', data: { details, maintenance: {}, tankLitres: 45 } }).then([tankSet]);
  });

  it('an update leaving the tank out keeps it, appending nothing', () => {
    car.given([created, tankSet]).when({ type: 'UpdateCar', data: { details, maintenance: {} } }).then([]);
  });

  it('the same tank capacity again appends nothing', () => {
    car.given([created, tankSet]).when({ type: 'UpdateCar', data: { details, maintenance: {}, tankLitres: 45 } }).then([]);
  });

  it('null clears the tank capacity', () => {
    car.given([created, tankSet])
      .when({ type: 'UpdateCar', data: { details, maintenance: {}, tankLitres: null } })
      .then([{ type: 'CarTankCapacitySet', data: { carId: 7, tankLitres: null } }]);
  });
});
