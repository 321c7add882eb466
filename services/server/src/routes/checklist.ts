import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChecklistItem, ErrorAnswer, idParam, NewChecklistItemBody, PatchChecklistItemBody } from '@pitwall/contracts';
import { carStream, NotFoundError } from '@pitwall/domain';
import { findChecklistItem, listChecklistItems } from '@pitwall/read-models';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, runCarCommand } from './car-access.ts';
import { inStream } from '../etag/resource-scopes.ts';

const Params = z.object({ carId: idParam('carId') });
const ItemParams = z.object({ carId: idParam('carId'), itemId: idParam('itemId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** The car checklist (docs/product.md, 'API'): list, add, toggle completion, remove. */
export const checklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  async function itemOf(carId: number, itemId: number) {
    const item = await findChecklistItem(deps.db, carId, itemId);
    if (!item) throw new NotFoundError('Checklist item not found');
    return item;
  }

  app.get('/api/cars/:carId/checklist', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['checklist'], summary: 'Checklist items, oldest first', params: Params, response: { 200: z.array(ChecklistItem), 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer } },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return listChecklistItems(deps.db, request.params.carId);
    },
  });

  app.post('/api/cars/:carId/checklist', {
    schema: { tags: ['checklist'], summary: 'Add a checklist item', params: Params, body: NewChecklistItemBody, response: { 201: ChecklistItem, ...errors } },
    handler: async (request, reply) => {
      const { carId } = request.params;
      await requireCar(deps, request, carId);
      const itemId = await deps.ids.next('checklist_item');
      await runCarCommand(deps, request, carId, { type: 'AddChecklistItem', data: { itemId, ...request.body } });
      return reply.code(201).send(await itemOf(carId, itemId));
    },
  });

  app.patch('/api/cars/:carId/checklist/:itemId', {
    config: { etag: inStream((p) => carStream(p.carId!), (p) => `/api/cars/${p.carId}/checklist`) },
    schema: { tags: ['checklist'], summary: 'Complete or reopen a checklist item', params: ItemParams, body: PatchChecklistItemBody, response: { 412: z.array(ChecklistItem), 200: ChecklistItem, ...errors } },
    handler: async (request) => {
      const { carId, itemId } = request.params;
      await runCarCommand(deps, request, carId, { type: 'SetChecklistItemCompletion', data: { itemId, isCompleted: request.body.isCompleted } });
      return itemOf(carId, itemId);
    },
  });

  app.delete('/api/cars/:carId/checklist/:itemId', {
    config: { etag: inStream((p) => carStream(p.carId!), (p) => `/api/cars/${p.carId}/checklist`) },
    schema: { tags: ['checklist'], summary: 'Remove a checklist item', params: ItemParams, response: { 412: z.array(ChecklistItem), 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { carId, itemId } = request.params;
      await runCarCommand(deps, request, carId, { type: 'RemoveChecklistItem', data: { itemId } });
      return reply.code(204).send(null);
    },
  });
};
