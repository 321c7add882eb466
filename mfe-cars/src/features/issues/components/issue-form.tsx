import { format, parseISO } from 'date-fns';
import type { RaceEvent } from '@pitwall/contracts';
import { Card } from '@pitwall/kit';
import { AddIssueForm } from '@pitwall/kit/forms';

/** Which column the form adds to: an event issue (default type issue) or an equipment need (default type tool). */
export type IssueFormMode = 'issue' | 'equipment';

/**
 * The add form of Issues & Tools (docs/product.md, 'Issues & Tools'): the kit's one Add Issue form in a
 * card named after the column, with every priority, a choice of the car's race events and an image.
 */
export function IssueForm({ carId, mode, raceEvents, onDone }: { carId: number; mode: IssueFormMode; raceEvents: RaceEvent[]; onDone: () => void }) {
  const title = mode === 'equipment' ? 'Add Equipment Need' : 'Add Issue';
  return (
    <Card title={title}>
      <AddIssueForm
        carId={carId}
        name={title}
        submitLabel="Save"
        defaultType={mode === 'equipment' ? 'tool' : 'issue'}
        titlePlaceholder={mode === 'equipment' ? 'e.g. 17mm deep socket' : 'e.g. Brake pedal goes long'}
        descriptionPlaceholder="What is wrong, or what is needed and why"
        priorities={['high', 'medium', 'low', 'future']}
        eventId={null}
        raceEvents={raceEvents.map((e) => ({ value: String(e.id), label: `${e.name} · ${format(parseISO(e.date.slice(0, 10)), 'MMMM d, yyyy')}` }))}
        withImage
        onDone={onDone}
      />
    </Card>
  );
}
