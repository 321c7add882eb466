import { useQuery } from '@tanstack/react-query';
import { getCarsQueryOptions } from '@pitwall/kit';

/** GET /api/cars. The fetcher and query options live in the kit (the shell reads the list too). */
export { getCarsQueryOptions };

/** The cars of every team of the signed-in user. */
export function useCars() {
  return useQuery(getCarsQueryOptions());
}
