import { expect } from 'vitest';
import type { Decider } from '../src/shared/decider.ts';
import { foldState } from '../src/shared/decider.ts';

/**
 * given/when/then specification helper for deciders:
 * `spec(carDecider).given([...events]).when(command).then([...events])` or `.thenThrows(ErrorClass, /message/)`.
 */
export function spec<C, E, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, foldState(decider, events));
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(errorClass: new (...args: never[]) => Error, message?: RegExp) {
              expect(run).toThrow(errorClass);
              if (message) expect(run).toThrow(message);
            },
          };
        },
      };
    },
  };
}
