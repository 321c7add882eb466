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

/** Whether two plain values (JSON data of events and states) are equal, key order included. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
