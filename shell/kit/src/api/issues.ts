import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewIssueBody, Issue, IssueStatus } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import type { ChangeDescription } from '../offline/write-queue';
import { carChangeName } from './change-names';
import { invalidationsOf, keysOf } from './change-invalidations';
import { issuesKey } from './query-keys';

/** GET /api/cars/{carId}/issues: the car's issues, notes, parts and tool needs, newest first. Key ['cars', carId, 'issues']. */
export function getIssuesQueryOptions(carId: number) {
  return queryOptions({
    queryKey: issuesKey(carId),
    queryFn: ({ signal }) => apiFetch<Issue[]>(`/api/cars/${carId}/issues`, { signal }),
  });
}

/** The car's issues and equipment needs; disabled for a non-numeric id. */
export function useIssues(carId: number) {
  return useQuery({ ...getIssuesQueryOptions(carId), enabled: Number.isInteger(carId) });
}

/**
 * Runs `mutationFn`, then refreshes what an issue's change makes stale (change-invalidations.ts: the
 * car's issues and every race event's views, since an issue of an earlier race event carries over).
 */
function useIssueMutation<TVariables>(carId: number, mutationFn: (variables: TVariables) => Promise<Issue>, optimistic?: (variables: TVariables) => void) {
  return useInvalidatingMutation(mutationFn, invalidationsOf('IssueRaised', { teamId: null, carId }), optimistic);
}

/** POST /api/cars/{carId}/issues: raises an issue, note, part or tool need; answers it (201). */
export async function createIssue(carId: number, body: NewIssueBody): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues`, { method: 'POST', body: (await requestSchemas()).NewIssueBody.parse({ ...body, carId }) });
}

/** Raises an issue (see useIssueMutation for what is refreshed). */
export function useCreateIssue(carId: number) {
  return useIssueMutation(carId, (body: NewIssueBody) => createIssue(carId, body));
}

/** PATCH /api/cars/{carId}/issues/{issueId} {status}; the server refuses transitions docs/product.md, 'States and transitions' does not offer. Answers the issue. */
export async function updateIssueStatus(carId: number, issueId: number, status: IssueStatus, change?: ChangeDescription<Issue>): Promise<Issue> {
  return apiFetch<Issue>(`/api/cars/${carId}/issues/${issueId}`, { method: 'PATCH', body: (await requestSchemas()).PatchIssueBody.parse({ status }), change });
}

/** Changes an issue's status (shown at once; see useIssueMutation for what is refreshed). */
export function useUpdateIssueStatus(carId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getIssuesQueryOptions(carId);
  const withStatus = (issueId: number, status: IssueStatus) => (issues: Issue[] | undefined) => issues?.map((issue) => (issue.id === issueId ? { ...issue, status } : issue));
  return useIssueMutation(
    carId,
    ({ issueId, status }: { issueId: number; status: IssueStatus }) => {
      const issue = queryClient.getQueryData(queryKey)?.find((i) => i.id === issueId);
      return updateIssueStatus(carId, issueId, status, {
        name: carChangeName(queryClient, carId, `Issue '${issue?.title ?? issueId}': ${status}`),
        offlineAnswer: () => ({ ...issue, status }) as Issue,
        invalidates: keysOf(invalidationsOf('IssueStatusChanged', { teamId: null, carId })),
      });
    },
    ({ issueId, status }) => queryClient.setQueryData(queryKey, withStatus(issueId, status)),
  );
}
