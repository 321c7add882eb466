import { ApiError } from './api-fetch';
import { getAuthUserQueryOptions } from './auth';
import { createQueryClient } from './query-client';

const user = { id: 1, username: 'marco', firstName: 'Marco', lastName: 'Rossi', email: null, role: 'mechanic' as const, teams: [] };

describe('createQueryClient', () => {
  it('clears the signed-in user and drops cached data when any query answers 401', async () => {
    const client = createQueryClient();
    client.setQueryData(getAuthUserQueryOptions().queryKey, user);
    client.setQueryData(['teams'], [{ id: 1 }]);
    await client
      .fetchQuery({ queryKey: ['cars'], queryFn: () => Promise.reject(new ApiError(401, '401: {"message":"Not signed in"}', 'Not signed in')) })
      .catch(() => undefined);
    expect(client.getQueryData(getAuthUserQueryOptions().queryKey)).toBeNull();
    expect(client.getQueryData(['teams'])).toBeUndefined();
  });

  it('clears the user when a mutation answers 401, and keeps it on other errors', async () => {
    const client = createQueryClient();
    client.setQueryData(getAuthUserQueryOptions().queryKey, user);
    const run = (status: number) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(new ApiError(status, `${status}: x`, undefined)) })
        .execute(undefined)
        .catch(() => undefined);
    await run(403);
    expect(client.getQueryData(getAuthUserQueryOptions().queryKey)).toEqual(user);
    await run(401);
    expect(client.getQueryData(getAuthUserQueryOptions().queryKey)).toBeNull();
  });
});
