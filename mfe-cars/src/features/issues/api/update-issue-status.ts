import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PatchIssueBody, type Issue, type IssueStatus } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getIssuesQueryOptions } from './get-issues';
import { getRaceEventsQueryOptions } from './get-race-events';

/** PATCH /api/cars/{carId}/issues/{issueId} {status}; the server refuses transitions spec §4 does not offer. */
export function updateIssueStatus(carId: number, issueId: number, status: IssueStatus): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues/${issueId}`, { method: 'PATCH', body: PatchIssueBody.parse({ status }) });
}

/** Changes an issue's status, then refreshes the car's issues and its race events' views. */
export function useUpdateIssueStatus(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ issueId, status }: { issueId: number; status: IssueStatus }) => updateIssueStatus(carId, issueId, status),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getIssuesQueryOptions(carId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getRaceEventsQueryOptions(carId).queryKey }),
      ]),
  });
}
