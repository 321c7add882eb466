import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, partDecider, ValidationError, type PartEvent } from '../src/index.ts';
import { spec } from './spec.ts';

const details = {
  name: 'Gearbox', category: 'gearbox' as const, partNumber: 'GB-6', serialNumber: 'SN 0042', notes: null,
  limits: { km: 5000, hours: null, laps: null, expiresOn: null }, usedBefore: { km: 1200, hours: 0, laps: 0 },
};
const added: PartEvent = { type: 'PartAdded', data: { partId: 1, teamId: 2, details, createdAt: '2026-04-01T08:00:00.000Z' } };
const fittedA: PartEvent = { type: 'PartFitted', data: { partId: 1, teamId: 2, name: 'Gearbox', carId: 10, at: '2026-04-01T08:00:00.000Z' } };
const part = spec(partDecider);

describe('part decider', () => {
  it('adds a part, fitted to a car in the same append when asked (backdated fits allowed at creation)', () => {
    const fit = { carId: 10, at: '2026-03-15T08:00:00.000Z' };
    part.given([]).when({ type: 'AddPart', data: added.data as Extract<PartEvent, { type: 'PartAdded' }>['data'], fit }).then([added, { type: 'PartFitted', data: { partId: 1, teamId: 2, name: 'Gearbox', ...fit } }]);
    part.given([added]).when({ type: 'AddPart', data: added.data as Extract<PartEvent, { type: 'PartAdded' }>['data'] }).thenThrows(ConflictError);
  });

  it('moves a part to another car with a fit (a removal from the first car and a fit to the other, at the same moment), and refuses a fit dated before its creation or its latest move, naming at', () => {
    part.given([added, fittedA]).when({ type: 'FitPart', data: { carId: 11, at: '2026-04-02T08:00:00.000Z' } }).then([
      { type: 'PartRemoved', data: { partId: 1, teamId: 2, name: 'Gearbox', carId: 10, at: '2026-04-02T08:00:00.000Z' } },
      { type: 'PartFitted', data: { partId: 1, teamId: 2, name: 'Gearbox', carId: 11, at: '2026-04-02T08:00:00.000Z' } },
    ]);
    part.given([added]).when({ type: 'FitPart', data: { carId: 11, at: '2026-03-31T08:00:00.000Z' } }).thenThrows(ValidationError, /^at: must not be before the part's creation/);
    part.given([added, fittedA]).when({ type: 'RemovePart', data: { at: '2026-03-31T23:00:00.000Z' } }).thenThrows(ValidationError, /^at: must not be before its latest fit or removal/);
    part.given([added, fittedA]).when({ type: 'FitPart', data: { carId: 10, at: '2026-04-03T08:00:00.000Z' } }).then([]);
  });

  it('removes a fitted part to the shelf (naming the car it came off), and refuses removing one on the shelf', () => {
    part.given([added, fittedA]).when({ type: 'RemovePart', data: { at: '2026-04-05T08:00:00.000Z' } }).then([
      { type: 'PartRemoved', data: { partId: 1, teamId: 2, name: 'Gearbox', carId: 10, at: '2026-04-05T08:00:00.000Z' } },
    ]);
    part.given([added]).when({ type: 'RemovePart', data: { at: '2026-04-05T08:00:00.000Z' } }).thenThrows(ValidationError, /^carId: /);
  });

  it("corrects the date of the current fit (naming the car and the date it replaces), within the part's previous removal and its services since the fit", () => {
    const corrected = (from: string, at: string, carId = 10): PartEvent => ({ type: 'PartFitDateCorrected', data: { partId: 1, teamId: 2, carId, name: 'Gearbox', from, at } });
    part.given([added, fittedA]).when({ type: 'CorrectFitDate', data: { at: '2026-04-03T09:30:00.000Z' } }).then([corrected('2026-04-01T08:00:00.000Z', '2026-04-03T09:30:00.000Z')]);
    part.given([added, fittedA, corrected('2026-04-01T08:00:00.000Z', '2026-04-03T09:30:00.000Z')]).when({ type: 'CorrectFitDate', data: { at: '2026-04-01T08:00:00.000Z' } })
      .then([corrected('2026-04-03T09:30:00.000Z', '2026-04-01T08:00:00.000Z')]);
    part.given([added, fittedA]).when({ type: 'CorrectFitDate', data: { at: '2026-04-01T08:00:00.000Z' } }).then([]);
    part.given([added]).when({ type: 'CorrectFitDate', data: { at: '2026-04-02T08:00:00.000Z' } }).thenThrows(ValidationError, /^carId: /);
    part.given([added, fittedA]).when({ type: 'CorrectFitDate', data: { at: '2026-03-31T08:00:00.000Z' } }).thenThrows(ValidationError, /^at: must not be before the part's creation/);
    // A part added with a fit dated before its creation (already on the car) may be corrected back to that fit's date.
    const backdated: PartEvent = { type: 'PartFitted', data: { partId: 1, teamId: 2, name: 'Gearbox', carId: 10, at: '2026-03-15T08:00:00.000Z' } };
    part.given([added, backdated]).when({ type: 'CorrectFitDate', data: { at: '2026-03-20T08:00:00.000Z' } }).then([corrected('2026-03-15T08:00:00.000Z', '2026-03-20T08:00:00.000Z')]);
    const removed: PartEvent = { type: 'PartRemoved', data: { partId: 1, teamId: 2, name: 'Gearbox', carId: 10, at: '2026-04-05T08:00:00.000Z' } };
    const refitted: PartEvent = { type: 'PartFitted', data: { partId: 1, teamId: 2, name: 'Gearbox', carId: 11, at: '2026-04-07T08:00:00.000Z' } };
    part.given([added, fittedA, removed, refitted]).when({ type: 'CorrectFitDate', data: { at: '2026-04-04T08:00:00.000Z' } }).thenThrows(ValidationError, /^at: must not be before its previous removal/);
    part.given([added, fittedA, removed, refitted]).when({ type: 'CorrectFitDate', data: { at: '2026-04-05T08:00:00.000Z' } }).then([corrected('2026-04-07T08:00:00.000Z', '2026-04-05T08:00:00.000Z', 11)]);
    const serviced: PartEvent = { type: 'PartServiced', data: { partId: 1, teamId: 2, carId: 10, at: '2026-04-04T08:00:00.000Z', notes: 'New synchros', resetsLife: false } };
    part.given([added, fittedA, serviced]).when({ type: 'CorrectFitDate', data: { at: '2026-04-04T09:00:00.000Z' } }).thenThrows(ValidationError, /^at: must not be after its service/);
    part.given([added, fittedA, serviced]).when({ type: 'CorrectFitDate', data: { at: '2026-04-04T08:00:00.000Z' } }).then([corrected('2026-04-01T08:00:00.000Z', '2026-04-04T08:00:00.000Z')]);
  });

  it('records a service with its notes and whether it resets the life, on the car it is on', () => {
    part.given([added, fittedA]).when({ type: 'ServicePart', data: { at: '2026-04-05T08:00:00.000Z', notes: 'Gearbox rebuilt, new synchros', resetsLife: true } }).then([
      { type: 'PartServiced', data: { partId: 1, teamId: 2, carId: 10, at: '2026-04-05T08:00:00.000Z', notes: 'Gearbox rebuilt, new synchros', resetsLife: true } },
    ]);
  });

  it('revises only what changed, and knows no deleted part', () => {
    part.given([added]).when({ type: 'RevisePart', data: { name: 'Gearbox' } }).then([]);
    part.given([added]).when({ type: 'RevisePart', data: { notes: 'Dog box' } }).then([{ type: 'PartRevised', data: { partId: 1, teamId: 2, details: { ...details, notes: 'Dog box' } } }]);
    part.given([added, { type: 'PartDeleted', data: { partId: 1, teamId: 2 } }]).when({ type: 'DeletePart' }).thenThrows(NotFoundError, /Part not found/);
  });
});
