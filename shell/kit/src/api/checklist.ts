import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewChecklistItemBody, ChecklistItem } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import { awaitWhenOnline, useInvalidatingMutation } from './use-invalidating-mutation';
import type { ChangeDescription } from '../offline/write-queue';
import { carChangeName } from './change-names';
import { invalidateChange, invalidationsOf, keysOf } from './change-invalidations';
import { checklistKey } from './query-keys';

/** GET /api/cars/{carId}/checklist: the car's checklist items, oldest first. Key ['cars', carId, 'checklist']. */
export function getChecklistQueryOptions(carId: number) {
  return queryOptions({
    queryKey: checklistKey(carId),
    queryFn: ({ signal }) => apiFetch<ChecklistItem[]>(`/api/cars/${carId}/checklist`, { signal }),
  });
}

/** The car's checklist. */
export function useChecklist(carId: number) {
  return useQuery(getChecklistQueryOptions(carId));
}

/** Runs `mutationFn`, then refreshes what a checklist change makes stale (change-invalidations.ts: the car's checklist). */
function useChecklistMutation<TVariables, TAnswer>(carId: number, mutationFn: (variables: TVariables) => Promise<TAnswer>, optimistic?: (variables: TVariables) => void) {
  return useInvalidatingMutation(mutationFn, invalidationsOf('ChecklistItemAdded', { teamId: null, carId }), optimistic);
}

/** POST /api/cars/{carId}/checklist {title, description, priority}: answers the new item. */
export async function addChecklistItem(carId: number, body: NewChecklistItemBody, change?: ChangeDescription<ChecklistItem>): Promise<ChecklistItem> {
  return apiFetch<ChecklistItem>(`/api/cars/${carId}/checklist`, { method: 'POST', body: (await requestSchemas()).NewChecklistItemBody.parse(body), change });
}

/** An item added with no signal, as shown until it is saved: a negative id (the server gives the real one). */
function pendingChecklistItem(carId: number, body: NewChecklistItemBody): ChecklistItem {
  return { id: -Date.now(), carId, title: body.title, description: body.description ?? null, priority: body.priority ?? 'medium', isCompleted: false, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() } as ChecklistItem;
}

/** Adds an item (shown at once, at the end of the list), then refreshes the checklist. */
export function useAddChecklistItem(carId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getChecklistQueryOptions(carId);
  return useChecklistMutation(
    carId,
    (body: NewChecklistItemBody) => {
      const pending = pendingChecklistItem(carId, body);
      return addChecklistItem(carId, body, { name: carChangeName(queryClient, carId, `Checklist: add '${body.title}'`), offlineAnswer: () => pending, invalidates: keysOf(invalidationsOf('ChecklistItemAdded', { teamId: null, carId })) });
    },
    (body) => queryClient.setQueryData(queryKey, (items) => items && [...items, pendingChecklistItem(carId, body)]),
  );
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
export async function setChecklistItemCompletion(carId: number, itemId: number, isCompleted: boolean, change?: ChangeDescription<ChecklistItem>): Promise<ChecklistItem> {
  return apiFetch<ChecklistItem>(`/api/cars/${carId}/checklist/${itemId}`, { method: 'PATCH', body: (await requestSchemas()).PatchChecklistItemBody.parse({ isCompleted }), change });
}

/** The change a tick (an open item) or an untick (a completed one) appends. */
const changeOf = (item: Pick<ChecklistItem, 'isCompleted'>) => (item.isCompleted ? 'ChecklistItemReopened' : 'ChecklistItemCompleted');

/**
 * Flips an item's completion (docs/product.md, 'States and transitions'). The checkbox answers at once (optimistic update of the
 * cached list); a refused change is rolled back; the checklist is refreshed either way.
 */
export function useToggleChecklistItem(carId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getChecklistQueryOptions(carId);
  return useMutation({
    mutationFn: (item: Pick<ChecklistItem, 'id' | 'isCompleted' | 'title'>) =>
      setChecklistItemCompletion(carId, item.id, !item.isCompleted, {
        name: carChangeName(queryClient, carId, `Checklist: ${item.isCompleted ? 'untick' : 'tick'} '${item.title}'`),
        offlineAnswer: () => ({ ...queryClient.getQueryData(queryKey)?.find((i) => i.id === item.id), ...item, isCompleted: !item.isCompleted }) as ChecklistItem,
        invalidates: keysOf(invalidationsOf(changeOf(item), { teamId: null, carId })),
      }),
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (items) => items?.map((i) => (i.id === item.id ? { ...i, isCompleted: !item.isCompleted } : i)));
      return { previous };
    },
    onError: (_error, _item, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: (_answer, _error, item) => awaitWhenOnline(invalidateChange(queryClient, changeOf(item), { teamId: null, carId })),
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
