import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { raceEventPath } from '../../race-events';
import { Alert, ApiError, Button, Skeleton, buttonClass, errorMessage, getCarQueryOptions, getRaceEventQueryOptions, useSetupComparison, useTeamSettings } from '@pitwall/kit';
import { slug } from '../lib/audit-format';
import { downloadFile } from '../lib/download';
import { buildSetupSheet, setupSheetCsv, setupSheetJson } from '../lib/setup-sheet';
import { SetupSheetView } from '../components/setup-sheet';
import styles from '../components/setup-sheet.module.css';
import '../components/setup-sheet-print.css';

/** Paper sizes the sheet is laid out for (CSS @page `size`). */
export type PaperSize = 'A4' | 'Letter';

/** The class set on <html> while the sheet is shown; setup-sheet-print.css keys its print rules on it. */
const PRINT_SHEET_CLASS = 'pw-print-setup-sheet';

const parseId = (value: string | null | undefined) => (value && /^\d+$/.test(value) ? Number.parseInt(value, 10) : Number.NaN);

/** Sets the print class on <html> while mounted. */
function usePrintClass() {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(PRINT_SHEET_CLASS);
    return () => root.classList.remove(PRINT_SHEET_CLASS);
  }, []);
}

/**
 * The printable setup sheet of a race event: /car/{carId}/events/sheet?eventId={id}[&paper=letter].
 * Paper size (A4 or Letter) sets the CSS @page size; 'Print' opens the browser's print dialog;
 * 'Download CSV' / 'Download JSON' export the same data.
 */
export function SetupSheetRoute() {
  usePrintClass();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const carId = parseId(params.id);
  const raceEventId = parseId(searchParams.get('eventId'));
  // The radio changes in the click itself; the URL follows (react-router applies it in a transition, a tick later).
  const [paper, setPaper] = useState<PaperSize>(() => (searchParams.get('paper') === 'letter' ? 'Letter' : 'A4'));
  const [generatedAt] = useState(() => new Date());

  const car = useQuery({ ...getCarQueryOptions(carId), enabled: Number.isInteger(carId) });
  const raceEvent = useQuery({ ...getRaceEventQueryOptions(carId, raceEventId), enabled: Number.isInteger(raceEventId) });
  const comparison = useSetupComparison(carId, raceEventId, 'baseline');
  const settings = useTeamSettings(car.data?.teamId);
  const massUnit = settings.data?.massUnit;

  const sheet = useMemo(
    () => (car.data && raceEvent.data && comparison.data && massUnit ? buildSetupSheet(car.data, raceEvent.data, comparison.data.left.setup, massUnit, generatedAt) : null),
    [car.data, raceEvent.data, comparison.data, massUnit, generatedAt],
  );

  const back = (
    <Link className={buttonClass('secondary')} to={Number.isInteger(raceEventId) ? raceEventPath(carId, raceEventId) : `/car/${carId}/events`}>
      ← Back to Race Event
    </Link>
  );
  const error = car.error ?? raceEvent.error ?? comparison.error ?? settings.error;
  if (!Number.isInteger(raceEventId) || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className={styles.empty}>
        <h1>Race event not found</h1>
        <p>This race event does not exist for this car.</p>
        {back}
      </div>
    );
  }
  if (error) return <Alert title="The setup sheet could not be loaded." action={back}>{errorMessage(error)}</Alert>;

  const fileName = sheet ? `setup-sheet-${slug(sheet.car.name)}-${slug(sheet.raceEvent.name)}` : '';
  return (
    <div className={styles.page}>
      <style>{`@page { size: ${paper === 'A4' ? 'A4' : 'letter'} portrait; margin: 12mm; }`}</style>
      <div className={styles.toolbar}>
        {back}
        <fieldset className={styles.paper}>
          <legend>Paper size</legend>
          {(['A4', 'Letter'] as const).map((size) => (
            <label key={size} className={styles.radio}>
              <input
                type="radio"
                name="paper"
                value={size}
                checked={paper === size}
                onChange={() => {
                  setPaper(size);
                  setSearchParams((current) => {
                    const next = new URLSearchParams(current);
                    if (size === 'Letter') next.set('paper', 'letter');
                    else next.delete('paper');
                    return next;
                  }, { replace: true });
                }}
              />
              {size}
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button onClick={() => window.print()} disabled={!sheet}>
            Print
          </Button>
          <Button variant="secondary" disabled={!sheet} onClick={() => sheet && downloadFile(`${fileName}.csv`, setupSheetCsv(sheet), 'text/csv;charset=utf-8')}>
            Download CSV
          </Button>
          <Button variant="secondary" disabled={!sheet} onClick={() => sheet && downloadFile(`${fileName}.json`, setupSheetJson(sheet), 'application/json')}>
            Download JSON
          </Button>
        </div>
      </div>
      {sheet ? (
        <div className={styles.paperFrame} data-paper={paper}>
          <SetupSheetView sheet={sheet} />
        </div>
      ) : (
        <div role="status" aria-busy="true" aria-label="Loading setup sheet">
          <Skeleton height="40rem" />
        </div>
      )}
    </div>
  );
}
