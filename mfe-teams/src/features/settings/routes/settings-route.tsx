import { Controller, useWatch } from 'react-hook-form';
import { Button, Card, ColorField, DEFAULT_BRANDING, TextField, useAuth, useBranding, useToast, type Branding } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { BrandingForm, toBranding, toFormValues } from '../components/branding-form';
import { BrandingPreview } from '../components/branding-preview';
import { BRANDING_PRESETS } from '../components/presets';
import { TeamUnitsForm } from '../components/units-form';
import { TeamDataCard } from '../components/team-data';
import styles from '../components/settings.module.css';

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * Team Settings (/settings, docs/product.md, 'Settings and branding'): team name, subtitle, logo URL, primary
 * and accent colours, six presets, a live preview and instructions. Saved ONLY in this browser's
 * localStorage `teamConfig` through the kit's branding store (never sent to the server); the shell's
 * navigation and theme follow at once. Beside it, 'Units': each team's pressure and temperature
 * units, kept on the server for every member (GET|PUT /api/teams/{teamId}/settings), and 'Team data':
 * the owner's 'Export team data' and anyone's 'Import team data' (a team export file as a new team).
 */
export function SettingsRoute() {
  const { branding, setBranding, resetBranding } = useBranding();
  const { user } = useAuth();
  const teams = user?.teams ?? [];
  const toast = useToast();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useZodForm(BrandingForm, { defaultValues: toFormValues(branding) });
  const draft = useWatch({ control }) as BrandingForm;

  // The preview shows what Save would store; a colour still being typed keeps the saved one.
  const preview: Branding = {
    ...toBranding({ ...toFormValues(branding), ...draft, teamName: draft.teamName?.trim() || branding.teamName }),
    primaryColor: HEX.test(draft.primaryColor ?? '') ? draft.primaryColor : branding.primaryColor,
    accentColor: HEX.test(draft.accentColor ?? '') ? draft.accentColor : branding.accentColor,
  };

  const onSave = handleSubmit((values) => {
    const next = toBranding(values);
    setBranding(next);
    reset(toFormValues(next));
    toast.success('Settings saved');
  });

  const onReset = () => {
    resetBranding();
    reset(toFormValues(DEFAULT_BRANDING));
    toast.success('Reset to defaults');
  };

  const applyPreset = (primaryColor: string, accentColor: string) => {
    setValue('primaryColor', primaryColor, { shouldDirty: true, shouldValidate: true });
    setValue('accentColor', accentColor, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>Team Settings</h1>
        <p className={styles.subtitle}>Your team&apos;s name, logo and colours on this device.</p>
      </header>

      <div className={styles.layout}>
        <Card title="Branding">
          <form onSubmit={onSave} noValidate>
            <div className={styles.fields}>
              <TextField label="Team Name" error={errors.teamName?.message} {...register('teamName')} />
              <TextField label="Team Subtitle" placeholder={DEFAULT_BRANDING.teamSubtitle} error={errors.teamSubtitle?.message} {...register('teamSubtitle')} />
              <TextField
                label="Logo URL"
                type="url"
                inputMode="url"
                placeholder="https://example.com/logo.png"
                helperText="Leave empty to use the default logo."
                error={errors.logoUrl?.message}
                {...register('logoUrl')}
              />
              <div className={styles.colors}>
                <Controller
                  control={control}
                  name="primaryColor"
                  render={({ field }) => (
                    <ColorField label="Primary Color" name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.primaryColor?.message} />
                  )}
                />
                <Controller
                  control={control}
                  name="accentColor"
                  render={({ field }) => (
                    <ColorField label="Accent Color" name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.accentColor?.message} />
                  )}
                />
              </div>
              <div role="group" aria-labelledby="presets-title">
                <p id="presets-title" className={styles.presetsTitle}>
                  Color Presets
                </p>
                <div className={styles.presets}>
                  {BRANDING_PRESETS.map((preset) => {
                    const active =
                      draft.primaryColor?.toLowerCase() === preset.primaryColor && draft.accentColor?.toLowerCase() === preset.accentColor;
                    return (
                      <button
                        key={preset.name}
                        type="button"
                        className={styles.preset}
                        aria-pressed={active}
                        onClick={() => applyPreset(preset.primaryColor, preset.accentColor)}
                      >
                        <span className={styles.presetDots} aria-hidden="true">
                          <span className={styles.presetDot} style={{ background: preset.primaryColor }} />
                          <span className={styles.presetDot} style={{ background: preset.accentColor }} />
                        </span>
                        {preset.name}
                      </button>
                    );
                  })}
                </div>
              </div>
            </div>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onReset}>
                Reset to Defaults
              </Button>
              <Button type="submit">Save Changes</Button>
            </div>
          </form>
        </Card>

        <div className={styles.side}>
          {teams.length > 0 && (
            <Card title="Units">
              <p className={styles.subtitle} style={{ marginTop: 0, marginBottom: '1rem' }}>
                For every member of the team, on every device: the setup forms show and store values in these units.
              </p>
              {teams.map((team) => (
                <section key={team.teamId} className={styles.teamUnits} aria-label={teams.length > 1 ? team.teamName : undefined}>
                  {teams.length > 1 && <h3 className={styles.teamUnitsName}>{team.teamName}</h3>}
                  <TeamUnitsForm team={team} />
                </section>
              ))}
            </Card>
          )}
          <Card title="Team data">
            <TeamDataCard teams={teams} />
          </Card>
          <Card title="Live Preview">
            <BrandingPreview branding={preview} />
          </Card>
          <Card title="Instructions">
            <ol className={styles.instructions}>
              <li>Enter your team name and subtitle; they appear at the top of the navigation.</li>
              <li>Paste the address of your logo image, or leave it empty for the default logo.</li>
              <li>Pick a primary and an accent colour, or start from a preset. The preview shows the result.</li>
              <li>Select Save Changes: the navigation and colours change at once.</li>
              <li>Branding is kept only in this browser, never sent to the server. Other devices keep their own look. The Units are the team's, kept on the server for every member.</li>
              <li>Reset to Defaults restores your team's own name, MOTORSPORT and the default colours.</li>
            </ol>
          </Card>
        </div>
      </div>
    </div>
  );
}
