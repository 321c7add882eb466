import { lazy, Suspense } from 'react';
import type { RaceEvent } from '@pitwall/contracts';
import { partUsedPercent } from '@pitwall/contracts/values';
import { Badge, Card, Skeleton, useCarParts, useSessions } from '@pitwall/kit';
import styles from './race-events.module.css';

const TONE = { 'due-soon': 'warning', overdue: 'danger' } as const;
const WORDS = { 'due-soon': 'Due soon', overdue: 'Overdue' } as const;

/** A part's warning line: 'Clutch — 92 % used', or its expiry when that is what is near. */
function warningText(part: Parameters<typeof partUsedPercent>[0] & { name: string; remaining: { days: number | null } }): string {
  const percent = partUsedPercent(part);
  if (percent !== null && (part.remaining.days === null || percent >= 80)) return `${part.name} — ${percent} % used`;
  const days = part.remaining.days!;
  return `${part.name} — ${days <= 0 ? 'expired' : `expires in ${days} ${days === 1 ? 'day' : 'days'}`}`;
}

/**
 * The track length prompt, a form (zod and react-hook-form): in a chunk of its own, so the race
 * event's Overview, a first screen, loads without the form libraries.
 */
const TrackLengthPrompt = lazy(() => import('./track-length-prompt').then((m) => ({ default: m.TrackLengthPrompt })));

/**
 * Where a crew plans: the car's parts that are due soon or overdue ('Before this race event:
 * Clutch — 92 % used'), and a request for the track length when sessions exist without one. Shows
 * nothing when there is nothing to say.
 */
export function PartsWarningsCard({ raceEvent }: { raceEvent: RaceEvent }) {
  const { data: parts } = useCarParts(raceEvent.carId);
  const { data: sessions } = useSessions(raceEvent.carId, raceEvent.id);
  // Overdue first; the sort is stable, so each group keeps the API's order, by name as the Parts tab lists them.
  const warnings = (parts ?? []).filter((p) => p.status !== 'ok').sort((a, b) => Number(b.status === 'overdue') - Number(a.status === 'overdue'));
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
      {askLength ? (
        <Suspense fallback={<Skeleton height="6rem" />}>
          <TrackLengthPrompt raceEvent={raceEvent} />
        </Suspense>
      ) : null}
    </Card>
  );
}
