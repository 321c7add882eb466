import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { ErrorAnswer, idParam, Image, NewImageBody, UploadAnswer } from '@pitwall/contracts';
import { carStream, uploadDecider, uploadStream, ValidationError } from '@pitwall/domain';
import { imageKeyFromUrl } from '@pitwall/media';
import { listImages, listUserTeams, uploadBelongsToTeam, uploadVisibleTo } from '@pitwall/read-models';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, runCarCommand } from './car-access.ts';
import { commandContext } from '../command/request-context.ts';
import { inStream } from '../etag/resource-scopes.ts';

const Params = z.object({ carId: idParam('carId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * Images (docs/product.md, 'API'): POST /api/upload stores an image (type by magic bytes, re-encoded, 400 px
 * WebP thumbnail) for the uploader's teams; GET /api/images/{key} serves it only to those
 * teams' members; the gallery records uploaded images per car.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);
  await app.register(fastifyMultipart, { limits: { fileSize: deps.media.maxBytes + 1, files: 1, fields: 5, parts: 6 } });

  app.post('/api/upload', {
    schema: {
      tags: ['images'],
      summary: 'Upload an image (multipart/form-data, field `image`; JPEG, PNG or WebP)',
      consumes: ['multipart/form-data'],
      response: { 201: UploadAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 406: ErrorAnswer, 413: ErrorAnswer, 415: ErrorAnswer, 422: ErrorAnswer, 503: ErrorAnswer },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new ValidationError('image: send multipart/form-data with the file in the field `image`');
      const file = await request.file();
      if (!file) throw new ValidationError('image: Please select an image to upload');
      if (file.fieldname !== 'image') {
        file.file.resume();
        throw new ValidationError(`image: the file must be sent in the field \`image\`, not \`${file.fieldname}\``);
      }
      const stored = await deps.media.storeImage(file.file);
      const teamIds = (await listUserTeams(deps.db, userIdOf(request))).map((t) => t.teamId);
      try {
        const { position } = await deps.commands.handle(uploadDecider, uploadStream(stored.key), {
          type: 'RecordUpload',
          data: { key: stored.key, url: stored.url, thumbnailUrl: stored.thumbnailUrl, contentType: stored.contentType, width: stored.width, height: stored.height, size: stored.size, teamIds },
        }, commandContext(request, teamIds[0] ?? null));
        await deps.commands.visible(position);
      } catch (error) {
        // No blob without a record: an upload nobody may see is removed again.
        await deps.media.deleteImage(stored.key).catch(() => undefined);
        throw error;
      }
      return reply.code(201).send({ url: stored.url, thumbnailUrl: stored.thumbnailUrl });
    },
  });

  app.get('/api/images/*', {
    schema: {
      tags: ['images'],
      summary: "An uploaded image or (?size=thumb) its thumbnail; only for members of the uploader's teams",
      params: z.object({ '*': z.string().max(300) }),
      querystring: z.object({ size: z.enum(['full', 'thumb']).default('full') }),
      response: { 200: z.any().meta({ description: 'The image bytes (image/jpeg, image/png or image/webp)' }), 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 503: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      const notFound = () => reply.code(404).send({ message: 'Image not found' });
      if (!(await uploadVisibleTo(deps.db, key, userIdOf(request)))) return notFound();
      const blob = await deps.media.openImage(key, { thumbnail: request.query.size === 'thumb' });
      if (!blob) return notFound();
      return reply
        .header('Content-Type', blob.contentType)
        .header('Content-Length', String(blob.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(blob.stream);
    },
  });

  app.get('/api/cars/:carId/images', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['images'], summary: "A car's gallery, newest first", params: Params, response: { 200: z.array(Image), ...errors } },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return listImages(deps.db, request.params.carId);
    },
  });

  app.post('/api/cars/:carId/images', {
    schema: { tags: ['images'], summary: 'Add an uploaded image to the gallery', params: Params, body: NewImageBody, response: { 201: Image, ...errors } },
    handler: async (request, reply) => {
      const { carId } = request.params;
      const car = await requireCar(deps, request, carId);
      const { eventId: raceEventId, url, caption, description } = request.body;
      const key = imageKeyFromUrl(url);
      if (!key || !(await uploadBelongsToTeam(deps.db, key, car.teamId))) throw new ValidationError('url: upload the image to this team first (POST /api/upload)');
      if (raceEventId !== null) await requireRaceEventOfCar(deps, carId, raceEventId);
      const imageId = await deps.ids.next('image');
      const thumbnailUrl = `/api/images/${key}?size=thumb`;
      await runCarCommand(deps, request, carId, { type: 'AddImage', data: { imageId, raceEventId, url, thumbnailUrl, caption, description } });
      const image = (await listImages(deps.db, carId)).find((i) => i.id === imageId);
      if (!image) throw new Error(`image ${imageId} is not visible after saving`);
      return reply.code(201).send(image);
    },
  });
};
