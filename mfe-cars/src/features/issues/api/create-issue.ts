import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewIssueBody, type Issue } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getIssuesQueryOptions } from './get-issues';
import { getRaceEventsQueryOptions } from './get-race-events';

/** POST /api/cars/{carId}/issues: raises an issue, note, part or tool need; answers it (201). */
export function createIssue(carId: number, body: NewIssueBody): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues`, { method: 'POST', body: NewIssueBody.parse({ ...body, carId }) });
}

/** Raises an issue, then refreshes the car's issues and its race events' views (keys under ['cars', carId, 'events']). */
export function useCreateIssue(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewIssueBody) => createIssue(carId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getIssuesQueryOptions(carId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getRaceEventsQueryOptions(carId).queryKey }),
      ]),
  });
}
