import { useState, type FormEvent } from 'react';
import { ChangeEffectThresholdsBody, DEFAULT_CHANGE_EFFECT_THRESHOLDS, type ChangeEffectThresholds, type CrossDiagonal, type DistanceUnit, type MassUnit, type PressureUnit, type TeamUnits, type TemperatureUnit, type UserTeam } from '@pitwall/contracts';
import { Alert, Button, Skeleton, TextField, errorMessage, useToast, useTeamSettings, useUpdateTeamSettings } from '@pitwall/kit';
import styles from './settings.module.css';

const PRESSURE_OPTIONS: { value: PressureUnit; label: string }[] = [
  { value: 'psi', label: 'psi' },
  { value: 'bar', label: 'bar' },
];
const TEMPERATURE_OPTIONS: { value: TemperatureUnit; label: string }[] = [
  { value: 'C', label: '°C' },
  { value: 'F', label: '°F' },
];

const DISTANCE_OPTIONS: { value: DistanceUnit; label: string }[] = [
  { value: 'km', label: 'km' },
  { value: 'mi', label: 'miles' },
];

const MASS_OPTIONS: { value: MassUnit; label: string }[] = [
  { value: 'kg', label: 'kg' },
  { value: 'lb', label: 'lb' },
];

/** The cross weight's diagonal: road racing's FL + RR, or the oval convention RF + LR. */
const DIAGONAL_OPTIONS: { value: CrossDiagonal; label: string }[] = [
  { value: 'lf-rr', label: 'FL + RR (road racing)' },
  { value: 'rf-lr', label: 'RF + LR (oval)' },
];

/** What the form edits: the setup units, the distance unit (parts life), the mass unit and cross weight diagonal (corner weights), and when two runs are too different to compare. */
type Units = TeamUnits & { distanceUnit: DistanceUnit; massUnit: MassUnit; crossDiagonal: CrossDiagonal; changeEffects: ChangeEffectThresholds };

function RadioGroup<T extends string>({ legend, name, options, value, disabled, onChange }: { legend: string; name: string; options: { value: T; label: string }[]; value: T; disabled: boolean; onChange: (value: T) => void }) {
  return (
    <fieldset className={styles.unitGroup} disabled={disabled}>
      <legend className={styles.presetsTitle}>{legend}</legend>
      <div className={styles.unitOptions}>
        {options.map((option) => (
          <label key={option.value} className={styles.unitOption}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function UnitsEditor({ team, saved }: { team: UserTeam; saved: Units }) {
  const toast = useToast();
  const update = useUpdateTeamSettings(team.teamId);
  const [units, setUnits] = useState<Units>(saved);
  // The thresholds as typed, checked with the API's own schema on save.
  const [thresholds, setThresholds] = useState({ tireLaps: String(saved.changeEffects.tireLaps), trackTempC: String(saved.changeEffects.trackTempC) });
  const checked = ChangeEffectThresholdsBody.safeParse({ tireLaps: Number(thresholds.tireLaps), trackTempC: Number(thresholds.trackTempC) });
  const [showErrors, setShowErrors] = useState(false);
  const errorOf = (field: keyof ChangeEffectThresholds) => (showErrors && !checked.success ? checked.error.issues.find((i) => i.path[0] === field)?.message : undefined);
  const mayChange = team.role === 'owner' || team.role === 'admin';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success) return setShowErrors(true);
    try {
      await update.mutateAsync({ ...units, changeEffects: checked.data });
      toast.success('Settings saved');
    } catch (error) {
      toast.error(`Failed to save settings: ${errorMessage(error)}`);
    }
  };

  return (
    <form onSubmit={submit} aria-label={`Units of ${team.teamName}`} className={styles.fields}>
      <RadioGroup legend="Tire pressure unit" name={`pressure-${team.teamId}`} options={PRESSURE_OPTIONS} value={units.pressureUnit} disabled={!mayChange} onChange={(pressureUnit) => setUnits({ ...units, pressureUnit })} />
      <RadioGroup legend="Temperature unit" name={`temperature-${team.teamId}`} options={TEMPERATURE_OPTIONS} value={units.temperatureUnit} disabled={!mayChange} onChange={(temperatureUnit) => setUnits({ ...units, temperatureUnit })} />
      <RadioGroup legend="Distance unit" name={`distance-${team.teamId}`} options={DISTANCE_OPTIONS} value={units.distanceUnit} disabled={!mayChange} onChange={(distanceUnit) => setUnits({ ...units, distanceUnit })} />
      <RadioGroup legend="Mass unit" name={`mass-${team.teamId}`} options={MASS_OPTIONS} value={units.massUnit} disabled={!mayChange} onChange={(massUnit) => setUnits({ ...units, massUnit })} />
      <RadioGroup legend="Cross weight diagonal" name={`diagonal-${team.teamId}`} options={DIAGONAL_OPTIONS} value={units.crossDiagonal} disabled={!mayChange} onChange={(crossDiagonal) => setUnits({ ...units, crossDiagonal })} />
      <fieldset className={styles.unitGroup} disabled={!mayChange}>
        <legend className={styles.presetsTitle}>What changed, what it did: runs not comparable when</legend>
        <TextField label="Tyre age differs by more than (laps)" inputMode="numeric" value={thresholds.tireLaps} error={errorOf('tireLaps')} onChange={(e) => setThresholds({ ...thresholds, tireLaps: e.target.value })} />
        <TextField label="Track temperature differs by more than (°C)" inputMode="decimal" value={thresholds.trackTempC} error={errorOf('trackTempC')} onChange={(e) => setThresholds({ ...thresholds, trackTempC: e.target.value })} />
      </fieldset>
      {mayChange ? (
        <div className={styles.actions}>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Units'}
          </Button>
        </div>
      ) : (
        <p className={styles.subtitle}>Only the team owner or an admin can change the units.</p>
      )}
    </form>
  );
}

/**
 * The 'Units' of one team, kept on the server for every member and device: tire
 * pressures in psi or bar, temperatures in °C or °F (the setup forms show and store values in them),
 * distances in km or miles (parts life), masses in kg or lb, the cross weight's diagonal (corner weights)
 * and when two runs are too different to compare (tyre age in laps, track temperature in °C apart).
 */
export function TeamUnitsForm({ team }: { team: UserTeam }) {
  const settings = useTeamSettings(team.teamId);
  if (settings.error) return <Alert title="The team's units could not be loaded.">{errorMessage(settings.error)}</Alert>;
  if (!settings.data) return <Skeleton height="8rem" />;
  const { pressureUnit, temperatureUnit, distanceUnit = 'km', massUnit = 'kg', crossDiagonal = 'lf-rr', changeEffects = DEFAULT_CHANGE_EFFECT_THRESHOLDS } = settings.data;
  return (
    <UnitsEditor
      key={`${pressureUnit}-${temperatureUnit}-${distanceUnit}-${massUnit}-${crossDiagonal}-${changeEffects.tireLaps}-${changeEffects.trackTempC}`}
      team={team}
      saved={{ pressureUnit, temperatureUnit, distanceUnit, massUnit, crossDiagonal, changeEffects }}
    />
  );
}
