import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Image } from '@pitwall/contracts';
import { ApiError, apiFetch } from '@pitwall/kit';

/**
 * GET /api/cars/{carId}/images: the car's gallery. A server that does not have the route yet answers
 * 404 'Not found: GET …' (no such route, as opposed to a missing car): that reads as an empty gallery.
 */
export async function getCarImages(carId: number, signal?: AbortSignal): Promise<Image[]> {
  try {
    return await apiFetch<Image[]>(`/api/cars/${carId}/images`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.serverMessage?.startsWith('Not found: GET ')) return [];
    throw error;
  }
}

/** Query options keyed ['cars', carId, 'images'] (shared with the Gallery). */
export function getCarImagesQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'images'] as const,
    queryFn: ({ signal }) => getCarImages(carId, signal),
  });
}

/** The car's images recorded for one race event. */
export function useRaceEventImages(carId: number, eventId: number) {
  return useQuery({ ...getCarImagesQueryOptions(carId), select: (images) => images.filter((image) => image.eventId === eventId) });
}
