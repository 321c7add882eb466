import { z } from 'zod';
import {
  CrossDiagonal, DEFAULT_CHANGE_EFFECT_THRESHOLDS, DistanceUnit, MassUnit, PutTeamSettingsBody, TeamUnits, type ChangeEffectThresholds, type PressureUnit, type TemperatureUnit, type UserTeam,
} from '@pitwall/contracts';
import { Alert, Button, Skeleton, TextField, errorMessage, useToast, useTeamSettings, useUpdateTeamSettings } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
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

/** The form's fields: the units as chosen, the thresholds as typed; sent as the API's body, checked by its own schema. */
const UnitsFields = TeamUnits.extend({ distanceUnit: DistanceUnit, massUnit: MassUnit, crossDiagonal: CrossDiagonal, changeEffects: z.object({ tireLaps: z.string(), trackTempC: z.string() }) })
  .transform(({ changeEffects, ...units }) => ({ ...units, changeEffects: { tireLaps: Number(changeEffects.tireLaps), trackTempC: Number(changeEffects.trackTempC) } }))
  .pipe(PutTeamSettingsBody.required());

function UnitsEditor({ team, saved }: { team: UserTeam; saved: Units }) {
  const toast = useToast();
  const update = useUpdateTeamSettings(team.teamId);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useZodForm(UnitsFields, { defaultValues: { ...saved, changeEffects: { tireLaps: String(saved.changeEffects.tireLaps), trackTempC: String(saved.changeEffects.trackTempC) } } });
  const units = watch();
  const mayChange = team.role === 'owner' || team.role === 'admin';

  const submit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      toast.success('Settings saved');
    } catch (error) {
      toast.error(`Failed to save settings: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={submit} aria-label={`Units of ${team.teamName}`} className={styles.fields}>
      <RadioGroup legend="Tire pressure unit" name={`pressure-${team.teamId}`} options={PRESSURE_OPTIONS} value={units.pressureUnit} disabled={!mayChange} onChange={(pressureUnit) => setValue('pressureUnit', pressureUnit)} />
      <RadioGroup legend="Temperature unit" name={`temperature-${team.teamId}`} options={TEMPERATURE_OPTIONS} value={units.temperatureUnit} disabled={!mayChange} onChange={(temperatureUnit) => setValue('temperatureUnit', temperatureUnit)} />
      <RadioGroup legend="Distance unit" name={`distance-${team.teamId}`} options={DISTANCE_OPTIONS} value={units.distanceUnit} disabled={!mayChange} onChange={(distanceUnit) => setValue('distanceUnit', distanceUnit)} />
      <RadioGroup legend="Mass unit" name={`mass-${team.teamId}`} options={MASS_OPTIONS} value={units.massUnit} disabled={!mayChange} onChange={(massUnit) => setValue('massUnit', massUnit)} />
      <RadioGroup legend="Cross weight diagonal" name={`diagonal-${team.teamId}`} options={DIAGONAL_OPTIONS} value={units.crossDiagonal} disabled={!mayChange} onChange={(crossDiagonal) => setValue('crossDiagonal', crossDiagonal)} />
      <fieldset className={styles.unitGroup} disabled={!mayChange}>
        <legend className={styles.presetsTitle}>What changed, what it did: runs not comparable when</legend>
        <TextField label="Tire age differs by more than (laps)" inputMode="numeric" error={errors.changeEffects?.tireLaps?.message} {...register('changeEffects.tireLaps')} />
        <TextField label="Track temperature differs by more than (°C)" inputMode="decimal" error={errors.changeEffects?.trackTempC?.message} {...register('changeEffects.trackTempC')} />
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
 * and when two runs are too different to compare (tire age in laps, track temperature in °C apart).
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
