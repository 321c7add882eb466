import type { LiveChange } from '@pitwall/contracts';

/** A form's values by field as the server holds them (texts as shown; null or '' for empty). */
type Shown<K extends string> = Partial<Record<K, string | null>>;

/**
 * The fields someone else saved while a form is being edited: where the values now shown (`now`,
 * refetched after their save) differ from what the form was filled from (`followed`), per field
 * of `keys` the note 'Ana set -3.8° at 14:35; was -3.4°' (who and when: the latest live change of
 * that kind, `change`, in the device's time zone; 'A teammate' when none was heard; 'nothing' and
 * 'empty' for a field without a value). The form keeps what the user typed; saving merges field by
 * field and asks where both changed (the kit's versioned write path). Same `followed` and `now`
 * (nothing saved elsewhere) or no `now`: no notes.
 */
export function changedElsewhereOf<K extends string>(keys: readonly K[], followed: Shown<K> | null | undefined, now: Shown<K> | null | undefined, change: LiveChange | null): Partial<Record<K, string>> {
  if (followed === now || !now) return {};
  const who = change?.by.displayName ?? 'A teammate';
  const at = (change ? new Date(change.at) : new Date()).toTimeString().slice(0, 5);
  return Object.fromEntries(
    keys.filter((key) => (followed?.[key] || null) !== (now[key] || null)).map((key) => [key, `${who} set ${now[key] || 'nothing'} at ${at}; was ${followed?.[key] || 'empty'}`]),
  ) as Partial<Record<K, string>>;
}
