import { useEffect, useState } from 'react';
import { representationOf, seenRepresentation, type Representation } from '../offline/offline-storage';
import type { BaseView, VersionedBase } from '../offline/write-base';

/** The version a form holds: what it was opened on, and what each of its saves left (by item). */
export interface OpenedVersion {
  /** The base of a save of the part `view` names (see BaseView), for ApiFetchOptions.change.base. */
  base(view?: BaseView): VersionedBase;
}

/**
 * The version of `GET url` (its answer and ETag) as it was when the calling component mounted:
 * a form's save hooks call it when the form opens, so every save of the form is based on what it
 * showed then, not on a later refetch, which the form's fields do not follow. Read from what this
 * page saw (at once), else from what the device kept (an offline reload, read in an effect). A
 * save answered with an ETag moves the base of its item on to the saved version, so a form that
 * stays open after saving is based on its own save next time.
 */
export function useOpenedVersion(url: string): OpenedVersion {
  const [held] = useState(() => ({ url, opened: seenRepresentation(url), saved: new Map<string, Representation>() }));
  if (held.url !== url) Object.assign(held, { url, opened: seenRepresentation(url), saved: new Map() });
  useEffect(() => {
    if (held.opened) return;
    void representationOf(url).then((kept) => {
      if (held.url === url) held.opened ??= kept;
    });
  }, [held, url]);
  return {
    base(view) {
      const item = String(view?.itemId ?? '');
      return {
        representation: held.saved.get(item) ?? held.opened,
        ...(view ? { view } : {}),
        // An answer without an ETag leaves the base as it was: the next save then merges once more, never blindly.
        saved: (representation) => {
          if (representation.etag !== undefined) held.saved.set(item, representation);
        },
      };
    },
  };
}
