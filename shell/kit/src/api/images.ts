import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewImageBody, Image } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { ApiError, apiFetch } from './api-fetch';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import { invalidationsOf } from './change-invalidations';
import { imagesKey } from './query-keys';

/**
 * GET /api/cars/{carId}/images: the car's gallery, newest first. A server that does not have the
 * route yet answers 404 'Not found: GET …' (no such route, as opposed to a missing car): that reads
 * as an empty gallery.
 */
export async function getImages(carId: number, signal?: AbortSignal): Promise<Image[]> {
  try {
    return await apiFetch<Image[]>(`/api/cars/${carId}/images`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.serverMessage?.startsWith('Not found: GET ')) return [];
    throw error;
  }
}

/** Key ['cars', carId, 'images'] (the Gallery and the race event's images read the same entry). */
export function getImagesQueryOptions(carId: number) {
  return queryOptions({
    queryKey: imagesKey(carId),
    queryFn: ({ signal }) => getImages(carId, signal),
  });
}

/** The car's images; disabled for a non-numeric id. */
export function useImages(carId: number) {
  return useQuery({ ...getImagesQueryOptions(carId), enabled: Number.isInteger(carId) });
}

/** The car's images recorded for one race event (the car's gallery, filtered). */
export function useRaceEventImages(carId: number, raceEventId: number) {
  return useQuery({ ...getImagesQueryOptions(carId), select: (images) => images.filter((image) => image.eventId === raceEventId) });
}

/** POST /api/cars/{carId}/images {url, caption, description}: records an uploaded image in the gallery (201). */
export async function addImage(carId: number, body: NewImageBody): Promise<Image> {
  return apiFetch<Image>(`/api/cars/${carId}/images`, { method: 'POST', body: (await requestSchemas()).NewImageBody.parse({ ...body, carId }) });
}

/** Records an image, then refreshes the car's images. */
export function useAddImage(carId: number) {
  return useInvalidatingMutation((body: NewImageBody) => addImage(carId, body), invalidationsOf('ImageAdded', { teamId: null, carId }));
}
