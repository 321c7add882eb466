import type { TimetableSession } from '@pitwall/contracts';
import { deliveryKey, raceEventDecider, raceEventStream, runSessionDecider, runSessionStream, seriesDecider, seriesStream, type SeriesEntryState } from '@pitwall/domain';
import type { Position } from '@pitwall/eventstore';
import { findLinkableRaceEvent, findSeriesRound, type SeriesRoundRow } from '@pitwall/read-models';
import type { CommandContext } from '../command/command-handler.ts';
import type { AppDeps } from '../deps.ts';

/**
 * The timetable delivery: a series round's timetable becomes every entered car's race event and run
 * sheets. It runs after the organiser publishes a timetable and after a team enters a car, with the
 * organiser's (or the entering member's) request as who; each team's appends carry that team, so
 * its open live streams are told. Every step is idempotent, and ids are recorded before the streams
 * they name are written, so a delivery cut short (a crash, a 5xx) is completed by the next one:
 * 1. the entry's race event for the round is recorded on the series (RoundRaceEventLinked): a race
 *    event of the car's own on a day of the round not linked to a round yet, else a new one;
 * 2. the race event is scheduled if new, linked to the round, and given a run sheet id for each
 *    timetable session not delivered yet (DeliverRound);
 * 3. each timetable session's run sheet is made or brought to the timetable's name, type and start;
 *    one left out of the timetable is removed if the team recorded nothing in it, else kept.
 */

/** What a delivery is limited to: one round (a publication) or one entry (a car entered); neither: every round and entry. */
export interface DeliveryScope {
  roundId?: number;
  entryId?: number;
}

/**
 * One context per command of a delivery: `base` without its precondition (these are follow-up
 * writes) and, for a request with an Idempotency-Key, an event id seed of its own per command
 * (`{seed}:{n}`), so two appends to one stream never share event ids while a retry of the request
 * derives the same ones.
 */
function commandContexts(base: CommandContext): (teamId: number | null) => CommandContext {
  let n = 0;
  return (teamId) => ({ ...base, teamId, precondition: null, eventIdSeed: base.eventIdSeed === null ? null : `${base.eventIdSeed}:${n++}` });
}

/**
 * Delivers the published timetables of series `seriesId` within `scope` to its active entries.
 * `context`: who and when (a context of its own, not one a command of the request used). Resolves to the
 * position of the last event appended (null: nothing to do), for read-your-writes.
 * @throws what the command handler throws (an event store failure); domain refusals cannot occur for active entries.
 */
export async function deliverTimetables(deps: AppDeps, context: CommandContext, seriesId: number, scope: DeliveryScope = {}): Promise<Position | null> {
  const { state } = await deps.commands.load(seriesDecider, seriesStream(seriesId));
  if (state.status !== 'active') return null;
  const contextFor = commandContexts(context);
  const now = context.now.toISOString();
  let last: Position | null = null;
  for (const [roundId, timetable] of state.timetables) {
    if (scope.roundId !== undefined && roundId !== scope.roundId) continue;
    const round = await findSeriesRound(deps.db, seriesId, roundId);
    if (!round) continue;
    for (const entry of state.entries.values()) {
      if (entry.withdrawn || (scope.entryId !== undefined && entry.entryId !== scope.entryId)) continue;
      const recorded = state.deliveries.get(deliveryKey(roundId, entry.entryId));
      last = (await deliverToEntry(deps, contextFor, now, seriesId, round, timetable, entry, recorded)) ?? last;
    }
  }
  return last;
}

/** Steps 1–3 for one entry and round (see the module). */
async function deliverToEntry(
  deps: AppDeps, contextFor: (teamId: number | null) => CommandContext, now: string, seriesId: number, round: SeriesRoundRow, timetable: TimetableSession[], entry: SeriesEntryState,
  recorded: number | undefined,
): Promise<Position | null> {
  const positions: (Position | null)[] = [];
  const context = () => contextFor(entry.teamId);
  const raceEventId = recorded ?? (await linkRaceEvent(deps, contextFor(null), seriesId, round, entry));
  const known = (await deps.commands.load(raceEventDecider, raceEventStream(raceEventId))).state;
  const delivered = known.status === 'scheduled' ? known.timetableSessions : {};
  const fresh = timetable.filter((s) => delivered[s.id] === undefined);
  const sessionIds = fresh.length === 0 ? [] : await deps.ids.nextMany('session', fresh.length);
  const schedule = {
    raceEventId, carId: entry.carId, teamId: entry.teamId, name: round.name, location: round.location, date: new Date(`${round.startsOn}T00:00:00.000Z`).toISOString(),
    endsOn: round.endsOn === round.startsOn ? null : round.endsOn, trackLength: null, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: now,
  };
  const deliver = await deps.commands.handle(raceEventDecider, raceEventStream(raceEventId), {
    type: 'DeliverRound', data: { schedule, round: { seriesId, roundId: round.id, entryId: entry.entryId }, sessions: fresh.map((s, i) => ({ timetableSessionId: s.id, sessionId: sessionIds[i]! })) },
  }, context());
  positions.push(deliver.position);
  const raceEvent = (await deps.commands.load(raceEventDecider, raceEventStream(raceEventId))).state;
  if (raceEvent.status !== 'scheduled') return null;
  for (const s of timetable) {
    const sessionId = raceEvent.timetableSessions[s.id]!;
    const applied = await deps.commands.handle(runSessionDecider, runSessionStream(sessionId), {
      type: 'ApplyTimetableSession',
      data: { sessionId, carId: entry.carId, raceEventId, teamId: entry.teamId, name: s.name, type: s.type, startsAt: s.startsAt, now },
    }, context());
    positions.push(applied.position);
  }
  const current = new Set(timetable.map((s) => s.id));
  for (const [timetableSessionId, sessionId] of Object.entries(raceEvent.timetableSessions)) {
    if (current.has(Number(timetableSessionId))) continue;
    positions.push((await deps.commands.handle(runSessionDecider, runSessionStream(sessionId), { type: 'WithdrawTimetableSession' }, context())).position);
  }
  return positions.filter((p) => p !== null).at(-1) ?? null;
}

/**
 * Step 1 for an entry with no race event recorded at the round: records one (the car's own on a day
 * of the round, else a new id) and answers the one recorded (another delivery's, if it came first).
 */
async function linkRaceEvent(deps: AppDeps, context: CommandContext, seriesId: number, round: SeriesRoundRow, entry: SeriesEntryState): Promise<number> {
  const key = deliveryKey(round.id, entry.entryId);
  const own = await findLinkableRaceEvent(deps.db, entry.carId, round.startsOn, round.endsOn);
  const raceEventId = own ?? (await deps.ids.next('race_event'));
  await deps.commands.handle(seriesDecider, seriesStream(seriesId), { type: 'LinkRoundRaceEvent', data: { roundId: round.id, entryId: entry.entryId, raceEventId, created: own === null } }, context);
  const after = (await deps.commands.load(seriesDecider, seriesStream(seriesId))).state;
  return (after.status === 'active' ? after.deliveries.get(key) : undefined) ?? raceEventId;
}
