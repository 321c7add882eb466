import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PatchIssueBody, type Issue, type IssueStatus } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { carIssuesKey } from './create-issue';
import { getRaceEventsQueryOptions } from './get-race-events';

/** PATCH /api/cars/{carId}/issues/{issueId} with { status } (only ISSUE_TRANSITIONS are accepted). Answers the issue. */
export function updateIssueStatus(carId: number, issueId: number, status: IssueStatus): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues/${issueId}`, { method: 'PATCH', body: PatchIssueBody.parse({ status }) });
}

/** Changes an issue's status, then refreshes the car's issue list and the race events' issue lists. */
export function useUpdateIssueStatus(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ issueId, status }: { issueId: number; status: IssueStatus }) => updateIssueStatus(carId, issueId, status),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: carIssuesKey(carId) }),
        queryClient.invalidateQueries({ queryKey: getRaceEventsQueryOptions(carId).queryKey }),
      ]),
  });
}
