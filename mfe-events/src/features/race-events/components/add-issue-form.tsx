import type { RaceEvent } from '@pitwall/contracts';
import { Card } from '@pitwall/kit';
import { AddIssueForm as IssueForm } from '@pitwall/kit/forms';
import { FullPageForm } from './full-page-form';

/**
 * Full-page 'Add Issue/Tool Request' form for one race event: the kit's one Add Issue form with the
 * race event preset (no choice of it, no image) and the priorities high, medium and low.
 */
export function AddIssueForm({ raceEvent, onDone }: { raceEvent: RaceEvent; onDone: () => void }) {
  return (
    <FullPageForm title="Add Issue/Tool Request" subtitle={`For ${raceEvent.name}`}>
      <Card>
        <IssueForm
          carId={raceEvent.carId}
          name="Add Issue/Tool Request"
          submitLabel="Add Issue"
          defaultType="issue"
          titlePlaceholder="e.g. Brake pedal goes long"
          descriptionPlaceholder="What happens, when, and what to check"
          priorities={['high', 'medium', 'low']}
          eventId={raceEvent.id}
          onDone={onDone}
        />
      </Card>
    </FullPageForm>
  );
}
