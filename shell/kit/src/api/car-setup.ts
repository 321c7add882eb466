import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CornerWeights, PutCornerWeightsBody, PutGearRatiosBody, PutSetupSheetBody, PutSuspensionBody, PutTirePressuresBody, GearRatio, SetupSheet, SetupSheetField, Suspension, TirePressures } from '@pitwall/contracts';
import { flattenSetupSheet } from '@pitwall/contracts/values';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import type { ChangeDescription } from '../offline/write-queue';
import { carChangeName } from './change-names';
import { refreshAfterSave } from './use-invalidating-mutation';
import { useOpenedVersion } from './use-opened-version';
import { getCarQueryOptions } from './cars';
import { getTeamSettingsQueryOptions } from './teams';
import { invalidationsOf, keysOf } from './change-invalidations';
import { setupSectionKey, type SetupSection } from './query-keys';

export type { SetupSection } from './query-keys';

/**
 * `/api/cars/{carId}/{section}`, with `?eventId=` for a race event's own setup; the setup sheet of a
 * race event is `/api/cars/{carId}/events/{eventId}/setup-sheet`.
 */
export function setupPath(carId: number, section: SetupSection, raceEventId: number | undefined): string {
  if (raceEventId === undefined) return `/api/cars/${carId}/${section}`;
  return section === 'setup-sheet' ? `/api/cars/${carId}/events/${raceEventId}/${section}` : `/api/cars/${carId}/${section}?eventId=${raceEventId}`;
}

/** Query options of one section, answering `TData` (`normalise` maps an empty answer where needed). */
function setupQueryOptions<TData>(section: SetupSection, carId: number, raceEventId: number | undefined, normalise: (answer: TData) => TData = (a) => a) {
  return queryOptions({
    queryKey: [...setupSectionKey(carId, section), raceEventId ?? 'baseline'] as const,
    queryFn: async ({ signal }) => normalise(await apiFetch<TData>(setupPath(carId, section, raceEventId), { signal })),
  });
}

/** The change (event type) a save of each section makes: what it refreshes is in change-invalidations.ts. */
const SECTION_CHANGES: Record<SetupSection, string> = {
  'gear-ratios': 'GearRatiosSet',
  suspension: 'SuspensionSet',
  'tire-pressures': 'TirePressuresSet',
  'corner-weights': 'CornerWeightsSet',
  'setup-sheet': 'SetupSheetSet',
};

/** What the write queue calls each section ('Tire pressures — MX-5 #27'). */
const SECTION_NAMES: Record<SetupSection, string> = { 'gear-ratios': 'Gear ratios', suspension: 'Suspension', 'tire-pressures': 'Tire pressures', 'corner-weights': 'Corner weights', 'setup-sheet': 'Setup sheet' };

/**
 * Saves one section with PUT, then puts the answer in the section's cache entry (not fetched again)
 * and refreshes the car (docs/product.md, 'States and transitions') and the section's history. A baseline save refreshes the section of every race
 * event too: a race event's setup reads the baseline where it has no values of its own. With no
 * signal the save waits in the write queue and `offlineAnswer(body, current)` is shown meanwhile. Every
 * save is based on the section as it was when the calling form mounted (useOpenedVersion).
 */
function useSaveSetupSection<TBody, TAnswer>(
  section: SetupSection,
  carId: number,
  raceEventId: number | undefined,
  save: (body: TBody, change: ChangeDescription<TAnswer>) => Promise<TAnswer>,
  offlineAnswer: (body: TBody, current: TAnswer | undefined) => TAnswer,
) {
  const queryClient = useQueryClient();
  const { queryKey } = setupQueryOptions<TAnswer>(section, carId, raceEventId);
  const refreshed = invalidationsOf(SECTION_CHANGES[section], { teamId: null, carId, raceEventId });
  const opened = useOpenedVersion(setupPath(carId, section, raceEventId));
  return useMutation({
    mutationFn: (body: TBody) =>
      save(body, {
        name: carChangeName(queryClient, carId, SECTION_NAMES[section]),
        offlineAnswer: () => offlineAnswer(body, queryClient.getQueryData(queryKey)),
        invalidates: keysOf(refreshed),
        base: opened.base(),
      }),
    onSuccess: (answer) => refreshAfterSave(queryClient, refreshed, { queryKey, update: () => answer }),
  });
}

/**
 * A section edited in the team's units (pressures, suspension) reads the team's settings along with
 * it, so that what was seen can be edited later with no signal (with no signal the forms would wait for the units).
 */
function useTeamUnitsOfCar(carId: number): void {
  const teamId = useQuery({ ...getCarQueryOptions(carId), enabled: Number.isInteger(carId) }).data?.teamId;
  useQuery({ ...getTeamSettingsQueryOptions(teamId ?? 0), enabled: teamId !== undefined });
}

/** GET /api/cars/{carId}/gear-ratios[?eventId=]: the rows in order (empty when none); a race event's are its EFFECTIVE rows (the baseline's, overridden by its own: `own`). */
export function getGearRatiosQueryOptions(carId: number, raceEventId?: number) {
  return setupQueryOptions<GearRatio[]>('gear-ratios', carId, raceEventId);
}

/** The gear ratio rows of the car's baseline, or of a race event. */
export function useGearRatios(carId: number, raceEventId?: number) {
  return useQuery(getGearRatiosQueryOptions(carId, raceEventId));
}

/** PUT /api/cars/{carId}/gear-ratios: replaces all baseline rows (order kept); answers the stored rows. */
export async function updateGearRatios(carId: number, rows: PutGearRatiosBody, change?: ChangeDescription<GearRatio[]>): Promise<GearRatio[]> {
  return apiFetch<GearRatio[]>(setupPath(carId, 'gear-ratios', undefined), { method: 'PUT', body: (await requestSchemas()).PutGearRatiosBody.parse(rows), change });
}

/** Saves the baseline gear ratio rows (see useSaveSetupSection for what is refreshed). */
export function useUpdateGearRatios(carId: number) {
  return useSaveSetupSection<PutGearRatiosBody, GearRatio[]>('gear-ratios', carId, undefined, (rows: PutGearRatiosBody, change) => updateGearRatios(carId, rows, change), (rows) => rows as GearRatio[]);
}

/** GET /api/cars/{carId}/suspension[?eventId=]: suspension & alignment, or null when none is recorded; a race event's is its EFFECTIVE one (`ownFields`: its own). */
export function getSuspensionQueryOptions(carId: number, raceEventId?: number) {
  return setupQueryOptions<Suspension | null>('suspension', carId, raceEventId, (answer) => answer ?? null);
}

/** The suspension of the car's baseline, or of a race event (null when none); the team's units come with it. */
export function useSuspension(carId: number, raceEventId?: number) {
  useTeamUnitsOfCar(carId);
  return useQuery(getSuspensionQueryOptions(carId, raceEventId));
}

/** PUT /api/cars/{carId}/suspension[?eventId=]: the one suspension object (blank fields are stored as null). */
export async function updateSuspension(carId: number, raceEventId: number | undefined, body: PutSuspensionBody, change?: ChangeDescription<Suspension>): Promise<Suspension> {
  const parsed = (await requestSchemas()).PutSuspensionBody.parse(raceEventId === undefined ? { ...body, carId } : { ...body, carId, eventId: raceEventId });
  return apiFetch<Suspension>(setupPath(carId, 'suspension', raceEventId), { method: 'PUT', body: parsed, change });
}

/** Saves the suspension of the baseline or of a race event. */
export function useUpdateSuspension(carId: number, raceEventId?: number) {
  return useSaveSetupSection<PutSuspensionBody, Suspension>('suspension', carId, raceEventId, (body: PutSuspensionBody, change) => updateSuspension(carId, raceEventId, body, change), (body, current) => ({ ...current, ...body }) as Suspension);
}

/** GET /api/cars/{carId}/tire-pressures[?eventId=]: `{ items, notes }` (rows: condition + four corners, text with unit); a race event's are its EFFECTIVE rows (`own`: its own). */
export function getTirePressuresQueryOptions(carId: number, raceEventId?: number) {
  return setupQueryOptions<TirePressures>('tire-pressures', carId, raceEventId);
}

/** The tire pressure rows and shared note of the car's baseline, or of a race event; the team's units come with them. */
export function useTirePressures(carId: number, raceEventId?: number) {
  useTeamUnitsOfCar(carId);
  return useQuery(getTirePressuresQueryOptions(carId, raceEventId));
}

/** PUT /api/cars/{carId}/tire-pressures[?eventId=]: all rows and the shared note; answers `{ items, notes }`. */
export async function updateTirePressures(carId: number, raceEventId: number | undefined, body: PutTirePressuresBody, change?: ChangeDescription<TirePressures>): Promise<TirePressures> {
  const parsed = (await requestSchemas()).PutTirePressuresBody.parse(
    raceEventId === undefined
      ? body
      : { ...body, eventId: raceEventId, items: body.items.map((row) => ({ ...row, carId, eventId: raceEventId })) },
  );
  return apiFetch<TirePressures>(setupPath(carId, 'tire-pressures', raceEventId), { method: 'PUT', body: parsed, change });
}

/** Saves the tire pressures of the baseline or of a race event; every view of them (any remote) refreshes. */
export function useUpdateTirePressures(carId: number, raceEventId?: number) {
  return useSaveSetupSection<PutTirePressuresBody, TirePressures>(
    'tire-pressures',
    carId,
    raceEventId,
    (body: PutTirePressuresBody, change) => updateTirePressures(carId, raceEventId, body, change),
    (body, current) => ({ ...current, items: body.items, notes: body.notes ?? null }) as TirePressures,
  );
}

/** GET /api/cars/{carId}/corner-weights[?eventId=]: the scales (kg) with `derived` (null while a corner is missing); a race event's are its EFFECTIVE ones (`ownFields`: its own). */
export function getCornerWeightsQueryOptions(carId: number, raceEventId?: number) {
  return setupQueryOptions<CornerWeights>('corner-weights', carId, raceEventId);
}

/** The corner weights of the car's baseline, or of a race event; the team's units (kg|lb, the cross weight's diagonal) come with them. */
export function useCornerWeights(carId: number, raceEventId?: number) {
  useTeamUnitsOfCar(carId);
  return useQuery(getCornerWeightsQueryOptions(carId, raceEventId));
}

/** PUT /api/cars/{carId}/corner-weights[?eventId=]: kg (each 0–2,000), litres; answers the stored scales with their figures. */
export async function updateCornerWeights(carId: number, raceEventId: number | undefined, body: PutCornerWeightsBody, change?: ChangeDescription<CornerWeights>): Promise<CornerWeights> {
  const parsed = (await requestSchemas()).PutCornerWeightsBody.parse(raceEventId === undefined ? body : { ...body, eventId: raceEventId });
  return apiFetch<CornerWeights>(setupPath(carId, 'corner-weights', raceEventId), { method: 'PUT', body: parsed, change });
}

/** Saves the corner weights of the baseline or of a race event (offline: shown as sent, without figures until the server answers). */
export function useUpdateCornerWeights(carId: number, raceEventId?: number) {
  return useSaveSetupSection<PutCornerWeightsBody, CornerWeights>(
    'corner-weights',
    carId,
    raceEventId,
    (body: PutCornerWeightsBody, change) => updateCornerWeights(carId, raceEventId, body, change),
    (body, current) => ({ ...current, ...body, derived: null }) as CornerWeights,
  );
}

/**
 * GET /api/cars/{carId}/setup-sheet or …/events/{eventId}/setup-sheet: the engineer's setup sheet,
 * nested, every number null when not recorded (units in @pitwall/contracts' setup-sheet.ts); a race
 * event's is its EFFECTIVE sheet (per field its own value, else the car's; `ownFields`: its own, by path).
 */
export function getSetupSheetQueryOptions(carId: number, raceEventId?: number) {
  return setupQueryOptions<SetupSheet>('setup-sheet', carId, raceEventId);
}

/** The setup sheet of the car's baseline, or a race event's effective one. */
export function useSetupSheet(carId: number, raceEventId?: number) {
  return useQuery({ ...getSetupSheetQueryOptions(carId, raceEventId), enabled: Number.isInteger(carId) });
}

/**
 * PUT the complete sheet the form showed (a race event's: its effective values; the server keeps as
 * its own what differs from the car's or was its own already). A number out of range is refused here
 * by the contract's schema, else by the server with a 400 naming its path ('corners fl camberDeg: …').
 */
export async function updateSetupSheet(carId: number, raceEventId: number | undefined, body: PutSetupSheetBody, change?: ChangeDescription<SetupSheet>): Promise<SetupSheet> {
  return apiFetch<SetupSheet>(setupPath(carId, 'setup-sheet', raceEventId), { method: 'PUT', body: (await requestSchemas()).PutSetupSheetBody.parse(body), change });
}

/**
 * The sheet shown while a save waits in the write queue: the values sent. On a race event a value counts
 * as its own when it was already or the save changes it, as the server will keep it; a cleared one
 * (null) is inherited again. On the car, every recorded value.
 */
function offlineSetupSheet(body: PutSetupSheetBody, current: SetupSheet | undefined, carId: number, raceEventId: number | undefined): SetupSheet {
  const sent = flattenSetupSheet(body);
  const before = current && flattenSetupSheet(current);
  const recorded = (Object.keys(sent) as SetupSheetField[]).filter((path) => sent[path] !== null);
  const ownFields = raceEventId === undefined ? recorded : recorded.filter((path) => current?.ownFields.includes(path) || sent[path] !== before?.[path]);
  return { ...current, ...(body as Omit<SetupSheet, 'carId' | 'eventId' | 'ownFields'>), carId, eventId: raceEventId ?? null, ownFields };
}

/** Saves the setup sheet of the baseline or of a race event, as every setup section (opened version, write queue, refreshes). */
export function useUpdateSetupSheet(carId: number, raceEventId?: number) {
  return useSaveSetupSection<PutSetupSheetBody, SetupSheet>(
    'setup-sheet',
    carId,
    raceEventId,
    (body: PutSetupSheetBody, change) => updateSetupSheet(carId, raceEventId, body, change),
    (body, current) => offlineSetupSheet(body, current, carId, raceEventId),
  );
}
