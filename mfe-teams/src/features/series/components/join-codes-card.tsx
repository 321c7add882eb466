import { format, parseISO } from 'date-fns';
import type { Series } from '@pitwall/contracts';
import { Button, Card, errorMessage, useToast } from '@pitwall/kit';
import { useCreateJoinCode } from '../api/series';
import styles from './series.module.css';

/** The organiser's join codes, newest first, each valid 30 days; 'Make Join Code' adds one. Entrants never see codes. */
export function JoinCodesCard({ series }: { series: Series }) {
  const toast = useToast();
  const createCode = useCreateJoinCode(series.id);
  const make = async () => {
    try {
      await createCode.mutateAsync(undefined);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Card
      title="Join Codes"
      actions={
        <Button variant="secondary" onClick={() => void make()} disabled={createCode.isPending}>
          Make Join Code
        </Button>
      }
    >
      <p className={styles.muted}>Give a code to a team owner or admin: they enter it under Series → Enter a Series.</p>
      {series.joinCodes.length > 0 && (
        <ul className={`${styles.list} ${styles.codes}`} aria-label="Join codes">
          {series.joinCodes.map((c) => (
            <li key={c.code} className={styles.row}>
              <span className={styles.code}>{c.code}</span>
              <span className={styles.rowMeta}>valid until {format(parseISO(c.expiresAt), 'MMM d, yyyy')}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
