import { describe, it } from 'vitest';
import { blankCornerWeights, SUSPENSION_FIELDS, type CarDetails, type DomainEvent, type SuspensionValue } from '@pitwall/domain';
import { useProjectionSpec } from './projection-spec.ts';

/** What the car and setup read models hold after the events a user's actions record, whatever the projector's batches. */
const spec = useProjectionSpec();

const at = '2026-03-21T10:00:00.000Z';

describe('cars', { timeout: 60_000 }, () => {
  const details: CarDetails = { name: 'Red One', makeModel: 'Mazda MX-5', year: 2019, engine: null, transmission: null, weight: null, power: null, color: '#cc0000', carClass: 'GT4' };
  const created: DomainEvent = { type: 'CarCreated', data: { carId: 7, teamId: 2, details, createdAt: at } };

  it('shows revised details in place of the ones the car was created with', async () => {
    await spec
      .given(created, { type: 'CarDetailsUpdated', data: { carId: 7, details: { ...details, name: 'Red Two', year: 2020 } } })
      .then('SELECT id, team_id, name, make_model, year FROM cars', [{ id: 7, team_id: 2, name: 'Red Two', make_model: 'Mazda MX-5', year: 2020 }]);
  });

  it('keeps the latest date of each maintenance item', async () => {
    await spec
      .given(created, { type: 'MaintenanceRecorded', data: { carId: 7, item: 'lastEngineOilChange', date: '2026-03-01' } }, { type: 'MaintenanceRecorded', data: { carId: 7, item: 'lastEngineOilChange', date: '2026-03-20' } })
      .then('SELECT last_engine_oil_change FROM cars', [{ last_engine_oil_change: '2026-03-20' }]);
  });

  it('holds the tank capacity last set', async () => {
    await spec
      .given(created, { type: 'CarTankCapacitySet', data: { carId: 7, tankLitres: 45 } }, { type: 'CarTankCapacitySet', data: { carId: 7, tankLitres: 50.5 } })
      .then('SELECT tank_litres FROM cars', [{ tank_litres: 50.5 }]);
  });
});

describe('suspensions', { timeout: 60_000 }, () => {
  const values = (frontCamber: string | null): SuspensionValue => ({ ...(Object.fromEntries(SUSPENSION_FIELDS.map((f) => [f, null])) as unknown as SuspensionValue), frontCamber });
  const set = (raceEventId: number | null, frontCamber: string): DomainEvent => ({ type: 'SuspensionSet', data: { carId: 7, raceEventId, suspensionId: raceEventId ?? 1, values: values(frontCamber) } });

  it("replaces a setup's values with the ones set last, leaving the other setups'", async () => {
    await spec
      .given(set(null, '-2.5'), set(3, '-3.0'), set(null, '-2.8'))
      .then('SELECT id, race_event_id, front_camber FROM suspensions ORDER BY id', [{ id: 1, race_event_id: null, front_camber: '-2.8' }, { id: 3, race_event_id: 3, front_camber: '-3.0' }]);
  });
});

describe('tire_pressures', { timeout: 60_000 }, () => {
  const row = (id: number, condition: string, psi: string) => ({ id, condition, frontLeft: psi, frontRight: psi, rearLeft: psi, rearRight: psi });

  it("replaces a setup's rows with the ones set last, in their order, each with the shared note", async () => {
    await spec
      .given(
        { type: 'TirePressuresSet', data: { carId: 7, raceEventId: null, rows: [row(1, 'Dry', '26'), row(2, 'Wet', '24')], notes: null } },
        { type: 'TirePressuresSet', data: { carId: 7, raceEventId: null, rows: [row(4, 'Wet', '23.5'), row(3, 'Dry', '27')], notes: 'cold, gauge B' } },
      )
      .then('SELECT id, position, condition, front_left, notes FROM tire_pressures ORDER BY position', [
        { id: 4, position: 0, condition: 'Wet', front_left: '23.5', notes: 'cold, gauge B' },
        { id: 3, position: 1, condition: 'Dry', front_left: '27', notes: 'cold, gauge B' },
      ]);
  });

  it("leaves the baseline's rows when a race event's rows are set", async () => {
    await spec
      .given(
        { type: 'TirePressuresSet', data: { carId: 7, raceEventId: null, rows: [row(1, 'Dry', '26')], notes: null } },
        { type: 'TirePressuresSet', data: { carId: 7, raceEventId: 3, rows: [row(2, 'Dry', '25')], notes: null } },
      )
      .then('SELECT id, race_event_id, front_left FROM tire_pressures ORDER BY id', [{ id: 1, race_event_id: null, front_left: '26' }, { id: 2, race_event_id: 3, front_left: '25' }]);
  });
});

describe('tire_pressure_targets', { timeout: 60_000 }, () => {
  it("holds a car's targets as last set, cleared ones null", async () => {
    await spec
      .given(
        { type: 'TirePressureTargetsSet', data: { carId: 7, targets: { front: 28, rear: 27, fl: null, fr: null, rl: null, rr: null } } },
        { type: 'TirePressureTargetsSet', data: { carId: 7, targets: { front: null, rear: null, fl: 28.5, fr: 28, rl: 27, rr: 27 } } },
      )
      .then('SELECT id, front_psi, rear_psi, fl_psi, rr_psi FROM tire_pressure_targets', [{ id: 7, front_psi: null, rear_psi: null, fl_psi: 28.5, rr_psi: 27 }]);
  });
});

describe('corner_weights', { timeout: 60_000 }, () => {
  const set = (raceEventId: number | null, fl: number): DomainEvent => ({ type: 'CornerWeightsSet', data: { carId: 7, raceEventId, values: { ...blankCornerWeights(), fl } } });

  it('keeps one row per setup, holding the values weighed last', async () => {
    await spec
      .given(set(null, 301), set(3, 299.5), set(null, 305))
      .then('SELECT key, race_event_id, fl, fr FROM corner_weights ORDER BY key', [{ key: '7/3', race_event_id: 3, fl: 299.5, fr: null }, { key: '7/baseline', race_event_id: null, fl: 305, fr: null }]);
  });

  it("holds a car's target cross and front weight as last set", async () => {
    await spec
      .given({ type: 'SetupTargetsSet', data: { carId: 7, targets: { crossPercent: 50, frontPercent: 52 } } }, { type: 'SetupTargetsSet', data: { carId: 7, targets: { crossPercent: 49.5, frontPercent: null } } })
      .then('SELECT id, cross_percent, front_percent FROM setup_targets', [{ id: 7, cross_percent: 49.5, front_percent: null }]);
  });
});
