import type { Representation } from './offline-storage';
import type { Json } from './three-way-merge';

/**
 * The version a change is based on: every web write sends the ETag of the representation its form
 * or list showed when it was opened (If-Match), and a 412 is merged field by field against that
 * representation (three-way-merge.ts), online as from the write queue.
 */

/**
 * Which part of a representation a change writes. `itemId`: the item with that `id` of a list answer
 * (an item answer is taken whole: a change of an item may be based on its list, and its 412 answers
 * the item); then `field`: that field of it (a session's `tirePressures`, written by
 * PUT …/sessions/{id}/tire-pressures whose body is `{ cold, hot }`).
 */
export interface BaseView {
  itemId?: number;
  field?: string;
  /**
   * Then, when that field is a list: its element whose `key` is `id` (a session's pit stop by its
   * `stopId`, written by PATCH or DELETE …/pit-stops/{stopId}); `id` null: a new element (POST), which
   * has nothing to be merged against.
   */
  entry?: { key: string; id: number | null };
}

/** The part `view` names of a GET answer (a list or an item), in the shape of the change's body; undefined when it is not there. */
export function viewOf(representation: unknown, view: BaseView | undefined): Json | undefined {
  let value = representation;
  if (view?.itemId !== undefined && Array.isArray(value)) value = (value as { id?: unknown }[]).find((item) => item.id === view.itemId);
  if (view?.field !== undefined) value = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[view.field] : undefined;
  if (view?.entry !== undefined) {
    const { key, id } = view.entry;
    value = Array.isArray(value) && id !== null ? (value as Record<string, unknown>[]).find((element) => element[key] === id) : undefined;
  }
  return value as Json | undefined;
}

/**
 * The base of one change, as a form or list hands it to the API layer (see useOpenedVersion):
 * the representation it was opened on (its ETag, undefined when the server gave none or it was
 * never read: the change is then sent without If-Match), the part the change writes, and who is
 * told the new version once the change is saved (the form's base for its next save).
 */
export interface VersionedBase {
  representation: Representation | undefined;
  view?: BaseView;
  /** Told the saved representation (the write's answer and its ETag). */
  saved?: (representation: Representation) => void;
}

/**
 * The base a 412 is merged against: the change's own, except for a change of a list's element its
 * form never showed (the element was added after the form opened, as a pit stop logged while the lap
 * times were open): that change is based on the element as the server holds it, so only what it
 * sends changes and nothing of the element is taken for a conflict.
 */
export function mergeBase(base: Json | undefined, theirs: Json | undefined, view: BaseView | undefined): Json | undefined {
  return base === undefined && view?.entry !== undefined && view.entry.id !== null ? theirs : base;
}
