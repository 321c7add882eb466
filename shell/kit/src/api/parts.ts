import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CorrectFitDateBody, FitPartBody, NewPartBody, Part, PartLifeEntry, PartsQuery, RemovePartBody, ServicePartBody } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { requestSchemas } from './request-schemas';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import type { ChangeDescription } from '../offline/write-queue';
import { invalidationsOf, keysOf } from './change-invalidations';
import { carPartsKey, teamPartsKey } from './query-keys';

/**
 * Parts life: a team's lifed parts with their usage, remaining life and status (derived by the
 * server from the run sheets). Keys: ['teams', teamId, 'parts', …] for the team's parts, a part
 * and its life; ['cars', carId, 'parts'] for the parts on a car. Every part change refreshes the
 * team's and every car's (change-invalidations.ts), and every session change all of them
 * ({@link isPartsQuery}: the usage comes from sessions).
 */

const partsPath = (teamId: number) => `/api/teams/${teamId}/parts`;

/** GET /api/teams/{teamId}/parts with its filters (carId: fitted now; status; category). Key ['teams', teamId, 'parts', filter]. */
export function getTeamPartsQueryOptions(teamId: number, filter: PartsQuery = {}) {
  const search = new URLSearchParams(Object.entries(filter).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return queryOptions({
    queryKey: [...teamPartsKey(teamId), filter] as const,
    queryFn: ({ signal }) => apiFetch<Part[]>(`${partsPath(teamId)}${search ? `?${search}` : ''}`, { signal }),
  });
}

/** The team's parts store (on the shelf and on every car), filtered. */
export function useTeamParts(teamId: number | undefined, filter: PartsQuery = {}) {
  return useQuery({ ...getTeamPartsQueryOptions(teamId ?? 0, filter), enabled: Number.isInteger(teamId) && teamId! > 0 });
}

/** GET /api/teams/{teamId}/parts/{partId}. Key ['teams', teamId, 'parts', 'part', partId]. */
export function getPartQueryOptions(teamId: number, partId: number) {
  return queryOptions({
    queryKey: [...teamPartsKey(teamId), 'part', partId] as const,
    queryFn: ({ signal }) => apiFetch<Part>(`${partsPath(teamId)}/${partId}`, { signal }),
  });
}

/** One part with its usage and status (404 ApiError for another team's or a deleted part). */
export function usePart(teamId: number, partId: number) {
  return useQuery({ ...getPartQueryOptions(teamId, partId), enabled: Number.isInteger(teamId) && Number.isInteger(partId) });
}

/** GET …/parts/{partId}/life: fits, removals, services and the sessions that counted, oldest first. Key ['teams', teamId, 'parts', 'part', partId, 'life']. */
export function getPartLifeQueryOptions(teamId: number, partId: number) {
  return queryOptions({
    queryKey: [...getPartQueryOptions(teamId, partId).queryKey, 'life'] as const,
    queryFn: ({ signal }) => apiFetch<PartLifeEntry[]>(`${partsPath(teamId)}/${partId}/life`, { signal }),
  });
}

/** A part's life, oldest first. */
export function usePartLife(teamId: number, partId: number) {
  return useQuery({ ...getPartLifeQueryOptions(teamId, partId), enabled: Number.isInteger(teamId) && Number.isInteger(partId) });
}

/** GET /api/cars/{carId}/parts: the parts fitted to the car now. Key ['cars', carId, 'parts']. */
export function getCarPartsQueryOptions(carId: number) {
  return queryOptions({ queryKey: carPartsKey(carId), queryFn: ({ signal }) => apiFetch<Part[]>(`/api/cars/${carId}/parts`, { signal }) });
}

/** The parts on a car now (the car's Parts tab). */
export function useCarParts(carId: number) {
  return useQuery(getCarPartsQueryOptions(carId));
}

/** POST /api/teams/{teamId}/parts → the part (201). */
export async function createPart(teamId: number, body: NewPartBody): Promise<Part> {
  return apiFetch<Part>(partsPath(teamId), { method: 'POST', body: (await requestSchemas()).NewPartBody.parse(body) });
}

/** Adds a part (optionally fitted to a car); refreshes every parts view. */
export function useCreatePart(teamId: number) {
  return useInvalidatingMutation((body: NewPartBody) => createPart(teamId, body), invalidationsOf('PartAdded', { teamId, carId: null }));
}

/** What a dated change of a part sends: fit, remove, service, or a corrected date of its current fit, with its body. */
export type PartMove =
  | { action: 'fit'; body: FitPartBody }
  | { action: 'remove'; body: RemovePartBody }
  | { action: 'service'; body: ServicePartBody }
  | { action: 'correct-fit-date'; body: CorrectFitDateBody };

const MOVE_NAMES: Record<PartMove['action'], string> = { fit: 'fitted', remove: 'removed', service: 'serviced', 'correct-fit-date': 'fit date corrected' };

/** The domain event each move appends (the change table's key). */
const MOVE_CHANGES: Record<PartMove['action'], string> = { fit: 'PartFitted', remove: 'PartRemoved', service: 'PartServiced', 'correct-fit-date': 'PartFitDateCorrected' };

/**
 * POST …/parts/{partId}/{fit|remove|service}, or PATCH …/parts/{partId}/fit for a corrected fit
 * date → the part as it is now; with `change`, waits in the write queue with no signal.
 */
export async function movePart(teamId: number, partId: number, move: PartMove, change?: ChangeDescription<Part>): Promise<Part> {
  const schemas = await requestSchemas();
  const path = `${partsPath(teamId)}/${partId}`;
  switch (move.action) {
    case 'fit':
      return apiFetch<Part>(`${path}/fit`, { method: 'POST', body: schemas.FitPartBody.parse(move.body), change });
    case 'remove':
      return apiFetch<Part>(`${path}/remove`, { method: 'POST', body: schemas.RemovePartBody.parse(move.body), change });
    case 'service':
      return apiFetch<Part>(`${path}/service`, { method: 'POST', body: schemas.ServicePartBody.parse(move.body), change });
    case 'correct-fit-date':
      return apiFetch<Part>(`${path}/fit`, { method: 'PATCH', body: schemas.CorrectFitDateBody.parse(move.body), change });
  }
}

/**
 * Fits, removes or services a part, or corrects its fit date ('Clutch — serviced' in the write queue). With no signal the change
 * waits in the write queue and the part shows as it will be (on its new car, on the shelf) until saved.
 */
export function useMovePart(teamId: number, partId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getPartQueryOptions(teamId, partId);
  const apply = (part: Part, move: PartMove): Part =>
    move.action === 'fit'
      ? { ...part, carId: move.body.carId }
      : move.action === 'remove'
        ? { ...part, carId: null }
        : move.action === 'service'
          ? { ...part, lastServicedAt: move.body.at }
          : part;
  return useInvalidatingMutation(
    (move: PartMove) => {
      const part = queryClient.getQueryData(queryKey);
      return movePart(teamId, partId, move, {
        name: `${part?.name ?? 'Part'} — ${MOVE_NAMES[move.action]}`,
        offlineAnswer: () => (part ? apply(part, move) : ({ id: partId } as Part)),
        invalidates: keysOf(invalidationsOf(MOVE_CHANGES[move.action], { teamId, carId: null })),
      });
    },
    // The same refresh for every move (the change table's part entry names no move).
    invalidationsOf('PartFitted', { teamId, carId: null }),
    (move) => queryClient.setQueryData(queryKey, (part) => (part ? apply(part, move) : part)),
  );
}
