import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Bop, PutBopBody, PutTimetableBody, RoundTimetable, EnterSeriesBody, JoinCode, NewEntryBody, NewRoundBody, NewSeriesBody, PutRoundResultsBody, PutScrutineeringBody, PutScrutineeringItemsBody,
  PutTireAllocationBody, RegisterTireSetBody, ResultsPreview, RoundResults, ScrutineeringItem, ScrutineeringSheet, Series, SeriesEntry, SeriesRound, Standings,
  TeamSeriesEntry, TireAllocation, TireRegister,
} from '@pitwall/contracts';
import { apiFetch, invalidationsOf, requestSchemas, seriesListKey, useInvalidatingMutation } from '@pitwall/kit';

/**
 * Series. Every key starts with 'series': ['series'] the list, ['series', id] one series,
 * ['series', id, 'entries'], ['series', id, 'rounds', roundId, 'scrutineering'(, entryId)],
 * ['series', id, 'rounds', roundId, 'results'], ['series', id, 'rounds', roundId, 'bop'], ['series', id, 'rounds', roundId, 'tire-register'],
 * ['series', id, 'rounds', roundId, 'timetable'],
 * ['series', id, 'standings']. A change
 * to a series refreshes every series query (entries, sheets and the list all follow from one change).
 * Unlike a team's own data, a series is changed by other accounts (the organiser, other teams): a
 * team's withdrawal must leave the organiser's views at once. So series queries are stale at once
 * (`SHARED`) and every screen that shows one refetches it when it mounts, over the kit's
 * never-stale default.
 */

/** Query options of data other accounts change: refetched whenever a screen showing it mounts. */
const SHARED = { staleTime: 0 } as const;

/** GET /api/series: series the user organises or where one of their active teams is entered. Key ['series']. */
function getSeriesListQueryOptions() {
  return queryOptions({ ...SHARED, queryKey: seriesListKey, queryFn: ({ signal }) => apiFetch<Series[]>('/api/series', { signal }) });
}

/** The signed-in user's series. */
export function useSeriesList() {
  return useQuery(getSeriesListQueryOptions());
}

/** GET /api/series/{seriesId}: rounds, classes, checklist, the caller's role (join codes for the organiser). Key ['series', seriesId]. */
function getSeriesQueryOptions(seriesId: number) {
  return queryOptions({ ...SHARED, queryKey: ['series', seriesId] as const, queryFn: ({ signal }) => apiFetch<Series>(`/api/series/${seriesId}`, { signal }) });
}

/** One series as the signed-in user sees it. */
export function useSeries(seriesId: number) {
  return useQuery(getSeriesQueryOptions(seriesId));
}

/** GET /api/series/{seriesId}/entries: active car entries with passports (all for the organiser, the caller's teams' for an entrant). */
function getSeriesEntriesQueryOptions(seriesId: number) {
  return queryOptions({ ...SHARED, queryKey: ['series', seriesId, 'entries'] as const, queryFn: ({ signal }) => apiFetch<SeriesEntry[]>(`/api/series/${seriesId}/entries`, { signal }) });
}

/** The entries of a series the user may see. */
export function useSeriesEntries(seriesId: number) {
  return useQuery(getSeriesEntriesQueryOptions(seriesId));
}

/** GET /api/series/{seriesId}/rounds/{roundId}/scrutineering: the round's sheets the user may see. */
function getRoundScrutineeringQueryOptions(seriesId: number, roundId: number) {
  return queryOptions({
    ...SHARED,
    queryKey: ['series', seriesId, 'rounds', roundId, 'scrutineering'] as const,
    queryFn: ({ signal }) => apiFetch<ScrutineeringSheet[]>(`/api/series/${seriesId}/rounds/${roundId}/scrutineering`, { signal }),
  });
}

/** A round's scrutineering sheets. */
export function useRoundScrutineering(seriesId: number, roundId: number) {
  return useQuery(getRoundScrutineeringQueryOptions(seriesId, roundId));
}

/** GET /api/series/{seriesId}/rounds/{roundId}/scrutineering/{entryId}: one car's sheet at a round (organiser or the car's team). */
function getScrutineeringSheetQueryOptions(seriesId: number, roundId: number, entryId: number) {
  return queryOptions({
    ...SHARED,
    queryKey: ['series', seriesId, 'rounds', roundId, 'scrutineering', entryId] as const,
    queryFn: ({ signal }) => apiFetch<ScrutineeringSheet>(`/api/series/${seriesId}/rounds/${roundId}/scrutineering/${entryId}`, { signal }),
  });
}

/** One car's scrutineering sheet. */
export function useScrutineeringSheet(seriesId: number, roundId: number, entryId: number) {
  return useQuery(getScrutineeringSheetQueryOptions(seriesId, roundId, entryId));
}

/** Runs `mutationFn` (which appends a change of `type` to series `seriesId`, unknown before a new series' answer), then refreshes what the change table names for it. */
function useSeriesMutation<TVariables, TAnswer>(mutationFn: (variables: TVariables) => Promise<TAnswer>, type: string, seriesId?: number) {
  return useInvalidatingMutation(mutationFn, invalidationsOf(type, { teamId: null, carId: null, seriesId }));
}

/** POST /api/series (any signed-in user, who becomes the organiser): name, season, classes. */
async function createSeries(body: NewSeriesBody): Promise<Series> {
  return apiFetch<Series>('/api/series', { method: 'POST', body: (await requestSchemas()).NewSeriesBody.parse(body) });
}

/** Creates a series, then refreshes the series queries. */
export function useCreateSeries() {
  return useSeriesMutation(createSeries, 'SeriesCreated');
}

/** POST /api/series/{seriesId}/rounds (organiser): name, location, date 'YYYY-MM-DD'. */
async function addSeriesRound(seriesId: number, body: NewRoundBody): Promise<SeriesRound> {
  return apiFetch<SeriesRound>(`/api/series/${seriesId}/rounds`, { method: 'POST', body: (await requestSchemas()).NewRoundBody.parse(body) });
}

/** Adds a round, then refreshes the series queries. */
export function useAddSeriesRound(seriesId: number) {
  return useSeriesMutation((body: NewRoundBody) => addSeriesRound(seriesId, body), 'RoundAdded', seriesId);
}

/** POST /api/series/{seriesId}/join-codes (organiser): a new code 'XXXX-XXXX', valid 30 days. */
function createJoinCode(seriesId: number): Promise<JoinCode> {
  return apiFetch<JoinCode>(`/api/series/${seriesId}/join-codes`, { method: 'POST' });
}

/** Makes a join code, then refreshes the series queries. */
export function useCreateJoinCode(seriesId: number) {
  return useSeriesMutation(() => createJoinCode(seriesId), 'JoinCodeIssued', seriesId);
}

/** POST /api/teams/{teamId}/series (team owner or admin): enters the team with a join code; answers the team's entry. */
async function enterSeries(teamId: number, body: EnterSeriesBody): Promise<TeamSeriesEntry> {
  return apiFetch<TeamSeriesEntry>(`/api/teams/${teamId}/series`, { method: 'POST', body: (await requestSchemas()).EnterSeriesBody.parse(body) });
}

/** Enters a team in a series, then refreshes the series queries. */
export function useEnterSeries() {
  return useSeriesMutation(({ teamId, body }: { teamId: number; body: EnterSeriesBody }) => enterSeries(teamId, body), 'TeamEnteredSeries');
}

/** POST /api/series/{seriesId}/entries (the car's team owner or admin): car, class, number. */
async function enterCar(seriesId: number, body: NewEntryBody): Promise<SeriesEntry> {
  return apiFetch<SeriesEntry>(`/api/series/${seriesId}/entries`, { method: 'POST', body: (await requestSchemas()).NewEntryBody.parse(body) });
}

/** Enters a car, then refreshes the series queries. */
export function useEnterCar(seriesId: number) {
  return useSeriesMutation((body: NewEntryBody) => enterCar(seriesId, body), 'CarEntered', seriesId);
}

/** DELETE /api/series/{seriesId}/entries/{entryId} (the entry's team owner or admin): withdraws the car (204). */
function withdrawEntry(seriesId: number, entryId: number): Promise<void> {
  return apiFetch<void>(`/api/series/${seriesId}/entries/${entryId}`, { method: 'DELETE' });
}

/** Withdraws an entry, then refreshes the series queries. */
export function useWithdrawEntry(seriesId: number) {
  return useSeriesMutation((entryId: number) => withdrawEntry(seriesId, entryId), 'EntryWithdrawn', seriesId);
}

/** DELETE /api/teams/{teamId}/series/{seriesId} (team owner or admin): the team leaves; its cars are withdrawn (204). */
function leaveSeries(teamId: number, seriesId: number): Promise<void> {
  return apiFetch<void>(`/api/teams/${teamId}/series/${seriesId}`, { method: 'DELETE' });
}

/** Takes a team out of a series, then refreshes the series queries. */
export function useLeaveSeries(seriesId: number) {
  return useSeriesMutation((teamId: number) => leaveSeries(teamId, seriesId), 'TeamLeftSeries', seriesId);
}

/** PUT /api/series/{seriesId}/scrutineering-items (organiser): the complete checklist in order; answers it with ids. */
async function setScrutineeringItems(seriesId: number, body: PutScrutineeringItemsBody): Promise<ScrutineeringItem[]> {
  return apiFetch<ScrutineeringItem[]>(`/api/series/${seriesId}/scrutineering-items`, { method: 'PUT', body: (await requestSchemas()).PutScrutineeringItemsBody.parse(body) });
}

/** Saves the checklist, then refreshes the series queries. */
export function useSetScrutineeringItems(seriesId: number) {
  return useSeriesMutation((body: PutScrutineeringItemsBody) => setScrutineeringItems(seriesId, body), 'ScrutineeringItemsSet', seriesId);
}

/** PUT /api/series/{seriesId}/rounds/{roundId}/scrutineering/{entryId} (organiser): verdicts per item; answers the sheet. */
async function recordScrutineering(seriesId: number, roundId: number, entryId: number, body: PutScrutineeringBody): Promise<ScrutineeringSheet> {
  return apiFetch<ScrutineeringSheet>(`/api/series/${seriesId}/rounds/${roundId}/scrutineering/${entryId}`, { method: 'PUT', body: (await requestSchemas()).PutScrutineeringBody.parse(body) });
}

/** Records a car's verdicts at a round, then refreshes the series queries. */
export function useRecordScrutineering(seriesId: number, roundId: number, entryId: number) {
  return useSeriesMutation((body: PutScrutineeringBody) => recordScrutineering(seriesId, roundId, entryId, body), 'ScrutineeringRecorded', seriesId);
}

/** GET /api/series/{seriesId}/rounds/{roundId}/results: the round's classification per class (every participant). */
function getRoundResultsQueryOptions(seriesId: number, roundId: number) {
  return queryOptions({
    ...SHARED,
    queryKey: ['series', seriesId, 'rounds', roundId, 'results'] as const,
    queryFn: ({ signal }) => apiFetch<RoundResults>(`/api/series/${seriesId}/rounds/${roundId}/results`, { signal }),
  });
}

/** A round's classification. */
export function useRoundResults(seriesId: number, roundId: number) {
  return useQuery(getRoundResultsQueryOptions(seriesId, roundId));
}

/** PUT /api/series/{seriesId}/rounds/{roundId}/results (organiser): the whole classification; answers it read per class. */
async function setRoundResults(seriesId: number, roundId: number, body: PutRoundResultsBody): Promise<RoundResults> {
  return apiFetch<RoundResults>(`/api/series/${seriesId}/rounds/${roundId}/results`, { method: 'PUT', body: (await requestSchemas()).PutRoundResultsBody.parse(body) });
}

/** Records a round's classification, then refreshes the series queries (the standings follow it). */
export function useSetRoundResults(seriesId: number, roundId: number) {
  return useSeriesMutation((body: PutRoundResultsBody) => setRoundResults(seriesId, roundId, body), 'RoundResultsSet', seriesId);
}

/** POST …/rounds/{roundId}/results/preview (organiser): the classification read from a timing file's text, nothing saved. */
export async function previewRoundResults(seriesId: number, roundId: number, text: string): Promise<ResultsPreview> {
  return apiFetch<ResultsPreview>(`/api/series/${seriesId}/rounds/${roundId}/results/preview`, { method: 'POST', body: { text } });
}

/** GET /api/series/{seriesId}/standings: the points table and each class's standings. */
function getStandingsQueryOptions(seriesId: number) {
  return queryOptions({ ...SHARED, queryKey: ['series', seriesId, 'standings'] as const, queryFn: ({ signal }) => apiFetch<Standings>(`/api/series/${seriesId}/standings`, { signal }) });
}

/** The championship standings of a series. */
export function useStandings(seriesId: number) {
  return useQuery(getStandingsQueryOptions(seriesId));
}

/** GET /api/series/{seriesId}/rounds/{roundId}/bop: the round's balance of performance per car (every car's for the organiser, the caller's teams' for an entrant). */
function getRoundBopQueryOptions(seriesId: number, roundId: number) {
  return queryOptions({
    ...SHARED,
    queryKey: ['series', seriesId, 'rounds', roundId, 'bop'] as const,
    queryFn: ({ signal }) => apiFetch<Bop[]>(`/api/series/${seriesId}/rounds/${roundId}/bop`, { signal }),
  });
}

/** A round's BoPs the user may see. */
export function useRoundBop(seriesId: number, roundId: number) {
  return useQuery(getRoundBopQueryOptions(seriesId, roundId));
}

/** PUT …/rounds/{roundId}/entries/{entryId}/bop (organiser): a car's whole BoP at the round (ballast and minimum weight in kg, restrictor in mm). */
async function setBop(seriesId: number, roundId: number, entryId: number, body: PutBopBody): Promise<Bop> {
  return apiFetch<Bop>(`/api/series/${seriesId}/rounds/${roundId}/entries/${entryId}/bop`, { method: 'PUT', body: (await requestSchemas()).PutBopBody.parse(body) });
}

/** Sets a car's BoP at a round, then refreshes the series queries. */
export function useSetBop(seriesId: number, roundId: number) {
  return useSeriesMutation(({ entryId, body }: { entryId: number; body: PutBopBody }) => setBop(seriesId, roundId, entryId, body), 'BopSet', seriesId);
}

/** GET /api/series/{seriesId}/rounds/{roundId}/timetable: the round's sessions and what changed at each publication (organiser and entered teams). */
function getRoundTimetableQueryOptions(seriesId: number, roundId: number) {
  return queryOptions({
    ...SHARED,
    queryKey: ['series', seriesId, 'rounds', roundId, 'timetable'] as const,
    queryFn: ({ signal }) => apiFetch<RoundTimetable>(`/api/series/${seriesId}/rounds/${roundId}/timetable`, { signal }),
  });
}

/** A round's timetable. */
export function useRoundTimetable(seriesId: number, roundId: number) {
  return useQuery(getRoundTimetableQueryOptions(seriesId, roundId));
}

/** PUT …/rounds/{roundId}/timetable (organiser): the whole timetable (sessions with an id kept, without one new, left out removed); answers the timetable. */
async function publishTimetable(seriesId: number, roundId: number, body: PutTimetableBody): Promise<RoundTimetable> {
  return apiFetch<RoundTimetable>(`/api/series/${seriesId}/rounds/${roundId}/timetable`, { method: 'PUT', body: (await requestSchemas()).PutTimetableBody.parse(body) });
}

/** Publishes a round's timetable, then refreshes the series queries and the race events' sessions it delivers. */
export function usePublishTimetable(seriesId: number, roundId: number) {
  return useSeriesMutation((body: PutTimetableBody) => publishTimetable(seriesId, roundId, body), 'TimetableSet', seriesId);
}

/** GET /api/series/{seriesId}/rounds/{roundId}/tire-register: the round's tire allocation and the registered barcodes the caller may see. */
function getTireRegisterQueryOptions(seriesId: number, roundId: number) {
  return queryOptions({
    ...SHARED,
    queryKey: ['series', seriesId, 'rounds', roundId, 'tire-register'] as const,
    queryFn: ({ signal }) => apiFetch<TireRegister>(`/api/series/${seriesId}/rounds/${roundId}/tire-register`, { signal }),
  });
}

/** A round's tire allocation and register. */
export function useTireRegister(seriesId: number, roundId: number) {
  return useQuery(getTireRegisterQueryOptions(seriesId, roundId));
}

/** PUT …/rounds/{roundId}/tire-allocation (organiser): sets per car and compound; answers the allocation. */
async function setTireAllocation(seriesId: number, roundId: number, body: PutTireAllocationBody): Promise<TireAllocation> {
  return apiFetch<TireAllocation>(`/api/series/${seriesId}/rounds/${roundId}/tire-allocation`, { method: 'PUT', body: (await requestSchemas()).PutTireAllocationBody.parse(body) });
}

/** Sets a round's tire allocation, then refreshes the series queries. */
export function useSetTireAllocation(seriesId: number, roundId: number) {
  return useSeriesMutation((body: PutTireAllocationBody) => setTireAllocation(seriesId, roundId, body), 'TireAllocationSet', seriesId);
}

/** POST …/rounds/{roundId}/tire-register (the entry's team): registers one of its sets by its barcode; answers the register. */
async function registerTireSet(seriesId: number, roundId: number, body: RegisterTireSetBody): Promise<TireRegister> {
  return apiFetch<TireRegister>(`/api/series/${seriesId}/rounds/${roundId}/tire-register`, { method: 'POST', body: (await requestSchemas()).RegisterTireSetBody.parse(body) });
}

/** Registers a tire set, then refreshes the series queries. */
export function useRegisterTireSet(seriesId: number, roundId: number) {
  return useSeriesMutation((body: RegisterTireSetBody) => registerTireSet(seriesId, roundId, body), 'TireSetRegistered', seriesId);
}

/** DELETE …/rounds/{roundId}/tire-register/{barcode} (the entry's team): takes a mis-scanned barcode off the register. */
function unregisterTireSet(seriesId: number, roundId: number, barcode: string): Promise<void> {
  return apiFetch<void>(`/api/series/${seriesId}/rounds/${roundId}/tire-register/${encodeURIComponent(barcode)}`, { method: 'DELETE' });
}

/** Takes a barcode off the register, then refreshes the series queries. */
export function useUnregisterTireSet(seriesId: number, roundId: number) {
  return useSeriesMutation((barcode: string) => unregisterTireSet(seriesId, roundId, barcode), 'TireSetUnregistered', seriesId);
}
