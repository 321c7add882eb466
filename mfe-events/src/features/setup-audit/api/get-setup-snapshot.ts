import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupSnapshot } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** The moment to rebuild a setup at: a race event (its last setup change) or an instant (ISO date-time). */
export type SetupMoment = { eventId: number } | { asOf: string };

/**
 * GET /api/cars/{carId}/setup?eventId= | ?asOf=: the car's whole setup as it stood, rebuilt from its
 * event stream. ApiError 404 when the car had no setup at that moment (or is another team's).
 */
export function getSetupSnapshot(carId: number, moment: SetupMoment, signal?: AbortSignal): Promise<SetupSnapshot> {
  const query = 'eventId' in moment ? `eventId=${moment.eventId}` : `asOf=${encodeURIComponent(moment.asOf)}`;
  return apiFetch<SetupSnapshot>(`/api/cars/${carId}/setup?${query}`, { signal });
}

/** Query options keyed ['cars', carId, 'setup', moment]; refetched whenever shown (staleTime 0). */
export function getSetupSnapshotQueryOptions(carId: number, moment: SetupMoment) {
  return queryOptions({
    queryKey: ['cars', carId, 'setup', moment] as const,
    queryFn: ({ signal }) => getSetupSnapshot(carId, moment, signal),
    staleTime: 0,
  });
}

/** The setup as it stood at `moment`; idle while `moment` is null. */
export function useSetupSnapshot(carId: number, moment: SetupMoment | null) {
  return useQuery({ ...getSetupSnapshotQueryOptions(carId, moment ?? { eventId: 0 }), enabled: moment !== null });
}
