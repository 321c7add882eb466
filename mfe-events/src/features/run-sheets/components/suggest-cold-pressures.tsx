import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { RaceEvent, TeamUnits } from '@pitwall/contracts';
import { AMBIENT_MAX_C, AMBIENT_MIN_C } from '@pitwall/contracts/values';
import { Alert, Button, Card, SelectField, Skeleton, errorMessage, useTirePressureSuggestion, type SuggestionRequest } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { MeasureField, fromApiNumber, toApiNumber } from '@pitwall/setup-forms/display';
import { coldPrefill, suggestionLines, type ColdPrefill } from '../lib/pressure-suggestion';
import { sessionStartText } from '../lib/run-sheet-format';
import { TireSetPicker } from './tire-set-picker';
import styles from './run-sheets.module.css';

/** The form's schema in the team's `units`: the temperature now as typed, read as °C within the API's range; the tire set's id as the picker holds it ('' = any). */
const suggestFields = (units: TeamUnits) =>
  z.object({
    temperature: z.string().transform((text, ctx) => {
      const ambientC = toApiNumber(text, 'temperature', units);
      const problem =
        ambientC === null ? 'Enter the temperature now' : Number.isNaN(ambientC) ? 'Must be a number' : ambientC < AMBIENT_MIN_C || ambientC > AMBIENT_MAX_C ? `Must be from ${AMBIENT_MIN_C} to ${AMBIENT_MAX_C} °C` : undefined;
      if (problem !== undefined) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return ambientC!;
    }),
    tireSetId: z.string(),
  });

/**
 * 'Suggest cold pressures': the user enters or confirms the temperature now (team's
 * unit; prefilled with `temperatureC`, the last known air temperature), sees the four cold
 * pressures to set with the basis in words per corner, may limit the references to the sessions on
 * one tire set ('Only sessions on') and pick another reference session, and
 * 'Use these' hands them to the Add Session form.
 */
export function SuggestColdPressures({ raceEvent, units, temperatureC, onUse, onBack }: {
  raceEvent: RaceEvent;
  units: TeamUnits;
  temperatureC: number | null;
  onUse: (prefill: ColdPrefill) => void;
  onBack: () => void;
}) {
  const schema = useMemo(() => suggestFields(units), [units]);
  const {
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { temperature: temperatureC === null ? '' : fromApiNumber(temperatureC, 'temperature', units), tireSetId: '' } });
  const [request, setRequest] = useState<SuggestionRequest | null>(null);
  const suggestion = useTirePressureSuggestion(raceEvent.carId, raceEvent.id, request);

  const ask = handleSubmit(({ temperature: ambientC, tireSetId }) => {
    // A reference picked among another set's sessions is not kept when the set changes.
    const set = tireSetId === '' ? undefined : Number(tireSetId);
    setRequest({ ambientC, sessionId: set === request?.tireSetId ? request?.sessionId : undefined, tireSetId: set });
  });

  const answer = suggestion.data;
  const lines = answer && request ? suggestionLines(answer, request.ambientC, units) : null;
  const proposed = answer ? Object.values(answer.corners).some((c) => c !== null) : false;
  const pickedId = request?.sessionId ?? answer?.corners.fl?.reference.sessionId ?? answer?.references[0]?.sessionId;

  return (
    <div className={styles.stack}>
      <h2 className={styles.sessionTitle}>Suggest cold pressures</h2>
      <Card>
        <form onSubmit={(e) => void ask(e)} noValidate aria-label="Suggest cold pressures" className={styles.stack}>
          <MeasureField label="Air temperature now" kind="temperature" mode="number" units={units} value={watch('temperature')} error={errors.temperature?.message} onChange={(v) => { setValue('temperature', v); clearErrors('temperature'); }} />
          <TireSetPicker carId={raceEvent.carId} label="Only sessions on" noneLabel="Any tire set" value={watch('tireSetId')} onChange={(v) => setValue('tireSetId', v)} />
          <div className={styles.actions}>
            <Button type="submit">Suggest</Button>
            <Button variant="secondary" onClick={onBack}>← All Sessions</Button>
          </div>
        </form>
      </Card>
      {request && suggestion.error && <Alert title="No suggestion.">{errorMessage(suggestion.error)}</Alert>}
      {request && suggestion.isPending && <Skeleton height="10rem" />}
      {answer && lines && (
        <Card title="Cold pressures to set" headingLevel={3}>
          <div className={styles.stack}>
            {lines.general.map((line) => (
              <p key={line} className={styles.muted}>{line}</p>
            ))}
            {answer.references.length > 1 && (
              <SelectField
                label="Reference session"
                value={String(pickedId)}
                options={answer.references.map((r) => ({ value: String(r.sessionId), label: `${r.sessionName} · ${r.raceEventName} · ${sessionStartText(r.startedAt)}` }))}
                onChange={(e) => setRequest({ ambientC: request!.ambientC, sessionId: Number(e.target.value), tireSetId: request!.tireSetId })}
              />
            )}
            <ul className={styles.proposals} aria-label="Proposed cold pressures">
              {lines.corners.map((c) => (
                <li key={c.key} className={styles.proposal}>
                  <span className={styles.proposalCorner}>{c.label}</span>
                  <span className={styles.proposalValue}>{c.cold ?? '—'}</span>
                  <span className={styles.proposalBasis}>{c.basis}</span>
                </li>
              ))}
            </ul>
            {proposed && (
              <div className={styles.actions}>
                <Button onClick={() => onUse(coldPrefill(answer, request!.ambientC, units))}>Use these</Button>
              </div>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
