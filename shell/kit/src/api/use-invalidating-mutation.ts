import { hashKey, onlineManager, useMutation, useQueryClient, type InvalidateQueryFilters, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Waits for `refresh` (invalidations after a save) only when online: with no signal the refetches
 * wait for the signal (paused queries), and a change kept in the write queue must not leave its form
 * 'Saving…' until then.
 */
export function awaitWhenOnline(refresh: Promise<unknown>): Promise<unknown> | undefined {
  return onlineManager.isOnline() ? refresh : undefined;
}

/**
 * The query a save's answer holds (a PUT answers the new state once the read model has it) and
 * that query's data with the answer in it (`update` gets the cached data, undefined when none).
 */
export interface AnsweredQuery<TData = unknown> {
  queryKey: QueryKey;
  update(data: TData | undefined): TData | undefined;
}

/**
 * After a save: puts its answer into the query that holds it (`answered`, when given), then
 * invalidates every query `invalidates` names except that one — the server has just answered its
 * new state, so fetching it again would only repeat the answer. Settles as awaitWhenOnline.
 */
export function refreshAfterSave(queryClient: QueryClient, invalidates: InvalidateQueryFilters[], answered?: AnsweredQuery): Promise<unknown> | undefined {
  if (answered) queryClient.setQueryData(answered.queryKey, answered.update);
  const held = answered && hashKey(answered.queryKey);
  const stale = held === undefined ? invalidates : invalidates.map((filters): InvalidateQueryFilters => ({ ...filters, predicate: (query) => query.queryHash !== held && (filters.predicate?.(query) ?? true) }));
  return awaitWhenOnline(Promise.all(stale.map((filters) => queryClient.invalidateQueries(filters))));
}

/**
 * A mutation that, once it succeeded, puts its answer where `answered` says (see refreshAfterSave)
 * and invalidates the other queries `invalidates` names (filters built from the query-option
 * factories' `queryKey`, never hand-written arrays); it settles when their active queries have
 * refetched (when online: see awaitWhenOnline). `optimistic`, if given, updates the cache at once
 * (kept when the change waits in the write queue; undone by a refetch of everything named if it is refused).
 */
export function useInvalidatingMutation<TVariables, TAnswer>(
  mutationFn: (variables: TVariables) => Promise<TAnswer>,
  invalidates: InvalidateQueryFilters[],
  optimistic?: (variables: TVariables) => void,
  answered?: (answer: TAnswer, variables: TVariables) => AnsweredQuery,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: optimistic,
    onSuccess: (answer, variables) => refreshAfterSave(queryClient, invalidates, answered?.(answer, variables)),
    // A refused change shown at once is undone by reading the truth again.
    ...(optimistic ? { onError: () => refreshAfterSave(queryClient, invalidates) } : {}),
  });
}
