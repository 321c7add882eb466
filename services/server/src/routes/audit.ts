import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswer, HistoryEntry, HistoryQuery, idParam, SetupAsOfQuery, SetupComparison, SetupSnapshot } from '@pitwall/contracts';
import { NotFoundError } from '@pitwall/domain';
import { parsePosition } from '@pitwall/eventstore';
import { findCrossDiagonalOfCar, findSetupRecord, listHistory } from '@pitwall/read-models';
import { compareSetups } from '../audit/compare.ts';
import { buildSetupSnapshot, setupValuesOf } from '../audit/setup-snapshot.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar } from './car-access.ts';

const Params = z.object({ carId: idParam('carId') });
const CompareParams = z.object({
  carId: idParam('carId'),
  eventId: idParam('eventId'),
  otherEventId: z.union([z.literal('baseline'), idParam('otherEventId')], { error: "otherEventId must be a race event id or 'baseline'" }),
});
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

/** End of the day for a date-only `asOf` ('2026-03-21' means as the day ended, UTC). */
const asOfInstant = (asOf: string) => new Date(asOf.length === 10 ? `${asOf}T23:59:59.999Z` : asOf);

/** The audit trail: history of changes, the setup as it stood, and setup comparison. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/history', {
    schema: { tags: ['audit'], summary: "Changes to a car's record, newest first, with who made them", params: Params, querystring: HistoryQuery, response: { 200: z.array(HistoryEntry), ...errors } },
    handler: async (request) => {
      const { carId } = request.params;
      await requireCar(deps, request, carId);
      const { section, eventId: raceEventId, before, limit } = request.query;
      return listHistory(deps.db, carId, { section, raceEventId, limit, before: before ? parsePosition(before) : undefined });
    },
  });

  app.get('/api/cars/:carId/setup', {
    schema: { tags: ['audit'], summary: 'The whole setup as it stood at a date or at a race event, rebuilt from the event stream', params: Params, querystring: SetupAsOfQuery, response: { 200: SetupSnapshot, ...errors } },
    handler: async (request) => {
      const { carId } = request.params;
      await requireCar(deps, request, carId);
      const { asOf, eventId: raceEventId } = request.query;
      if (raceEventId !== undefined) await requireRaceEventOfCar(deps, carId, raceEventId);
      const snapshot = await buildSetupSnapshot(deps.store, deps.db, carId, raceEventId !== undefined ? { raceEventId } : { asOf: asOfInstant(asOf!) });
      if (!snapshot) throw new NotFoundError('The car had no setup recorded at that moment');
      return snapshot;
    },
  });

  app.get('/api/cars/:carId/events/:eventId/compare/:otherEventId', {
    schema: { tags: ['audit'], summary: "Compare a race event's setup with another race event's or the car's baseline", params: CompareParams, response: { 200: SetupComparison, ...errors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId, otherEventId: otherRaceEventId } = request.params;
      await requireCar(deps, request, carId);
      const left = await requireRaceEventOfCar(deps, carId, raceEventId);
      const right = otherRaceEventId === 'baseline' ? null : await requireRaceEventOfCar(deps, carId, otherRaceEventId);
      const car = await findSetupRecord(deps.db, carId, { latest: true });
      if (!car) throw new NotFoundError('Car not found');
      const diagonal = await findCrossDiagonalOfCar(deps.db, carId);
      return compareSetups(
        { label: left.name, setup: setupValuesOf(car, diagonal, left.id, left.finalDriveRatio), finalDriveRatio: left.finalDriveRatio },
        right
          ? { label: right.name, setup: setupValuesOf(car, diagonal, right.id, right.finalDriveRatio), finalDriveRatio: right.finalDriveRatio }
          : { label: 'Baseline', setup: setupValuesOf(car, diagonal, null), finalDriveRatio: null },
      );
    },
  });
};
