import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PatchChecklistItemBody, type ChecklistItem } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getChecklistQueryOptions } from './get-checklist';

/** PATCH /api/cars/{carId}/checklist/{itemId} {isCompleted}: answers the item. */
export function setChecklistItemCompletion(carId: number, itemId: number, isCompleted: boolean): Promise<ChecklistItem> {
  return apiFetch<ChecklistItem>(`/api/cars/${carId}/checklist/${itemId}`, { method: 'PATCH', body: PatchChecklistItemBody.parse({ isCompleted }) });
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
