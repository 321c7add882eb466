import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@pitwall/kit';
import { getChecklistQueryOptions } from './get-checklist';

/** DELETE /api/cars/{carId}/checklist/{itemId} (204). */
export function deleteChecklistItem(carId: number, itemId: number): Promise<void> {
  return apiFetch<void>(`/api/cars/${carId}/checklist/${itemId}`, { method: 'DELETE' });
}

/** Removes an item, then refreshes the checklist. */
export function useDeleteChecklistItem(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => deleteChecklistItem(carId, itemId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getChecklistQueryOptions(carId).queryKey }),
  });
}
