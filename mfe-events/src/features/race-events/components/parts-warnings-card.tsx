import { z } from 'zod';
import type { RaceEvent } from '@pitwall/contracts';
import { partUsedPercent } from '@pitwall/contracts/values';
import { Badge, Button, Card, TextField, errorMessage, useCarParts, useSessions, useToast, useUpdateRaceEvent } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './race-events.module.css';

/** The prompt's field: the track length as typed (the server reads it; its refusal is shown under the field). */
const TrackLengthFields = z.object({ trackLength: z.string() });

const TONE = { 'due-soon': 'warning', overdue: 'danger' } as const;
const WORDS = { 'due-soon': 'Due soon', overdue: 'Overdue' } as const;

/** A part's warning line: 'Clutch — 92 % used', or its expiry when that is what is near. */
function warningText(part: Parameters<typeof partUsedPercent>[0] & { name: string; remaining: { days: number | null } }): string {
  const percent = partUsedPercent(part);
  if (percent !== null && (part.remaining.days === null || percent >= 80)) return `${part.name} — ${percent} % used`;
  const days = part.remaining.days!;
  return `${part.name} — ${days <= 0 ? 'expired' : `expires in ${days} ${days === 1 ? 'day' : 'days'}`}`;
}

/** Asks for the track length when sessions exist without one: their distance cannot be counted until it is known. */
function TrackLengthPrompt({ raceEvent }: { raceEvent: RaceEvent }) {
  const update = useUpdateRaceEvent(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useZodForm(TrackLengthFields, { defaultValues: { trackLength: raceEvent.trackLength ?? '' } });
  const onSubmit = handleSubmit(async ({ trackLength }) => {
    try {
      await update.mutateAsync({ trackLength });
      clearErrors('trackLength');
      toast.success('Track length saved');
    } catch (e) {
      setError('trackLength', { message: errorMessage(e) });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Enter the track length" className={styles.stack}>
      <p>
        {raceEvent.trackLength ? `The track length '${raceEvent.trackLength}' cannot be read as a distance` : 'The track length is unknown'}: the sessions of this race event count laps and time for parts life, not distance. Enter it to count the distance.
      </p>
      <TextField label="Track length" placeholder="e.g. 3.602 km or 2.238 mi" error={errors.trackLength?.message} {...register('trackLength')} />
      <Button type="submit" disabled={update.isPending}>
        Save track length
      </Button>
    </form>
  );
}

/**
 * Where a crew plans: the car's parts that are due soon or overdue ('Before this race event:
 * Clutch — 92 % used'), and a request for the track length when sessions exist without one. Shows
 * nothing when there is nothing to say.
 */
export function PartsWarningsCard({ raceEvent }: { raceEvent: RaceEvent }) {
  const { data: parts } = useCarParts(raceEvent.carId);
  const { data: sessions } = useSessions(raceEvent.carId, raceEvent.id);
  const warnings = (parts ?? []).filter((p) => p.status !== 'ok').sort((a, b) => (a.status === b.status ? a.name.localeCompare(b.name) : a.status === 'overdue' ? -1 : 1));
  const askLength = raceEvent.trackLengthKm === null && (sessions?.length ?? 0) > 0;
  if (warnings.length === 0 && !askLength) return null;
  return (
    <Card title="Parts life">
      {warnings.length > 0 ? (
        <ul className={styles.stack} aria-label="Parts due">
          {warnings.map((p) => (
            <li key={p.id}>
              Before this race event: {warningText(p)} <Badge tone={TONE[p.status as keyof typeof TONE]}>{WORDS[p.status as keyof typeof WORDS]}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {askLength ? <TrackLengthPrompt raceEvent={raceEvent} /> : null}
    </Card>
  );
}
