import type { RunSession, TireSet } from '@pitwall/contracts';
import { heatCyclesText } from '@pitwall/contracts/values';
import { SelectField, errorMessage, useCar, useTeamTireSets, useToast, useUpdateSession } from '@pitwall/kit';
import styles from './run-sheets.module.css';

/** The label of the picker: a set from the team's Tires (the free-text 'Tire set' stays for notes and old sessions). */
const TIRE_SET_PICKER_LABEL = 'Set from Tires';

/** The sets a session may run on: not scrapped (except `keep`, the one it already names), the car's own first, then the store's and other cars', by name. */
function pickable(sets: readonly TireSet[], carId: number, keep: number | null): TireSet[] {
  const rank = (s: TireSet) => (s.carId === carId ? 0 : s.carId === null ? 1 : 2);
  return sets.filter((s) => s.condition !== 'scrapped' || s.id === keep).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/**
 * A picker of the team's tire sets for a session of car `carId`: 'No set' (or `noneLabel`) or a set
 * (the car's own first, scrapped sets left out). `value` is the set's id as text ('' = none);
 * `helperText` shows under it (where a carried-over value came from).
 */
export function TireSetPicker({ carId, value, onChange, disabled, helperText, label = TIRE_SET_PICKER_LABEL, noneLabel = 'No set' }: {
  carId: number;
  helperText?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  label?: string;
  noneLabel?: string;
}) {
  const teamId = useCar(carId).data?.teamId;
  const { data: sets = [] } = useTeamTireSets(teamId);
  const where = (s: TireSet) => (s.carId === carId ? 'on this car' : s.carId === null ? 'in the store' : 'on another car');
  const options = [{ value: '', label: noneLabel }, ...pickable(sets, carId, value === '' ? null : Number(value)).map((s) => ({ value: String(s.id), label: `${s.name} (${where(s)}, ${heatCyclesText(s.heatCycles)})` }))];
  return <SelectField label={label} options={options} value={value} disabled={disabled} helperText={helperText} onChange={(e) => onChange(e.target.value)} />;
}

/** In a session's details: the picker, saved on change (waits in the write queue with no signal). */
export function SessionTireSetField({ carId, session }: { carId: number; session: RunSession }) {
  const update = useUpdateSession(carId, session.eventId);
  const toast = useToast();
  const onChange = async (value: string) => {
    try {
      await update.mutateAsync({ sessionId: session.id, body: { tireSetId: value === '' ? null : Number(value) } });
      toast.success('Tire set saved');
    } catch (error) {
      toast.error(`Failed to save tire set: ${errorMessage(error)}`);
    }
  };
  return (
    <div className={styles.tireSetField}>
      <TireSetPicker carId={carId} value={session.tireSetId === null ? '' : String(session.tireSetId)} onChange={(v) => void onChange(v)} disabled={update.isPending} />
    </div>
  );
}

/** The name of the set a session ran on, for its card ('Set 5'); nothing when it names none (or the set is gone). */
export function TireSetName({ carId, tireSetId }: { carId: number; tireSetId: number | null }) {
  const teamId = useCar(carId).data?.teamId;
  const { data: sets } = useTeamTireSets(tireSetId === null ? undefined : teamId);
  const set = sets?.find((s) => s.id === tireSetId);
  return set ? <span className={styles.muted}>Tires: {set.name}</span> : null;
}
