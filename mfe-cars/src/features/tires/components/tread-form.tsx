import { z } from 'zod';
import { CORNERS, TreadMeasurementBody, type TireSet } from '@pitwall/contracts';
import { Button, TextField, errorMessage, useRecordTread, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { isoOfLocal, localNow, numberOf } from '../../parts';
import styles from './tires.module.css';

/** The measuring points of a corner, across the tread. */
const POINTS = ['Outer', 'Centre', 'Inner'] as const;

const CornerDepths = z.object({ Outer: z.string(), Centre: z.string(), Inner: z.string() });
const NO_DEPTHS = { Outer: '', Centre: '', Inner: '' };
const EMPTY_CORNERS = { fl: NO_DEPTHS, fr: NO_DEPTHS, rl: NO_DEPTHS, rr: NO_DEPTHS };

/** A corner's depths as the body takes them: the points typed, in order (a blank point is not measured). */
const depthsOf = (corner: z.infer<typeof CornerDepths>) => POINTS.map((p) => corner[p]).filter((t) => t.trim() !== '').map((t) => numberOf(t)!);

/**
 * The form's fields as typed (the time, each corner's points), sent as TreadMeasurementBody; a
 * refused corner is named on the corner (its message under the outer point), whichever of its depths it was.
 */
const TreadFields = z
  .object({ measuredAt: z.string(), fl: CornerDepths, fr: CornerDepths, rl: CornerDepths, rr: CornerDepths })
  .transform((fields, ctx) => {
    const parsed = TreadMeasurementBody.safeParse({ measuredAt: isoOfLocal(fields.measuredAt), fl: depthsOf(fields.fl), fr: depthsOf(fields.fr), rl: depthsOf(fields.rl), rr: depthsOf(fields.rr) });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
    return z.NEVER;
  });

/**
 * 'Record tread depth': when, and per corner (a group named by the corner) the depths at the outer,
 * centre and inner point (mm; a blank point is not measured, at least one per corner). Saved through the write queue.
 */
export function TreadForm({ set }: { set: TireSet }) {
  const record = useRecordTread(set.teamId, set.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useZodForm(TreadFields, { defaultValues: { measuredAt: localNow(), ...EMPTY_CORNERS } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await record.mutateAsync(body);
      toast.success('Tread depth recorded');
      reset({ measuredAt: getValues('measuredAt'), ...EMPTY_CORNERS });
    } catch (error) {
      toast.error(`Failed to record tread depth: ${errorMessage(error)}`);
    }
  });

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Record tread depth">
      <TextField label="Measured at" type="datetime-local" error={errors.measuredAt?.message} {...register('measuredAt')} />
      <div className={styles.cornerGrid}>
        {CORNERS.map((c) => (
          <fieldset key={c.value} className={styles.corner}>
            <legend>{c.label}</legend>
            <div className={styles.points}>
              {POINTS.map((p) => (
                <TextField key={p} label={`${p} (mm)`} inputMode="decimal" error={p === 'Outer' ? errors[c.value]?.message : undefined} {...register(`${c.value}.${p}`)} />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <Button type="submit" disabled={record.isPending}>
        Record Tread Depth
      </Button>
    </form>
  );
}
