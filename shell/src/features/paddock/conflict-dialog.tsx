import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Dialog, FormActions, getCarHistory, writeQueue, useAuth, type CarHistorySection, type FieldConflict, type Json, type QueuedWrite } from '@pitwall/kit';

/** The car and history section a change's URL is about (`/api/cars/7/tire-pressures` → 7, 'tire-pressures'). */
function historyTargetOf(url: string): { carId: number; section: CarHistorySection | undefined } | undefined {
  const match = /^\/api\/cars\/(\d+)\/([a-z-]+)/.exec(url);
  if (!match) return undefined;
  const sections: string[] = ['gear-ratios', 'suspension', 'tire-pressures', 'corner-weights', 'setup-sheet', 'checklist', 'issues', 'sessions'];
  return { carId: Number(match[1]), section: sections.includes(match[2]!) ? (match[2] as CarHistorySection) : undefined };
}

/**
 * A field's path for people: 'frontCamber' → 'front camber'; a field of a row is named by the row's
 * condition or name in `body` (the change as sent): 'items.0.frontLeft' → 'Dry (Cold) front left',
 * '2.ratio' → '3rd ratio'; 'front left (row 1)' only when the row names nothing.
 */
export function fieldLabel(path: string, body?: Json): string {
  const words = (part: string) => part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const parts = path.split('.');
  const rowAt = parts.findIndex((p) => /^\d+$/.test(p));
  const name = parts.filter((p) => !/^\d+$/.test(p) && p !== 'items').map(words).join(' ');
  if (rowAt < 0) return name;
  let rows: Json | undefined = body;
  for (const part of parts.slice(0, rowAt)) rows = rows && typeof rows === 'object' && !Array.isArray(rows) ? rows[part] : undefined;
  const row = Array.isArray(rows) ? rows[Number(parts[rowAt])] : undefined;
  const rowName = row && typeof row === 'object' && !Array.isArray(row) ? (row.condition ?? row.name) : undefined;
  return typeof rowName === 'string' && rowName.trim() ? `${rowName.trim()} ${name}` : `${name} (row ${Number(parts[rowAt]) + 1})`;
}

/** A value as shown in the dialog. */
function shown(value: Json | undefined): string {
  if (value === undefined || value === null || value === '') return 'nothing';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The choice for each field both the user (offline) and someone else changed: 'Marco set front camber
 * to -2.8 at 14:35; you set -3.0'. Who and when come from the car's history (the newest change by
 * someone else since the offline edit). The choice is sent as a normal change (writeQueue.resolve).
 */
export function ConflictDialog({ change, onClose }: { change: QueuedWrite; onClose: () => void }) {
  const { user } = useAuth();
  const fields: FieldConflict[] = change.conflict?.fields ?? [];
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>(() => Object.fromEntries(fields.map((f) => [f.path, 'mine'])));
  const target = historyTargetOf(change.url);
  const history = useQuery({
    queryKey: ['cars', target?.carId, 'history', 'conflict', change.id],
    queryFn: ({ signal }) => getCarHistory(target!.carId, { section: target!.section }, signal),
    enabled: target !== undefined,
    staleTime: 0,
  });
  const theirEntry = history.data?.find((entry) => entry.actor.userId !== user?.id && entry.at >= change.madeAt) ?? history.data?.find((entry) => entry.actor.userId !== user?.id);
  const who = theirEntry?.actor.displayName ?? 'Someone else';
  const when = theirEntry ? ` at ${format(new Date(theirEntry.at), 'HH:mm')}` : '';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Both changed: ${change.name}`} description="Choose which value to keep for each field. Your choice is saved as a new change.">
      <form
        className="paddock-conflict"
        onSubmit={(event) => {
          event.preventDefault();
          void writeQueue.resolve(change.id, choices);
          onClose();
        }}
      >
        {fields.map((field) => (
          <fieldset key={field.path} className="paddock-conflict__field">
            <legend>
              {who} set {fieldLabel(field.path, change.body)} to {shown(field.theirs)}
              {when}; you set {shown(field.mine)}.
            </legend>
            <label className="paddock-conflict__choice">
              <input type="radio" name={field.path} checked={choices[field.path] === 'mine'} onChange={() => setChoices({ ...choices, [field.path]: 'mine' })} />
              Keep mine: {shown(field.mine)}
            </label>
            <label className="paddock-conflict__choice">
              <input type="radio" name={field.path} checked={choices[field.path] === 'theirs'} onChange={() => setChoices({ ...choices, [field.path]: 'theirs' })} />
              Keep {who}&rsquo;s: {shown(field.theirs)}
            </label>
          </fieldset>
        ))}
        <FormActions submitLabel="Save choice" isSaving={false} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
