import { useEffect, useRef, useState } from 'react';

/**
 * A form's state derived from the data it edits, that follows that data until the user changes
 * something: a form opened on data shown from the device's cache (paddock mode restores the last
 * saved answers at a reload, and the fresh answer arrives a moment later) takes the fresh values
 * when they arrive, so untouched fields never send old values back. Once the user has changed the
 * form, it keeps what they entered; a conflict with a newer change is then the server's If-Match
 * check's and the write queue's to settle.
 *
 * `sources` are compared by identity (TanStack Query keeps an unchanged answer's identity);
 * `derive` builds the state from them. Returns the state, its setter (a user edit), the sources
 * the state was last derived from (once edited, newer `sources` differ from them: what someone
 * else changed meanwhile) and `follow`, which makes the state follow its sources again (a form that
 * stays open after its save: the saved answer then replaces what was typed, and nothing the user
 * saved shows as someone else's change).
 */
export function useFollowingState<Sources extends readonly unknown[], State>(sources: Sources, derive: (...sources: Sources) => State): [State, (next: State) => void, Sources, () => void] {
  const [held, setHeld] = useState(() => ({ sources, value: derive(...sources), edited: false }));
  let current = held;
  if (!held.edited && sources.some((source, i) => source !== held.sources[i])) {
    // Adjusting state while rendering (react.dev: "storing information from previous renders").
    current = { sources, value: derive(...sources), edited: false };
    setHeld(current);
  }
  return [current.value, (value) => setHeld({ sources: current.sources, value, edited: true }), current.sources, () => setHeld((h) => ({ ...h, edited: false }))];
}

/**
 * useFollowingState for a react-hook-form form: while the form is not dirty, a new `source` (by
 * identity) refills it through `refill` (e.g. the form's `reset`), so a form opened on data restored
 * from the device takes the fresh data when it arrives. Answers the source the form was last filled
 * from: once the user has edited, a newer `source` differs from it (what a teammate saved meanwhile,
 * see changedElsewhereOf).
 */
export function useFollowingForm<Source>(source: Source, isDirty: boolean, refill: (source: Source) => void): Source {
  const openedOn = useRef(source);
  useEffect(() => {
    if (source === openedOn.current) return;
    openedOn.current = source;
    if (!isDirty) refill(source);
  });
  const [filledFrom, setFilledFrom] = useState(source);
  if (!isDirty && source !== filledFrom) setFilledFrom(source);
  return filledFrom;
}
