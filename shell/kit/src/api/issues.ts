import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewIssueBody, Issue, IssueStatus } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import { getRaceEventsQueryOptions } from './race-events';
import { useInvalidatingMutation } from './use-invalidating-mutation';

/** GET /api/cars/{carId}/issues: the car's issues, notes, parts and tool needs, newest first. Key ['cars', carId, 'issues']. */
export function getIssuesQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'issues'] as const,
    queryFn: ({ signal }) => apiFetch<Issue[]>(`/api/cars/${carId}/issues`, { signal }),
  });
}

/** The car's issues and equipment needs; disabled for a non-numeric id. */
export function useIssues(carId: number) {
  return useQuery({ ...getIssuesQueryOptions(carId), enabled: Number.isInteger(carId) });
}

/**
 * Runs `mutationFn`, then refreshes the car's issues and every race event's views (keys under
 * ['cars', carId, 'events']: an issue of an earlier race event carries over to later ones).
 */
function useIssueMutation<TVariables>(carId: number, mutationFn: (variables: TVariables) => Promise<Issue>) {
  return useInvalidatingMutation(mutationFn, [{ queryKey: getIssuesQueryOptions(carId).queryKey }, { queryKey: getRaceEventsQueryOptions(carId).queryKey }]);
}

/** POST /api/cars/{carId}/issues: raises an issue, note, part or tool need; answers it (201). */
export async function createIssue(carId: number, body: NewIssueBody): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues`, { method: 'POST', body: (await requestSchemas()).NewIssueBody.parse({ ...body, carId }) });
}

/** Raises an issue (see useIssueMutation for what is refreshed). */
export function useCreateIssue(carId: number) {
  return useIssueMutation(carId, (body: NewIssueBody) => createIssue(carId, body));
}

/** PATCH /api/cars/{carId}/issues/{issueId} {status}; the server refuses transitions spec §4 does not offer. Answers the issue. */
export async function updateIssueStatus(carId: number, issueId: number, status: IssueStatus): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues/${issueId}`, { method: 'PATCH', body: (await requestSchemas()).PatchIssueBody.parse({ status }) });
}

/** Changes an issue's status (see useIssueMutation for what is refreshed). */
export function useUpdateIssueStatus(carId: number) {
  return useIssueMutation(carId, ({ issueId, status }: { issueId: number; status: IssueStatus }) => updateIssueStatus(carId, issueId, status));
}
