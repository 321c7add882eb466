import { useMutation, useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';

/**
 * A mutation that, once it succeeded, invalidates the queries `invalidates` names (filters built
 * from the query-option factories' `queryKey`, never hand-written arrays) and settles when their
 * active queries have refetched.
 */
export function useInvalidatingMutation<TVariables, TAnswer>(
  mutationFn: (variables: TVariables) => Promise<TAnswer>,
  invalidates: InvalidateQueryFilters[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(invalidates.map((filters) => queryClient.invalidateQueries(filters))),
  });
}
