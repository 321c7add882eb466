import { useEffect, useRef, useState } from 'react';

/**
 * A react-hook-form form that follows the data it edits until the user changes something: while the
 * form is not dirty, a new `source` (by identity; TanStack Query keeps an unchanged answer's
 * identity) refills it through `refill` (e.g. the form's `reset`), so a form opened on data shown
 * from the device's cache (paddock mode restores the last saved answers at a reload, and the fresh
 * answer arrives a moment later) takes the fresh data when it arrives, and untouched fields never
 * send old values back. Once the user has changed the form, it keeps what they entered; a conflict
 * with a newer change is then the server's If-Match check's and the write queue's to settle (a form
 * that stays open after its save follows again once `reset` makes it clean). Answers the source the
 * form was last filled from: once the user has edited, a newer `source` differs from it (what a
 * teammate saved meanwhile, see changedElsewhereOf).
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
