import { z } from 'zod';

/**
 * One change pushed on `GET /api/live` (Server-Sent Events, event name `change`), sent after the
 * read models include it, so a GET made on receipt answers it. It names what changed, never the
 * values: the client refetches what it shows.
 * - `position`: the event store position ('commit/prepare'), also the SSE `id`;
 * - `stream`, `type`: the event's stream ('car-12', 'session-9', …) and type ('SessionTirePressuresSet');
 * - `teamId`: the team it belongs to (null for a series organiser's own change, e.g. a checklist of
 *   scrutineering items); `seriesId` set for a series' changes;
 * - `carId`, `raceEventId`, `sessionId`: what it concerns, where the event names them;
 * - `by`: who made it, as their team knows them (`memberId`/`displayName` null when not a member
 *   of that team, e.g. a series organiser);
 * - `at`: when it was decided (ISO 8601).
 */
export const LiveChange = z
  .object({
    position: z.string(),
    stream: z.string(),
    type: z.string(),
    teamId: z.number().int().nullable(),
    seriesId: z.number().int().optional(),
    carId: z.number().int().nullable(),
    raceEventId: z.number().int().optional(),
    sessionId: z.number().int().optional(),
    by: z.object({ memberId: z.number().int().nullable(), displayName: z.string().nullable() }),
    at: z.string(),
  })
  .meta({ id: 'LiveChange' });
export type LiveChange = z.infer<typeof LiveChange>;

/** SSE event names of `GET /api/live`: a change, or 'reset' when a resume cannot be served (refetch everything shown). */
export const LIVE_EVENTS = { change: 'change', reset: 'reset' } as const;
