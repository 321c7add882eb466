/**
 * A decider (after emmett / Jérémie Chassaing): pure `decide(command, state) -> events`,
 * `evolve(state, event) -> state`, and `initialState`. No I/O, no clock, no id allocation inside.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

/** Folds events into state with a decider's `evolve`. */
export function foldState<Event, State>(decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>, events: readonly Event[]): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/** Compile-time exhaustiveness check for a `switch` over a union's `type`. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
