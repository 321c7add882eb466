import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { eachDayOfInterval, format, parseISO } from 'date-fns';
import { z } from 'zod';
import { MAX_TIMETABLE_SESSION_MINUTES, type PutTimetableBody, type RoundTimetable, type Series, type SeriesRound, type TimetableChange, type TimetableSession } from '@pitwall/contracts';
import { Alert, Button, Card, SelectField, Skeleton, TextField, errorMessage, useToast } from '@pitwall/kit';
import { usePublishTimetable, useRoundTimetable } from '../api/series';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './series.module.css';

type SessionType = TimetableSession['type'];
const TYPES: readonly { value: SessionType; label: string }[] = [
  { value: 'practice', label: 'Practice' },
  { value: 'qualifying', label: 'Qualifying' },
  { value: 'race', label: 'Race' },
  { value: 'test', label: 'Test' },
];
const typeLabel = (type: unknown) => TYPES.find((t) => t.value === type)?.label ?? String(type);

/** The wall time the organiser wrote, without moving it to the browser's zone: day 'YYYY-MM-DD', time 'HH:mm'. */
const dayOf = (startsAt: string) => startsAt.slice(0, 10);
const timeOf = (startsAt: string) => startsAt.slice(11, 16);
/** A day heading: 'Sat 2 May'. */
const dayLabel = (day: string) => format(parseISO(day), 'EEE d MMM');
/** A start as a change names it: 'Sat 14:30'. */
const startLabel = (startsAt: unknown) => (typeof startsAt === 'string' ? `${format(parseISO(dayOf(startsAt)), 'EEE')} ${timeOf(startsAt)}` : '—');
/** The UTC offset of a start ('+02:00'; 'Z' is '+00:00'). */
const offsetOf = (startsAt: string) => {
  const found = /([+-]\d{2}:\d{2}|Z)$/.exec(startsAt)?.[1];
  return !found || found === 'Z' ? '+00:00' : found;
};

/** One change of a publication in words: 'FP2 moved from Sat 14:30 to Sat 15:30', 'Warm-up added: Sun 11:00', 'FP1 removed'. */
function changeInWords(change: TimetableChange): string {
  switch (change.kind) {
    case 'added':
      return `${change.name} added: ${startLabel(change.to)}`;
    case 'removed':
      return `${change.name} removed`;
    case 'moved':
      return `${change.name} moved from ${startLabel(change.from)} to ${startLabel(change.to)}`;
    case 'resized':
      return `${change.name} now ${change.to} min (was ${change.from} min)`;
    case 'renamed':
      return `${change.from} renamed to ${change.to}`;
    case 'retyped':
      return `${change.name} is now ${typeLabel(change.to)} (was ${typeLabel(change.from)})`;
  }
}

/** The sessions by day, each row time, name, type and length. */
function SessionsByDay({ sessions }: { sessions: TimetableSession[] }) {
  const days = new Map<string, TimetableSession[]>();
  for (const s of [...sessions].sort((a, b) => a.startsAt.slice(0, 16).localeCompare(b.startsAt.slice(0, 16)))) {
    days.set(dayOf(s.startsAt), [...(days.get(dayOf(s.startsAt)) ?? []), s]);
  }
  return (
    <>
      {[...days].map(([day, list]) => (
        <section key={day} aria-label={dayLabel(day)}>
          <h3 className={styles.classTitle}>{dayLabel(day)}</h3>
          <ul className={styles.list} aria-label={`Sessions on ${dayLabel(day)}`}>
            {list.map((s) => (
              <li key={s.id} className={styles.row}>
                <span className={styles.ttTime}>{timeOf(s.startsAt)}</span>
                <span className={styles.rowTitle}>{s.name}</span>
                <span className={styles.rowMeta}>{typeLabel(s.type)}</span>
                <span className={styles.rowMeta}>{s.durationMinutes} min</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** 'What changed': the newest publication's changes in words. */
function WhatChanged({ timetable }: { timetable: RoundTimetable }) {
  const newest = timetable.revisions[0];
  if (!newest) return null;
  return (
    <section aria-label="What changed">
      <h3 className={styles.classTitle}>What changed</h3>
      <p className={styles.rowMeta}>Published {format(parseISO(newest.publishedAt), 'MMM d, yyyy HH:mm')}</p>
      {newest.changes.length === 0 ? (
        <p className={styles.muted}>Nothing changed.</p>
      ) : (
        <ul className={styles.ttChanges}>
          {newest.changes.map((c, i) => (
            <li key={`${c.kind}-${c.sessionId}-${i}`}>{changeInWords(c)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

const duration = `Duration must be a whole number of minutes from 1 to ${MAX_TIMETABLE_SESSION_MINUTES}`;
const FormValues = z.object({
  offset: z.string().trim().regex(/^[+-](0\d|1[0-4]):[0-5]\d$/, 'UTC offset must look like +02:00 or -05:00'),
  sessions: z.array(
    z.object({
      id: z.number().int().optional(),
      name: z.string().trim().min(1, 'Session name is required').max(60, 'Session name must be at most 60 characters'),
      type: z.enum(['test', 'practice', 'qualifying', 'race']),
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day'),
      time: z.string().regex(/^\d{2}:\d{2}$/, 'Start time is required'),
      durationMinutes: z.string().refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= MAX_TIMETABLE_SESSION_MINUTES, duration),
    }),
  ),
});
type FormValues = z.infer<typeof FormValues>;
type FormRow = FormValues['sessions'][number];

/** The round's days 'YYYY-MM-DD' from its first to its last. */
const daysOf = (first: string, last: string) => {
  const start = parseISO(first);
  const end = parseISO(last && last >= first ? last : first);
  return eachDayOfInterval({ start, end }).map((d) => format(d, 'yyyy-MM-dd'));
};

/** The organiser's timetable form: one row per session, the circuit's UTC offset, 'Publish Timetable'. */
function TimetableForm({ series, round, timetable, onDone }: { series: Series; round: SeriesRound; timetable: RoundTimetable; onDone: () => void }) {
  const toast = useToast();
  const publish = usePublishTimetable(series.id, round.id);
  const days = daysOf(round.date, round.endsOn);
  const dayOptions = days.map((d) => ({ value: d, label: dayLabel(d) }));
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(FormValues, {
    defaultValues: {
      offset: timetable.sessions[0] ? offsetOf(timetable.sessions[0].startsAt) : '+00:00',
      sessions: timetable.sessions.map(
        (s): FormRow => ({ id: s.id, name: s.name, type: s.type, day: dayOf(s.startsAt), time: timeOf(s.startsAt), durationMinutes: String(s.durationMinutes) }),
      ),
    },
  });
  const rows = useFieldArray({ control, name: 'sessions' });
  const names = watch('sessions');
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    const body: PutTimetableBody = {
      sessions: values.sessions.map((s) => ({
        ...(s.id === undefined ? {} : { id: s.id }),
        name: s.name,
        type: s.type,
        startsAt: `${s.day}T${s.time}:00${values.offset}`,
        durationMinutes: Number(s.durationMinutes.trim()),
      })),
    };
    setFailure(null);
    try {
      await publish.mutateAsync(body);
      toast.success('Timetable published');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
      toast.error(errorMessage(error));
    }
  });
  return (
    <form className="pw-form-grid" onSubmit={onSubmit} noValidate aria-label="Timetable">
      <div className={styles.fields}>
        <TextField label="UTC offset" placeholder="+02:00" helperText="The circuit's offset from UTC" error={errors.offset?.message} {...register('offset')} />
      </div>
      {rows.fields.length === 0 && <p className={styles.muted}>No sessions. Add one below.</p>}
      {rows.fields.map((field, i) => {
        const name = names?.[i]?.name?.trim() || `session ${i + 1}`;
        const e = errors.sessions?.[i];
        return (
          <fieldset key={field.id} className={styles.ttRow}>
            <legend>Session {i + 1}</legend>
            <TextField label="Session name" placeholder="e.g. FP1" error={e?.name?.message} {...register(`sessions.${i}.name`)} />
            <SelectField label="Type" options={TYPES} error={e?.type?.message} {...register(`sessions.${i}.type`)} />
            <SelectField label="Day" options={dayOptions} error={e?.day?.message} {...register(`sessions.${i}.day`)} />
            <TextField label="Start time" type="time" error={e?.time?.message} {...register(`sessions.${i}.time`)} />
            <TextField label="Duration (min)" inputMode="numeric" error={e?.durationMinutes?.message} {...register(`sessions.${i}.durationMinutes`)} />
            <Button variant="secondary" aria-label={`Remove ${name}`} onClick={() => rows.remove(i)}>
              Remove
            </Button>
          </fieldset>
        );
      })}
      {errors.sessions?.message && <p role="alert">{errors.sessions.message}</p>}
      {failure && <Alert title="The timetable was not published.">{failure}</Alert>}
      <div className={styles.bopActions}>
        <Button variant="secondary" onClick={() => rows.append({ name: '', type: 'practice', day: days[0] ?? round.date, time: '', durationMinutes: '' })}>
          Add session
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Publishing...' : 'Publish Timetable'}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Timetable' on a round's page: the sessions by day (time, name, type, length) at the circuit's
 * local time as the organiser wrote them (not moved to the browser's zone), and what the newest
 * publication changed. The organiser edits it ('Edit Timetable') and publishes it to every entered car.
 * Rows wrap on a 390 px phone.
 */
export function TimetableCard({ series, round }: { series: Series; round: SeriesRound }) {
  const timetable = useRoundTimetable(series.id, round.id);
  const [editing, setEditing] = useState(false);
  const organiser = series.role === 'organiser';
  return (
    <Card
      title="Timetable"
      headingLevel={2}
      actions={
        organiser &&
        !editing &&
        timetable.data && (
          <Button variant="secondary" className={styles.tapTarget} onClick={() => setEditing(true)}>
            Edit Timetable
          </Button>
        )
      }
    >
      {timetable.isPending ? (
        <Skeleton height="6rem" />
      ) : timetable.error ? (
        <Alert title="The timetable could not be loaded.">{errorMessage(timetable.error)}</Alert>
      ) : editing ? (
        <TimetableForm series={series} round={round} timetable={timetable.data} onDone={() => setEditing(false)} />
      ) : (
        <>
          {timetable.data.sessions.length === 0 ? (
            <p className={styles.muted}>No timetable published yet.</p>
          ) : (
            <>
              <p className={styles.rowMeta}>Times are the circuit&apos;s local time.</p>
              <SessionsByDay sessions={timetable.data.sessions} />
            </>
          )}
          <WhatChanged timetable={timetable.data} />
        </>
      )}
    </Card>
  );
}
