import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EnteredTeam, Series } from '@pitwall/contracts';
import { Button, Card, ConfirmDialog, errorMessage, useToast } from '@pitwall/kit';
import { useLeaveSeries } from '../api/series';
import styles from './series.module.css';

/**
 * 'Leave Series' per entered team the user owns or administers: after confirming, the team's cars
 * are withdrawn and the team leaves (the organiser keeps past results by number and class only).
 */
export function LeaveSeriesCard({ series }: { series: Series }) {
  const toast = useToast();
  const navigate = useNavigate();
  const leave = useLeaveSeries(series.id);
  const [leaving, setLeaving] = useState<EnteredTeam | null>(null);
  const managed = series.myTeams.filter((t) => t.myRole === 'owner' || t.myRole === 'admin');
  if (managed.length === 0) return null;

  const confirm = async () => {
    if (!leaving) return;
    try {
      await leave.mutateAsync(leaving.teamId);
      toast.success(`${leaving.teamName} left ${series.name}`);
      void navigate('/series');
    } catch (error) {
      toast.error(errorMessage(error));
    }
    setLeaving(null);
  };

  return (
    <Card title="Leave Series">
      <div className="pw-form-grid">
        <p className={styles.muted}>Leaving withdraws every car of the team: the organiser no longer sees their passports.</p>
        {managed.map((team) => (
          <Button key={team.teamId} variant="danger" onClick={() => setLeaving(team)} aria-label={`Leave Series: ${team.teamName}`}>
            {managed.length > 1 ? `Leave Series: ${team.teamName}` : 'Leave Series'}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title="Leave Series"
        description={leaving && `Take ${leaving.teamName} out of ${series.name}? Its cars are withdrawn; past scrutineering results keep only their numbers and classes.`}
        confirmLabel="Leave"
        busy={leave.isPending}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
