import { queryOptions } from '@tanstack/react-query';
import type { LoginBody, SetupTeamBody, User } from '@pitwall/contracts';
import { keptSignedInUser } from '../offline/kept-user';
import { ApiError, apiFetch } from './api-fetch';

/**
 * GET /api/auth/user: the signed-in user, or null when the server says no one is (401). Only the
 * server signs a user out: when the check fails otherwise (no signal, the service worker's offline
 * answer, a failing server) it answers the user kept on this device (offline/kept-user.ts), or null
 * when none is kept (the spec's "silently ignored": the login screen). Runs with no signal too
 * (`networkMode: 'always'`), so an offline start never waits for signal to know who is signed in.
 * Key ['auth', 'user'].
 */
export function getAuthUserQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'user'] as const,
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return await apiFetch<User>('/api/auth/user', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        console.warn('Session check failed; the user kept on this device stays signed in', error);
        return keptSignedInUser();
      }
    },
    networkMode: 'always',
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
