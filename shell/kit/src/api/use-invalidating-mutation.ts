import { onlineManager, useMutation, useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';

/**
 * Waits for `refresh` (invalidations after a save) only when online: with no signal the refetches
 * wait for the signal (paused queries), and a change kept in the outbox must not leave its form
 * 'Saving…' until then.
 */
export function awaitWhenOnline(refresh: Promise<unknown>): Promise<unknown> | undefined {
  return onlineManager.isOnline() ? refresh : undefined;
}

/**
 * A mutation that, once it succeeded, invalidates the queries `invalidates` names (filters built
 * from the query-option factories' `queryKey`, never hand-written arrays) and settles when their
 * active queries have refetched (when online: see awaitWhenOnline). `optimistic`, if given, updates the
 * cache at once (kept when the change waits in the outbox; undone by a refetch if it is refused).
 */
export function useInvalidatingMutation<TVariables, TAnswer>(
  mutationFn: (variables: TVariables) => Promise<TAnswer>,
  invalidates: InvalidateQueryFilters[],
  optimistic?: (variables: TVariables) => void,
) {
  const queryClient = useQueryClient();
  const refresh = () => awaitWhenOnline(Promise.all(invalidates.map((filters) => queryClient.invalidateQueries(filters))));
  return useMutation({
    mutationFn,
    onMutate: optimistic,
    onSuccess: refresh,
    // A refused change shown at once is undone by reading the truth again.
    ...(optimistic ? { onError: refresh } : {}),
  });
}
