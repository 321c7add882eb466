import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChecklistItem } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/checklist: the car's checklist items, oldest first. */
export function getChecklist(carId: number, signal?: AbortSignal): Promise<ChecklistItem[]> {
  return apiFetch<ChecklistItem[]>(`/api/cars/${carId}/checklist`, { signal });
}

/** Keys ['cars', carId, 'checklist']. */
export function getChecklistQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'checklist'] as const,
    queryFn: ({ signal }) => getChecklist(carId, signal),
  });
}

/** The car's checklist. */
export function useChecklist(carId: number) {
  return useQuery(getChecklistQueryOptions(carId));
}
