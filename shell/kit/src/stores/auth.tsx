import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SetupTeamBody, User } from '@pitwall/contracts';
import { getAuthUserQueryOptions, login as postLogin, logout as postLogout, setupTeam as postSetupTeam } from '../api/auth';
import { keepSignedInUser } from '../offline/kept-user';
import { followCacheOwner } from '../offline/query-persistence';

/** The session as the UI sees it (docs/product.md, 'Sign-in'). */
export interface AuthState {
  /** The signed-in user, or null when signed out. */
  user: User | null;
  /** True until the first GET /api/auth/user has ended. */
  isLoading: boolean;
  /** POST /api/auth/login; stores the returned user. Throws ApiError / TypeError on failure. */
  login: (body: LoginBody) => Promise<User>;
  /** POST /api/auth/setup-team; stores the returned user (the new owner). */
  setupTeam: (body: SetupTeamBody) => Promise<User>;
  /** POST /api/auth/logout; the user is cleared even if the call fails. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Holds the session; needs a QueryClientProvider above it. Whenever the signed-in user changes (a
 * sign-in, a sign-out, a session that ended), the offline caches follow (followCacheOwner): another
 * user's data is dropped, and only this user's write queue is shown and sent. The user is kept on this
 * device (keepSignedInUser) until the server says no one is signed in or the user signs out, so a
 * start with no signal still shows the app (see getAuthUserQueryOptions).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(getAuthUserQueryOptions());
  const userKey = getAuthUserQueryOptions().queryKey;
  const userId = isPending ? undefined : (data?.id ?? null);
  useEffect(() => {
    if (userId !== undefined) void followCacheOwner(queryClient, userId);
  }, [queryClient, userId]);
  useEffect(() => {
    if (!isPending) keepSignedInUser(data ?? null);
  }, [isPending, data]);

  const store = useCallback(
    (user: User) => {
      queryClient.setQueryData(userKey, user);
      return user;
    },
    [queryClient, userKey],
  );

  const login = useCallback(
    async (body: LoginBody) => store(await postLogin(body)),
    [store],
  );
  const setupTeam = useCallback(
    async (body: SetupTeamBody) => store(await postSetupTeam(body)),
    [store],
  );
  const logout = useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      console.warn('Logout call failed; signing out locally', error);
    } finally {
      // Drop every cached resource so the next user never sees this user's data.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      queryClient.setQueryData(userKey, null);
    }
  }, [queryClient, userKey]);

  const value = useMemo<AuthState>(
    () => ({ user: data ?? null, isLoading: isPending, login, setupTeam, logout }),
    [data, isPending, login, setupTeam, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session store. Throws when used outside AuthProvider. */
/** The signed-in user where an AuthProvider is above, else null (for stores provided above it, such as the branding). */
export function useSignedInUser(): User | null {
  return useContext(AuthContext)?.user ?? null;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
