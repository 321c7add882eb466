import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Image } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/images: the car's gallery, newest first. */
export function getImages(carId: number, signal?: AbortSignal): Promise<Image[]> {
  return apiFetch<Image[]>(`/api/cars/${carId}/images`, { signal });
}

/** Keys ['cars', carId, 'images'] (the same key the events remote uses for this list). */
export function getImagesQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'images'] as const,
    queryFn: ({ signal }) => getImages(carId, signal),
  });
}

/** The car's images; disabled for a non-numeric id. */
export function useImages(carId: number) {
  return useQuery({ ...getImagesQueryOptions(carId), enabled: Number.isInteger(carId) });
}
