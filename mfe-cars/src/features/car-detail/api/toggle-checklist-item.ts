import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PatchChecklistItemBody, type ChecklistItem } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getChecklistQueryOptions } from './get-checklist';

/** PATCH /api/cars/{carId}/checklist/{itemId} {isCompleted}: answers the item. */
export function setChecklistItemCompletion(carId: number, itemId: number, isCompleted: boolean): Promise<ChecklistItem> {
  return apiFetch<ChecklistItem>(`/api/cars/${carId}/checklist/${itemId}`, { method: 'PATCH', body: PatchChecklistItemBody.parse({ isCompleted }) });
}

/** Flips an item's completion (spec §4), then refreshes the checklist. */
export function useToggleChecklistItem(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<ChecklistItem, 'id' | 'isCompleted'>) => setChecklistItemCompletion(carId, item.id, !item.isCompleted),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getChecklistQueryOptions(carId).queryKey }),
  });
}
