import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewImageBody, type Image } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getImagesQueryOptions } from './get-images';

/** POST /api/cars/{carId}/images {url, caption, description}: records an uploaded image in the gallery (201). */
export function addImage(carId: number, body: NewImageBody): Promise<Image> {
  return apiFetch<Image>(`/api/cars/${carId}/images`, { method: 'POST', body: NewImageBody.parse({ ...body, carId }) });
}

/** Records an image, then refreshes the car's images. */
export function useAddImage(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewImageBody) => addImage(carId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getImagesQueryOptions(carId).queryKey }),
  });
}
