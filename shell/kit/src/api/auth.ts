import { queryOptions } from '@tanstack/react-query';
import type { LoginBody, SetupTeamBody, User } from '@pitwall/contracts';
import { ApiError, apiFetch } from './api-fetch';

/** GET /api/auth/user: the signed-in user, or null when signed out (401) or when the check fails. Key ['auth', 'user']. */
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

/** POST /api/auth/login {username, password}: answers the signed-in user. @throws ApiError 401 'Invalid credentials'. */
export function login(body: LoginBody): Promise<User> {
  return apiFetch<User>('/api/auth/login', { method: 'POST', body });
}

/** POST /api/auth/setup-team: creates the team and its owner, signed in; answers the owner. */
export function setupTeam(body: SetupTeamBody): Promise<User> {
  return apiFetch<User>('/api/auth/setup-team', { method: 'POST', body });
}

/** POST /api/auth/logout (204): ends the session. */
export function logout(): Promise<void> {
  return apiFetch<void>('/api/auth/logout', { method: 'POST' });
}
