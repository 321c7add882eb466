import { useQuery } from '@tanstack/react-query';
import { getCarQueryOptions } from '@pitwall/kit';

/** GET /api/cars/{id}. The fetcher and query options live in the kit (keys ['cars', id]). */
export { getCarQueryOptions };

/** One car; disabled when `id` is not a number (the route then shows 'Car not found'). */
export function useCar(id: number) {
  return useQuery({ ...getCarQueryOptions(id), enabled: Number.isInteger(id) });
}
