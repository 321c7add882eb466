import { useEffect, useRef, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { z } from 'zod';
import { PutTireAllocationBody, sameBarcode, type Series, type SeriesEntry, type TireRegister } from '@pitwall/contracts';
import { Alert, Button, Card, SelectField, Skeleton, TextField, errorMessage, useTeamTireSets, useToast } from '@pitwall/kit';
import { useRegisterTireSet, useSeriesEntries, useSetTireAllocation, useTireRegister, useUnregisterTireSet } from '../api/series';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './series.module.css';

/**
 * A round's tires: the allocation (sets per car, compound) and the register of the sets' barcodes.
 * The organiser sets the allocation ('Tire Allocation') and sees every entry's barcodes; a team sees
 * its own entries' and registers its sets ('Register tire sets'): a picker of its tire sets, and
 * a barcode typed or scanned with the phone's camera, which picks the set carrying it.
 */
export function TireRegisterCard({ series, roundId }: { series: Series; roundId: number }) {
  const register = useTireRegister(series.id, roundId);
  const organiser = series.role === 'organiser';
  return (
    <Card title="Tires" headingLevel={2}>
      {register.isPending ? (
        <Skeleton height="6rem" />
      ) : register.error ? (
        <Alert title="The tire register could not be loaded.">{errorMessage(register.error)}</Alert>
      ) : (
        <>
          <p className={styles.muted}>
            {register.data.allocation.setsPerCar === null
              ? 'No tire allocation set for this round yet.'
              : `Allocation: ${register.data.allocation.setsPerCar} sets per car, ${register.data.allocation.compound}.`}
          </p>
          {organiser && <AllocationForm seriesId={series.id} roundId={roundId} register={register.data} />}
          <RegisterList seriesId={series.id} roundId={roundId} register={register.data} mine={!organiser} />
          {series.myTeams.length > 0 && register.data.allocation.setsPerCar !== null && <RegisterForm series={series} roundId={roundId} />}
        </>
      )}
    </Card>
  );
}

/** The allocation form's fields as typed; sent as the contract's body (a blank 'Sets per car' is none: the contract's message). */
const AllocationFields = z
  .object({ setsPerCar: z.string(), compound: z.string() })
  .transform(({ setsPerCar, compound }) => ({ setsPerCar: setsPerCar.trim() === '' ? undefined : Number(setsPerCar), compound }))
  .pipe(PutTireAllocationBody);

/** 'Tire Allocation' (organiser): sets per car (numeric keypad) and compound. */
function AllocationForm({ seriesId, roundId, register }: { seriesId: number; roundId: number; register: TireRegister }) {
  const save = useSetTireAllocation(seriesId, roundId);
  const toast = useToast();
  const {
    register: field,
    handleSubmit,
    formState: { errors },
  } = useZodForm(AllocationFields, {
    defaultValues: { setsPerCar: register.allocation.setsPerCar === null ? '' : String(register.allocation.setsPerCar), compound: register.allocation.compound ?? '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      toast.success('Tire allocation saved');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  return (
    <form className={styles.addForm} onSubmit={onSubmit} noValidate aria-label="Tire Allocation">
      <h3 className={styles.classTitle}>Tire Allocation</h3>
      <div className={styles.formRow}>
        <TextField label="Sets per car" inputMode="numeric" error={errors.setsPerCar?.message} {...field('setsPerCar')} />
        <TextField label="Compound" placeholder="e.g. Hankook Z214 C71" error={errors.compound?.message} {...field('compound')} />
        <Button type="submit" disabled={save.isPending}>
          Save Allocation
        </Button>
      </div>
    </form>
  );
}

/** The registered sets by entry: barcode and when (and, for a team, its set's name, with 'Remove' for a mis-scan). */
function RegisterList({ seriesId, roundId, register, mine }: { seriesId: number; roundId: number; register: TireRegister; mine: boolean }) {
  const remove = useUnregisterTireSet(seriesId, roundId);
  const toast = useToast();
  if (register.sets.length === 0) return <p className={styles.muted}>No sets registered yet.</p>;
  const onRemove = async (barcode: string) => {
    try {
      await remove.mutateAsync(barcode);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <ul className={`${styles.list} ${styles.codes}`} aria-label="Tire register">
      {register.sets.map((s) => (
        <li key={s.barcode} className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.rowTitle}>
              #{s.number} · <span className={styles.barcode}>{s.barcode}</span>
            </span>
            <span className={styles.rowMeta}>
              {s.class}
              {s.tireSetName ? ` · ${s.tireSetName}` : ''} · {format(parseISO(s.registeredAt), 'MMM d, HH:mm')}
            </span>
          </div>
          {mine && (
            <Button variant="secondary" onClick={() => void onRemove(s.barcode)} disabled={remove.isPending} aria-label={`Remove ${s.barcode}`}>
              Remove
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The BarcodeDetector of the browsers that have one (Chrome on Android, Safari 17+ on iOS behind a flag), else null. */
type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
function barcodeDetector(): Detector | null {
  const Ctor = (globalThis as { BarcodeDetector?: new () => Detector }).BarcodeDetector;
  return Ctor ? new Ctor() : null;
}

const PICK_A_SET = 'Pick a tire set or scan its barcode';

/** The register form's fields: the car's entry ('' = the first of the team's), the set picked ('' = none yet, named under the barcode) and the barcode typed or scanned. */
const RegisterFields = z.object({ entryId: z.string(), setId: z.string(), barcode: z.string() }).refine((v) => v.setId !== '', { path: ['barcode'], message: PICK_A_SET });

/** 'Register tire sets' (a team): the entry, the set (picked, or found by its typed or scanned barcode), 'Register'. */
function RegisterForm({ series, roundId }: { series: Series; roundId: number }) {
  const entries = useSeriesEntries(series.id);
  const toast = useToast();
  const registerSet = useRegisterTireSet(series.id, roundId);
  const own = (entries.data ?? []).filter((e) => series.myTeams.some((t) => t.teamName === e.teamName));
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useZodForm(RegisterFields, { defaultValues: { entryId: '', setId: '', barcode: '' }, reValidateMode: 'onSubmit' });
  const entryId = watch('entryId');
  const entry: SeriesEntry | undefined = own.find((e) => String(e.id) === entryId) ?? own[0];
  const teamId = series.myTeams.find((t) => t.teamName === entry?.teamName)?.teamId;
  const sets = useTeamTireSets(teamId);
  const usable = (sets.data ?? []).filter((s) => s.condition !== 'scrapped');
  const [scanning, setScanning] = useState(false);
  const canScan = typeof window !== 'undefined' && 'BarcodeDetector' in window;

  /** A barcode typed or scanned: picks the set carrying it. */
  const pickByBarcode = (value: string) => {
    setValue('barcode', value);
    const match = usable.find((s) => sameBarcode(s.barcode, value.trim()));
    if (match) {
      setValue('setId', String(match.id));
      clearErrors('barcode');
    } else if (value.trim() === '') clearErrors('barcode');
    else setError('barcode', { message: `No tire set of the team carries barcode ${value.trim()}` });
  };

  const onSubmit = handleSubmit(async ({ setId }) => {
    if (!entry) {
      setError('barcode', { message: PICK_A_SET });
      return;
    }
    try {
      await registerSet.mutateAsync({ entryId: entry.id, tireSetId: Number(setId) });
      toast.success('Tire set registered');
      reset({ entryId, setId: '', barcode: '' });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (entries.isPending) return <Skeleton height="4rem" />;
  if (own.length === 0) return null;
  return (
    <form className={styles.addForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Register tire sets">
      <h3 className={styles.classTitle}>Register tire sets</h3>
      <div className={styles.formRow}>
        {own.length > 1 && (
          <SelectField label="Car" options={own.map((e) => ({ value: String(e.id), label: `#${e.number} ${e.passport.name}` }))} value={String(entry?.id ?? '')} onChange={(e) => setValue('entryId', e.target.value)} />
        )}
        <SelectField
          label="Tire set"
          options={[{ value: '', label: 'Pick a set' }, ...usable.map((s) => ({ value: String(s.id), label: s.barcode ? `${s.name} · ${s.barcode}` : `${s.name} (no barcode)` }))]}
          {...register('setId', {
            onChange: (e: { target: { value: string } }) => {
              setValue('barcode', usable.find((s) => String(s.id) === e.target.value)?.barcode ?? '');
              clearErrors('barcode');
            },
          })}
        />
        <TextField label="Barcode" autoCapitalize="characters" autoComplete="off" value={watch('barcode')} onChange={(e) => pickByBarcode(e.target.value)} error={errors.barcode?.message} />
      </div>
      {canScan ? (
        scanning ? (
          <Scanner
            onFound={(value) => {
              setScanning(false);
              pickByBarcode(value);
            }}
            onClose={() => setScanning(false)}
          />
        ) : (
          <Button variant="secondary" onClick={() => setScanning(true)}>
            Scan barcode
          </Button>
        )
      ) : (
        <p className={styles.rowMeta}>This browser cannot read barcodes with the camera: type the barcode as printed on the label.</p>
      )}
      <div className="pw-form-actions">
        <Button type="submit" disabled={registerSet.isPending}>
          Register
        </Button>
      </div>
    </form>
  );
}

/** The rear camera's picture, read by BarcodeDetector four times a second until a barcode shows; 'Stop scanning' ends it. */
function Scanner({ onFound, onClose }: { onFound: (barcode: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const found = useRef(onFound);
  found.current = onFound;
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const detector = barcodeDetector();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current || !detector) return;
        video.current.srcObject = stream;
        await video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          void detector.detect(video.current).then((codes) => {
            const value = codes[0]?.rawValue;
            if (value && !stopped) {
              stopped = true;
              found.current(value.trim());
            }
          });
        }, 250);
      } catch (error) {
        setProblem(`The camera could not be opened: ${errorMessage(error)}. Type the barcode instead.`);
      }
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <div className={styles.scanner}>
      {problem ? <Alert title="No camera">{problem}</Alert> : <video ref={video} className={styles.scannerVideo} muted playsInline aria-label="Camera" />}
      <Button variant="secondary" onClick={onClose}>
        Stop scanning
      </Button>
    </div>
  );
}
