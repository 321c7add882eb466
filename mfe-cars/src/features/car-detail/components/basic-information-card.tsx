import { Suspense, useState } from 'react';
import type { Car } from '@pitwall/contracts';
import { Button, Card, buttonClass } from '@pitwall/kit';
import { HistoryButton } from '../../car-history';
import { EditBasicInformationForm, FormSuspense, TuningLinkDialog } from './lazy-forms';
import styles from './car-detail.module.css';

const NOT_SPECIFIED = 'Not specified';

/** 'Basic Information' card: read mode with the tuning link buttons, or the edit form. */
export function BasicInformationCard({ car }: { car: Car }) {
  const [editing, setEditing] = useState(false);
  const [tuningOpen, setTuningOpen] = useState(false);

  const rows: [string, string | number | null][] = [
    ['Make & Model', car.makeModel],
    ['Year', car.year],
    ['Engine', car.engine],
    ['Transmission', car.transmission],
    ['Weight', car.weight],
    ['Power', car.power],
  ];
  // The geometry (optional, for the scales' figures) and the fuel tank (the race plan's default) only where given.
  const u = car.unsprungKg ?? { fl: null, fr: null, rl: null, rr: null };
  const geometry: [string, number | null | undefined][] = [
    ['Wheelbase (mm)', car.wheelbaseMm],
    ['Motion ratio front', car.motionRatio?.front],
    ['Motion ratio rear', car.motionRatio?.rear],
    ['Unsprung mass FL / FR / RL / RR (kg)', u.fl ?? u.fr ?? u.rl ?? u.rr],
    ['Fuel tank (litres)', car.tankLitres],
  ];
  for (const [label, value] of geometry) {
    if (value === null || value === undefined) continue;
    rows.push([label, label.startsWith('Unsprung') ? [u.fl, u.fr, u.rl, u.rr].map((v) => v ?? '–').join(' / ') : value]);
  }

  return (
    <Card
      title={editing ? 'Edit Basic Information' : 'Basic Information'}
      actions={
        !editing && (
          <>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setTuningOpen(true)}>
              {car.tuningFileUrl ? 'Change Tuning Link' : 'Add Tuning Link'}
            </Button>
            {car.tuningFileUrl && (
              <a className={buttonClass('accent', 'sm')} href={car.tuningFileUrl} target="_blank" rel="noopener noreferrer">
                Tuning Files
              </a>
            )}
            <HistoryButton carId={car.id} section="basic" title="Basic Information" />
          </>
        )
      }
    >
      {editing ? (
        <FormSuspense>
          <EditBasicInformationForm car={car} onDone={() => setEditing(false)} />
        </FormSuspense>
      ) : (
        <dl className={styles.facts}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd className={value === null || value === '' ? styles.blank : undefined}>
                {value === null || value === '' ? NOT_SPECIFIED : value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {tuningOpen && (
        // The dialog opens once its module is in (it comes with the forms, usually before a click).
        <Suspense fallback={null}>
          <TuningLinkDialog car={car} open={tuningOpen} onOpenChange={setTuningOpen} />
        </Suspense>
      )}
    </Card>
  );
}
