import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewChecklistItemBody, ChecklistItem } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import { useInvalidatingMutation } from './use-invalidating-mutation';

/** GET /api/cars/{carId}/checklist: the car's checklist items, oldest first. Key ['cars', carId, 'checklist']. */
export function getChecklistQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'checklist'] as const,
    queryFn: ({ signal }) => apiFetch<ChecklistItem[]>(`/api/cars/${carId}/checklist`, { signal }),
  });
}

/** The car's checklist. */
export function useChecklist(carId: number) {
  return useQuery(getChecklistQueryOptions(carId));
}

/** Runs `mutationFn`, then refreshes the car's checklist. */
function useChecklistMutation<TVariables, TAnswer>(carId: number, mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  return useInvalidatingMutation(mutationFn, [{ queryKey: getChecklistQueryOptions(carId).queryKey }]);
}

/** POST /api/cars/{carId}/checklist {title, description, priority}: answers the new item. */
export async function addChecklistItem(carId: number, body: NewChecklistItemBody): Promise<ChecklistItem> {
  return apiFetch<ChecklistItem>(`/api/cars/${carId}/checklist`, { method: 'POST', body: (await requestSchemas()).NewChecklistItemBody.parse(body) });
}

/** Adds an item, then refreshes the checklist. */
export function useAddChecklistItem(carId: number) {
  return useChecklistMutation(carId, (body: NewChecklistItemBody) => addChecklistItem(carId, body));
}

/** DELETE /api/cars/{carId}/checklist/{itemId} (204). */
export function deleteChecklistItem(carId: number, itemId: number): Promise<void> {
  return apiFetch<void>(`/api/cars/${carId}/checklist/${itemId}`, { method: 'DELETE' });
}

/** Removes an item, then refreshes the checklist. */
export function useDeleteChecklistItem(carId: number) {
  return useChecklistMutation(carId, (itemId: number) => deleteChecklistItem(carId, itemId));
}

/** PATCH /api/cars/{carId}/checklist/{itemId} {isCompleted}: answers the item. */
export async function setChecklistItemCompletion(carId: number, itemId: number, isCompleted: boolean): Promise<ChecklistItem> {
  return apiFetch<ChecklistItem>(`/api/cars/${carId}/checklist/${itemId}`, { method: 'PATCH', body: (await requestSchemas()).PatchChecklistItemBody.parse({ isCompleted }) });
}

/**
 * Flips an item's completion (spec §4). The checkbox answers at once (optimistic update of the
 * cached list); a refused change is rolled back; the checklist is refreshed either way.
 */
export function useToggleChecklistItem(carId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getChecklistQueryOptions(carId);
  return useMutation({
    mutationFn: (item: Pick<ChecklistItem, 'id' | 'isCompleted'>) => setChecklistItemCompletion(carId, item.id, !item.isCompleted),
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (items) => items?.map((i) => (i.id === item.id ? { ...i, isCompleted: !item.isCompleted } : i)));
      return { previous };
    },
    onError: (_error, _item, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/**
 * Undoes a delete: adds the item again with its title, description and priority (POST), then, if
 * it was completed, marks the new item completed (PATCH). The API has no undelete, so the restored
 * item has a new id and its created time is now. Answers the restored item.
 * @throws ApiError when either request is refused.
 */
export async function restoreChecklistItem(carId: number, item: ChecklistItem): Promise<ChecklistItem> {
  const restored = await addChecklistItem(carId, { title: item.title, description: item.description ?? '', priority: item.priority });
  return item.isCompleted ? setChecklistItemCompletion(carId, restored.id, true) : restored;
}
