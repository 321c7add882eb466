import { ID_KINDS, type IdKind } from '../command/ids.ts';

/**
 * Where ids sit in event data, so an imported team's history gets new ids with every reference
 * rewired. The rules are generic so a new aggregate needs no change here:
 * - a field `<kind>Id` (number, or the user id as text) or `<kind>Ids` (a list) holds an id of
 *   that id kind, the kind written in camelCase (`race_event` → `raceEventId`, `tire_set` →
 *   `tireSetId`);
 * - the fields named otherwise are listed below ({@link FIELD_ALIASES}, {@link TYPE_FIELDS});
 * - `id` inside a list of rows is the row id of the event types in {@link ROW_ID_KINDS};
 * - a stream `<kind>-<id>` is named after its id kind the same way (`raceEvent-3`; the prefix is
 *   compared squashed, so the tire set's stored `tire-set-5` matches `tire_set` too),
 *   and an upload's stream `upload-<image key>` after its image key.
 * A field that looks like an id and matches no rule makes {@link UnmappedIdError}: an import is
 * refused whole rather than keep an id that points into another team's data.
 */

/** Ids kept in fields that are not named after their kind. */
const FIELD_ALIASES: Readonly<Record<string, IdKind>> = {
  memberId: 'team_member',
  driverMemberId: 'team_member',
  driverMemberIds: 'team_member',
  ownerId: 'user',
  organiserId: 'user',
  itemId: 'checklist_item',
  roundId: 'series_round',
  joinCodeId: 'series_join_code',
  teamEntryId: 'series_team_entry',
  entryId: 'series_entry',
  stopId: 'pit_stop',
};

/** Fields whose kind depends on the event type (checked before the aliases). */
const TYPE_FIELDS: Readonly<Record<string, Readonly<Record<string, IdKind>>>> = {
  ScrutineeringItemsSet: { itemId: 'scrutineering_item', retiredItemIds: 'scrutineering_item' },
  ScrutineeringRecorded: { itemId: 'scrutineering_item' },
  TimetableSet: { sessionId: 'timetable_session' },
};

/** The kind of `id` in the rows (list elements) of these event types. */
const ROW_ID_KINDS: Readonly<Record<string, IdKind>> = {
  GearRatiosSet: 'gear_ratio',
  TirePressuresSet: 'tire_pressure',
  TimetableSet: 'timetable_session',
};

/** An id-like field or stream name no rule covers; the message names it. */
export class UnmappedIdError extends Error {
  constructor(what: string) {
    super(`${what} holds an id that Pitwall cannot rewire`);
    this.name = 'UnmappedIdError';
  }
}

const camel = (kind: string) => kind.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const squash = (name: string) => name.replace(/[-_]/g, '').toLowerCase();
const KIND_BY_FIELD = new Map<string, IdKind>(ID_KINDS.map((kind) => [camel(kind), kind]));
const KIND_BY_STREAM_PREFIX = new Map<string, IdKind>(ID_KINDS.map((kind) => [squash(kind), kind]));

/**
 * The id kind of field `key` of an event of `type` (`inRow`: the field is in an element of a
 * list), or null when the field is no id. A key ending in `Id`/`Ids`, or `id` in a row, that no
 * rule covers throws UnmappedIdError.
 */
function idKindOfField(type: string, key: string, inRow: boolean): IdKind | null {
  if (key === 'id') {
    const kind = inRow ? ROW_ID_KINDS[type] : undefined;
    if (!kind) throw new UnmappedIdError(`${type}.${key}`);
    return kind;
  }
  const match = /^(.+?)Ids?$/.exec(key);
  if (!match) return null;
  const kind = TYPE_FIELDS[type]?.[key] ?? FIELD_ALIASES[key] ?? KIND_BY_FIELD.get(match[1]!);
  if (!kind) throw new UnmappedIdError(`${type}.${key}`);
  return kind;
}

/** A stream name split into its id kind and id (`car-12` → car 12), or the image key of an upload stream. */
export type StreamId = { kind: IdKind; prefix: string; id: number } | { kind: 'upload'; key: string };

/** Parses a stream name by the rules above; throws UnmappedIdError for any other name. */
export function streamIdOf(streamName: string): StreamId {
  if (streamName.startsWith('upload-')) return { kind: 'upload', key: streamName.slice('upload-'.length) };
  const match = /^(.+)-(\d+)$/.exec(streamName);
  const kind = match ? KIND_BY_STREAM_PREFIX.get(squash(match[1]!)) : undefined;
  if (!match || !kind) throw new UnmappedIdError(`stream ${streamName}`);
  return { kind, prefix: match[1]!, id: Number(match[2]) };
}

/**
 * Calls `visit(kind, id)` for every id in `data` (an event of `type`) and answers a copy with each
 * id replaced by what `visit` answers; ids written as text (user ids) stay text. Other strings go
 * through `text` (image keys inside URLs). Pure apart from `visit`/`text`.
 * @throws UnmappedIdError for an id-like field no rule covers, or an id that is neither an integer nor its text.
 */
export function mapIds(type: string, data: unknown, visit: (kind: IdKind, id: number) => number, text: (value: string) => string = (v) => v): unknown {
  const walk = (value: unknown, kind: IdKind | null, inRow: boolean, where: string): unknown => {
    if (value === null || value === undefined) return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, kind, true, where));
    if (kind) {
      if (typeof value === 'number' && Number.isInteger(value)) return visit(kind, value);
      if (typeof value === 'string' && /^\d+$/.test(value)) return String(visit(kind, Number(value)));
      throw new UnmappedIdError(where);
    }
    if (typeof value === 'string') return text(value);
    if (typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, walk(v, idKindOfField(type, key, inRow), false, `${type}.${key}`)]));
  };
  return walk(data, null, false, type);
}
