import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import type { PutSessionTirePressuresBody, RunSession, TeamUnits } from '@pitwall/contracts';
import { Button, Card, errorMessage, useLastLiveChange, useSetSessionTirePressures, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { MeasureField, changedElsewhereOf, fromApiNumber, toApiNumber, useFollowingForm } from '@pitwall/setup-forms/display';
import styles from './run-sheets.module.css';

const CORNERS = [
  { key: 'fl', label: 'Front Left' },
  { key: 'fr', label: 'Front Right' },
  { key: 'rl', label: 'Rear Left' },
  { key: 'rr', label: 'Rear Right' },
] as const;
type Corner = (typeof CORNERS)[number]['key'];
type Values = Record<`cold-${Corner}` | `hot-${Corner}` | 'coldTemp', string>;
const FIELDS: (keyof Values)[] = [...CORNERS.flatMap((c) => [`cold-${c.key}`, `hot-${c.key}`] as const), 'coldTemp'];

/**
 * What the API holds (psi, °C) by field, and the text shown for it: an unchanged field sends the
 * stored number back, not its rounded conversion (28 psi shown as 1.93 bar must stay 28 psi).
 * `values`: the texts in the fields, first the stored ones.
 */
function storedOf({ cold, hot }: RunSession['tirePressures'], units: TeamUnits) {
  const numbers = {} as Record<keyof Values, number | null>;
  for (const c of CORNERS) {
    numbers[`cold-${c.key}`] = cold?.[c.key] ?? null;
    numbers[`hot-${c.key}`] = hot?.[c.key] ?? null;
  }
  numbers.coldTemp = cold?.tempC ?? null;
  const texts = Object.fromEntries(
    Object.entries(numbers).map(([f, v]) => [f, v === null ? '' : fromApiNumber(v, f === 'coldTemp' ? 'temperature' : 'pressure', units)]),
  ) as Values;
  return { stored: { numbers, texts }, values: texts };
}

/**
 * The form's schema in `units`: the texts as typed (`values`) beside the stored numbers and texts the
 * form was filled from (`stored`, never edited), read as the PUT body in psi and °C. A part left
 * wholly blank is null; in a part filled in part, each blank field is refused 'Enter all four
 * corners, or none' and each unreadable one 'Must be a number', on that field ('values.<field>').
 */
function sessionPressuresSchema(units: TeamUnits) {
  return z
    .object({
      stored: z.object({ numbers: z.record(z.string(), z.number().nullable()), texts: z.record(z.string(), z.string()) }),
      values: z.object(Object.fromEntries(FIELDS.map((f) => [f, z.string()])) as Record<keyof Values, z.ZodString>),
    })
    .transform(({ stored, values }, ctx): PutSessionTirePressuresBody => {
      let refused = false;
      /** The part's numbers in psi/°C by field; null when all blank (or refused). */
      const part = (prefix: 'cold' | 'hot') => {
        const fields = [...CORNERS.map((c) => `${prefix}-${c.key}` as keyof Values), ...(prefix === 'cold' ? (['coldTemp'] as const) : [])];
        const read = fields.map((f) => [f, values[f] === stored.texts[f] ? (stored.numbers[f] ?? null) : toApiNumber(values[f], f === 'coldTemp' ? 'temperature' : 'pressure', units)] as const);
        if (read.every(([, v]) => v === null)) return null;
        for (const [f, v] of read) {
          if (v !== null && !Number.isNaN(v)) continue;
          ctx.addIssue({ code: 'custom', path: ['values', f], message: v === null ? 'Enter all four corners, or none' : 'Must be a number' });
          refused = true;
        }
        return Object.fromEntries(read) as Record<keyof Values, number>;
      };
      const [c, h] = [part('cold'), part('hot')];
      if (refused) return z.NEVER;
      return {
        cold: c && { fl: c['cold-fl'], fr: c['cold-fr'], rl: c['cold-rl'], rr: c['cold-rr'], tempC: c.coldTemp },
        hot: h && { fl: h['hot-fl'], fr: h['hot-fr'], rl: h['hot-rl'], rr: h['hot-rr'] },
      };
    });
}

/**
 * 'Tire Pressures' of a session: cold as set (four corners and the temperature when they were
 * set) and hot as measured after the run, entered in the team's units and sent in psi and °C. A
 * part left wholly blank is 'not measured' (null); a part filled in part is refused naming the field.
 */
export function SessionPressuresForm({ carId, session, units }: { carId: number; session: RunSession; units: TeamUnits }) {
  const schema = useMemo(() => sessionPressuresSchema(units), [units]);
  const [defaultValues] = useState(() => storedOf(session.tirePressures, units));
  const {
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    reset,
    formState: { errors, isDirty },
  } = useZodForm(schema, { defaultValues, shouldFocusError: false });
  // Follows the session as saved (a teammate's save shows at once) until the user types here.
  const source = useMemo(() => ({ pressures: session.tirePressures, units }), [session.tirePressures, units]);
  const filledFrom = useFollowingForm(source, isDirty, (s) => reset(storedOf(s.pressures, s.units)));
  const followed = filledFrom.pressures;
  // The session and units of the latest render, for the form to follow again once saved.
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  const { values } = watch();
  const teammate = useLastLiveChange('SessionTirePressuresSet');
  // What a teammate saved since the form was filled, beside each field (the form keeps what was typed).
  const elsewhere = followed === session.tirePressures ? {} : changedElsewhereOf(FIELDS, storedOf(followed, units).values, storedOf(session.tirePressures, units).values, teammate);
  const save = useSetSessionTirePressures(carId, session.eventId);
  const toast = useToast();

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ sessionId: session.id, body });
      // The form stays open: it follows the session again (the refetch shows what was saved).
      reset(storedOf(latest.current.pressures, latest.current.units));
      toast.success('Tire pressures saved');
    } catch (error) {
      toast.error(`Failed to save tire pressures: ${errorMessage(error)}`);
    }
  });

  const field = (name: keyof Values, label: string, kind: 'pressure' | 'temperature') => (
    <MeasureField
      key={name}
      label={label}
      kind={kind}
      mode="number"
      units={units}
      value={values[name]}
      changedElsewhere={elsewhere[name]}
      error={errors.values?.[name]?.message}
      onChange={(value) => {
        setValue(`values.${name}`, value, { shouldDirty: true });
        clearErrors(`values.${name}`);
      }}
    />
  );

  return (
    <Card title="Tire Pressures" headingLevel={3}>
      <div className={styles.stack}>
        <fieldset className={styles.fieldset}>
          <legend>Cold (as set)</legend>
          <div className={styles.cornerGrid}>{CORNERS.map((c) => field(`cold-${c.key}`, `Cold ${c.label}`, 'pressure'))}</div>
          {field('coldTemp', 'Temperature when set', 'temperature')}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>Hot (after the run)</legend>
          <div className={styles.cornerGrid}>{CORNERS.map((c) => field(`hot-${c.key}`, `Hot ${c.label}`, 'pressure'))}</div>
        </fieldset>
        <div className={styles.actions}>
          <Button onClick={() => void submit()} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Tire Pressures'}
          </Button>
        </div>
      </div>
    </Card>
  );
}
