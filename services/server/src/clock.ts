/**
 * Where the server's time comes from (time comes in as an argument, never from
 * `Date.now()` inside a decision, so deciders stay pure and tests fix the time). Each request reads the clock ONCE (`request.now`, set by the app
 * on arrival): that instant is the `at` of every event the request records and the `createdAt` of
 * every record it creates, so a record's `createdAt` always equals its event's `at`.
 */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };
