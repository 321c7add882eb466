import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewIssueBody, type Issue } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getRaceEventsQueryOptions } from './get-race-events';

/** POST /api/cars/{carId}/issues (spec §7): raises an issue, tool, part or note. Answers the created issue. */
export function createIssue(carId: number, body: NewIssueBody): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues`, { method: 'POST', body: NewIssueBody.parse({ ...body, carId }) });
}

/** The car's issue list key (['cars', carId, 'issues'], read by the Issues & Tools screen). */
export const carIssuesKey = (carId: number) => ['cars', carId, 'issues'] as const;

/**
 * Raises an issue, then refreshes the car's issue list and every race event's issues and
 * carried-over lists (a new issue of an earlier race event carries over to later ones).
 */
export function useCreateIssue(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewIssueBody) => createIssue(carId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: carIssuesKey(carId) }),
        queryClient.invalidateQueries({ queryKey: getRaceEventsQueryOptions(carId).queryKey }),
      ]),
  });
}
