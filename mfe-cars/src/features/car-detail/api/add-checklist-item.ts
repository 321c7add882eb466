import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewChecklistItemBody, type ChecklistItem } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getChecklistQueryOptions } from './get-checklist';

/** POST /api/cars/{carId}/checklist {title, description, priority}: answers the new item. */
export function addChecklistItem(carId: number, body: NewChecklistItemBody): Promise<ChecklistItem> {
  return apiFetch<ChecklistItem>(`/api/cars/${carId}/checklist`, { method: 'POST', body: NewChecklistItemBody.parse(body) });
}

/** Adds an item, then refreshes the checklist. */
export function useAddChecklistItem(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChecklistItemBody) => addChecklistItem(carId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getChecklistQueryOptions(carId).queryKey }),
  });
}
