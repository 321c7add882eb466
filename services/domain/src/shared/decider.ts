/**
 * A decider (after emmett / Jérémie Chassaing): pure `decide(command, state) -> events`,
 * `evolve(state, event) -> state`, and `initialState`. No I/O, no clock, no id allocation inside.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
  /**
   * Version of the state's shape and fold. Set: the state may be snapshotted (a long stream is then
   * folded from its last snapshot on); bump it in any change of the state or of `evolve`, so older
   * snapshots are ignored. Unset: the stream is always folded from its start.
   */
  stateVersion?: number;
}

/** Folds events into state with a decider's `evolve`. */
export function foldState<Event, State>(decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>, events: readonly Event[]): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/** Compile-time exhaustiveness check for a `switch` over a union's `type`. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/** `value` as JSON with every object's keys sorted (array order kept). */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/**
 * Whether two plain values (JSON data of events and states) are equal, whatever the order of their
 * objects' keys: a state rebuilt from stored events has them in the store's order (PostgreSQL's jsonb
 * reorders keys), a command in the order it was built, and the same values must compare equal, or a
 * save of unchanged values appends an event the history can only show as changing nothing.
 */
export const sameValue = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
