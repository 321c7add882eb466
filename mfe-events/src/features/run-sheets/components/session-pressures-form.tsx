import { useState } from 'react';
import type { RunSession, TeamUnits } from '@pitwall/contracts';
import { Button, Card, errorMessage, useLastLiveChange, useSetSessionTirePressures, useToast } from '@pitwall/kit';
import { MeasureField, changedElsewhereOf, fromApiNumber, toApiNumber, useFollowingState } from '@pitwall/setup-forms/display';
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
 * 'Tire Pressures' of a session: cold as set (four corners and the temperature when they were
 * set) and hot as measured after the run, entered in the team's units and sent in psi and °C. A
 * part left wholly blank is 'not measured' (null); a part filled in part is refused naming the field.
 */
export function SessionPressuresForm({ carId, session, units }: { carId: number; session: RunSession; units: TeamUnits }) {
  // Follows the session as saved (a teammate's save shows at once) until the user types here.
  const [form, setForm, [followed], follow] = useFollowingState([session.tirePressures, units] as const, storedOf);
  const { stored, values } = form;
  const teammate = useLastLiveChange('SessionTirePressuresSet');
  // What a teammate saved since the form was filled, beside each field (the form keeps what was typed).
  const elsewhere = followed === session.tirePressures ? {} : changedElsewhereOf(FIELDS, storedOf(followed, units).values, storedOf(session.tirePressures, units).values, teammate);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const save = useSetSessionTirePressures(carId, session.eventId);
  const toast = useToast();

  /** The part's numbers in psi/°C; null when all blank; the fields in error otherwise. */
  function part(prefix: 'cold' | 'hot') {
    const fields = [...CORNERS.map((c) => `${prefix}-${c.key}` as keyof Values), ...(prefix === 'cold' ? (['coldTemp'] as const) : [])];
    const read = fields.map((f) => [f, values[f] === stored.texts[f] ? stored.numbers[f] : toApiNumber(values[f], f === 'coldTemp' ? 'temperature' : 'pressure', units)] as const);
    if (read.every(([, v]) => v === null)) return { value: null, errors: {} };
    const bad = Object.fromEntries(read.filter(([, v]) => v === null || Number.isNaN(v)).map(([f, v]) => [f, v === null ? 'Enter all four corners, or none' : 'Must be a number']));
    return { value: Object.fromEntries(read.map(([f, v]) => [f === 'coldTemp' ? 'tempC' : f.slice(prefix.length + 1), v])) as Record<string, number>, errors: bad };
  }

  const submit = async () => {
    const [c, h] = [part('cold'), part('hot')];
    const found = { ...c.errors, ...h.errors };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        sessionId: session.id,
        body: {
          cold: c.value && { fl: c.value.fl!, fr: c.value.fr!, rl: c.value.rl!, rr: c.value.rr!, tempC: c.value.tempC! },
          hot: h.value && { fl: h.value.fl!, fr: h.value.fr!, rl: h.value.rl!, rr: h.value.rr! },
        },
      });
      // The form stays open: it follows the session again (the refetch shows what was saved).
      follow();
      toast.success('Tire pressures saved');
    } catch (error) {
      toast.error(`Failed to save tire pressures: ${errorMessage(error)}`);
    }
  };

  const field = (name: keyof Values, label: string, kind: 'pressure' | 'temperature') => (
    <MeasureField
      key={name}
      label={label}
      kind={kind}
      mode="number"
      units={units}
      value={values[name]}
      changedElsewhere={elsewhere[name]}
      error={errors[name]}
      onChange={(value) => {
        setForm({ ...form, values: { ...values, [name]: value } });
        setErrors(({ [name]: _, ...rest }) => rest);
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
