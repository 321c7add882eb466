import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { RaceEvent, RunSession, SessionType, TeamMember, TeamUnits, TirePressure } from '@pitwall/contracts';
import { PRESSURE_CORNERS, SESSION_TYPES } from '@pitwall/contracts/values';
import { Card, FormActions, SelectField, TextAreaField, TextField, errorMessage, useCreateSession, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { MeasureField, toApiNumber } from '@pitwall/setup-forms/display';
import type { ColdPrefill } from '../lib/pressure-suggestion';
import { TireSetPicker } from './tire-set-picker';
import { nextSessionDraft, type SessionDraft, type SessionFormValues } from '../lib/next-session';
import { driverSelectOptions } from '../../../lib/drivers';
import styles from './run-sheets.module.css';

const TYPE_OPTIONS = SESSION_TYPES.map((t) => ({ value: t.value, label: t.label }));

type Values = SessionFormValues;

/** The cold pressure fields: the four corners (pressure) and the temperature when set. */
const COLD_FIELDS = [...PRESSURE_CORNERS.map((c) => ({ name: `cold-${c.key}` as const, key: c.key, label: `Cold ${c.label}`, kind: 'pressure' as const })), { name: 'coldTemp' as const, key: 'tempC' as const, label: 'Temperature when set', kind: 'temperature' as const }];

/**
 * The form's schema in the team's `units`: the fields as typed (SessionFormValues), read as the
 * session's body (temperatures in °C, pressures in psi, blank = null) with the same messages as
 * before; the cold pressures are all four corners and the temperature, or none.
 */
const sessionFields = (units: TeamUnits) =>
  z
    .object({
      name: z.string(), type: z.string(), startedAt: z.string(), driverMemberId: z.string(), airTemp: z.string(), trackTemp: z.string(), weather: z.string(),
      tireSet: z.string(), tireSetId: z.string(), fuelLitres: z.string(), notes: z.string(), 'cold-fl': z.string(), 'cold-fr': z.string(), 'cold-rl': z.string(), 'cold-rr': z.string(), coldTemp: z.string(),
    })
    .transform((values, ctx) => {
      const airTempC = toApiNumber(values.airTemp, 'temperature', units);
      const trackTempC = toApiNumber(values.trackTemp, 'temperature', units);
      const fuel = values.fuelLitres.trim() === '' ? null : Number(values.fuelLitres.replace(',', '.'));
      const found: Partial<Record<keyof Values, string>> = {};
      if (values.name.trim() === '') found.name = 'Session name is required';
      if (Number.isNaN(Date.parse(values.startedAt))) found.startedAt = 'Enter the start time';
      if (Number.isNaN(airTempC)) found.airTemp = 'Must be a number';
      if (Number.isNaN(trackTempC)) found.trackTemp = 'Must be a number';
      if (fuel !== null && Number.isNaN(fuel)) found.fuelLitres = 'Must be a number of litres';
      const coldRead = COLD_FIELDS.map((f) => ({ ...f, value: toApiNumber(values[f.name], f.kind, units) }));
      const anyCold = coldRead.some((f) => f.value !== null);
      for (const f of coldRead) {
        if (Number.isNaN(f.value)) found[f.name] = 'Must be a number';
        else if (anyCold && f.value === null) found[f.name] = 'Enter all four corners and the temperature, or none';
      }
      if (Object.keys(found).length > 0) {
        for (const [field, message] of Object.entries(found)) ctx.addIssue({ code: 'custom', path: [field], message });
        return z.NEVER;
      }
      return {
        name: values.name,
        type: values.type as SessionType,
        startedAt: new Date(values.startedAt).toISOString(),
        driverMemberId: values.driverMemberId === '' ? null : Number(values.driverMemberId),
        airTempC,
        trackTempC,
        weather: values.weather,
        tireSet: values.tireSet,
        tireSetId: values.tireSetId === '' ? null : Number(values.tireSetId),
        fuelLitres: fuel,
        notes: values.notes,
        cold: anyCold ? (Object.fromEntries(coldRead.map((f) => [f.key, f.value])) as { fl: number; fr: number; rl: number; rr: number; tempC: number }) : null,
      };
    });

/**
 * 'Add Session' of a race event: name, type, start time, driver (an active member of the car's
 * team, drivers first), air and track temperature in the team's unit, weather, tire set, fuel at
 * start (litres), notes, the set from the team's Tires it runs on, and the cold pressures as set (optional: all four corners and the
 * temperature, or none; `prefill` from the tire pressure assistant's 'Use these'). Sent in psi and
 * °C; the server pins the car's setup as it is at that moment. The form starts from the draft of
 * the session after `previous` at the time it opens (`nextSessionDraft`: the next session's name and
 * start, the values carried over from `previous`, each marked where it came from until it is
 * changed); `prefill` replaces its cold pressures.
 */
export function AddSessionForm({ raceEvent, members, units, previous, carryValues, tirePressures, prefill, onDone }: {
  raceEvent: RaceEvent;
  members: readonly TeamMember[];
  units: TeamUnits;
  /** The session the new one follows (its values are carried over); undefined for the first. */
  previous: RunSession | undefined;
  /** Whether `previous`'s values are carried over ('Next session'); Add Session alone carries none. */
  carryValues: boolean;
  /** The race event's effective tire pressure rows: a first carried-over session starts from its 'Dry (Cold)' row. */
  tirePressures: readonly TirePressure[] | undefined;
  prefill?: ColdPrefill | undefined;
  onDone: (sessionId?: number) => void;
}) {
  const [draft] = useState(() => nextSessionDraft({ raceEvent, previous, carryValues, tirePressures, units, now: new Date() }));
  const schema = useMemo(() => sessionFields(units), [units]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    formState: { errors: fieldErrors },
  } = useZodForm(schema, {
    defaultValues: prefill
      ? { ...draft.values, 'cold-fl': prefill.corners.fl ?? '', 'cold-fr': prefill.corners.fr ?? '', 'cold-rl': prefill.corners.rl ?? '', 'cold-rr': prefill.corners.rr ?? '', coldTemp: prefill.temperature }
      : draft.values,
    // A field's error clears as it is changed (not revalidated), as the marks do.
    reValidateMode: 'onSubmit',
  });
  const values = watch();
  const errors = Object.fromEntries(Object.entries(fieldErrors).map(([k, e]) => [k, e?.message])) as Partial<Record<keyof Values, string>>;
  const [marks, setMarks] = useState<SessionDraft['from']>(() =>
    prefill ? Object.fromEntries(Object.entries(draft.from).filter(([f]) => !COLD_FIELDS.some((c) => c.name === f))) : draft.from,
  );
  const create = useCreateSession(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const changed = (name: keyof Values) => {
    clearErrors(name);
    setMarks(({ [name]: _, ...rest }) => rest);
  };
  const set = (name: keyof Values) => (value: string) => {
    setValue(name, value);
    changed(name);
  };
  /** A text field or select of the form: registered, its error and mark cleared as it changes. */
  const field = (name: keyof Values) => register(name, { onChange: () => changed(name) });
  const driverOptions = [{ value: '', label: 'No driver named' }, ...driverSelectOptions(members)];

  const submit = handleSubmit(async (body) => {
    try {
      const session = await create.mutateAsync(body);
      toast.success(`Session ${session.name} added`);
      onDone(session.id);
    } catch (error) {
      toast.error(`Failed to add session: ${errorMessage(error)}`);
    }
  });

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add Session">
        <div className={styles.stack}>
          <div className={styles.formGrid}>
            <TextField label="Session name" placeholder="e.g. FP1" error={errors.name} {...field('name')} />
            <SelectField label="Type" options={TYPE_OPTIONS} {...field('type')} />
            <TextField label="Start time" type="datetime-local" error={errors.startedAt} {...field('startedAt')} />
            <SelectField label="Driver" options={driverOptions} helperText={marks.driverMemberId} {...field('driverMemberId')} />
            <MeasureField label="Air temperature" kind="temperature" mode="number" units={units} value={values.airTemp} note={marks.airTemp} error={errors.airTemp} onChange={set('airTemp')} />
            <MeasureField label="Track temperature" kind="temperature" mode="number" units={units} value={values.trackTemp} note={marks.trackTemp} error={errors.trackTemp} onChange={set('trackTemp')} />
            <TextField label="Weather" placeholder="e.g. Sunny, light wind" helperText={marks.weather} {...field('weather')} />
            <TireSetPicker carId={raceEvent.carId} value={values.tireSetId} helperText={marks.tireSetId} onChange={set('tireSetId')} />
            <TextField label="Tire set" placeholder="e.g. Set 3 — used" helperText={marks.tireSet} {...field('tireSet')} />
            <TextField label="Fuel at start (litres)" inputMode="decimal" error={errors.fuelLitres} {...field('fuelLitres')} />
          </div>
          <fieldset className={styles.fieldset}>
            <legend>Cold pressures (as set)</legend>
            <div className={styles.cornerGrid}>
              {COLD_FIELDS.slice(0, 4).map((f) => (
                <MeasureField key={f.name} label={f.label} kind="pressure" mode="number" units={units} value={values[f.name]} note={marks[f.name]} error={errors[f.name]} onChange={set(f.name)} />
              ))}
            </div>
            <MeasureField label="Temperature when set" kind="temperature" mode="number" units={units} value={values.coldTemp} note={marks.coldTemp} error={errors.coldTemp} onChange={set('coldTemp')} />
          </fieldset>
          <TextAreaField label="Notes" rows={3} {...field('notes')} />
        </div>
        <FormActions submitLabel="Add Session" isSaving={create.isPending} onCancel={() => onDone()} />
      </form>
    </Card>
  );
}
