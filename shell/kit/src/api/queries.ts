import { queryOptions } from '@tanstack/react-query';
import type { Car, User } from '@pitwall/contracts';
import { ApiError, apiFetch } from './api-fetch';

/**
 * Query-option factories for the resources the shell and several remotes read. Keys start with the
 * resource (`['cars']`, `['cars', id]`) so invalidating `['cars']` refreshes a car and the list.
 */

/** GET /api/auth/user: the signed-in user, or null when signed out (401) or when the check fails. */
export function getAuthUserQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'user'] as const,
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return await apiFetch<User>('/api/auth/user', { signal });
      } catch (error) {
        // Spec §4: a failure of the session check is silently ignored → signed out.
        if (!(error instanceof ApiError) || error.status !== 401) console.warn('Session check failed', error);
        return null;
      }
    },
  });
}

/** GET /api/cars: every car of the user's teams (each carries `teamName`). */
export function getCarsQueryOptions() {
  return queryOptions({
    queryKey: ['cars'] as const,
    queryFn: ({ signal }) => apiFetch<Car[]>('/api/cars', { signal }),
  });
}

/** GET /api/cars/{id}: one car; a missing car rejects with ApiError status 404. */
export function getCarQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['cars', id] as const,
    queryFn: ({ signal }) => apiFetch<Car>(`/api/cars/${id}`, { signal }),
  });
}
