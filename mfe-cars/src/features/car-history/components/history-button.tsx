import { Suspense, lazy, useState } from 'react';
import { Button, Dialog, Skeleton } from '@pitwall/kit';
import type { CarHistorySection } from '@pitwall/kit';

// The list (with its date formatting) loads when a History dialog first opens, not with the cards.
const HistoryList = lazy(() => import(/* webpackChunkName: 'car-history' */ './history-list').then((m) => ({ default: m.HistoryList })));

interface HistoryButtonProps {
  carId: number;
  section: CarHistorySection;
  /** The card's title, e.g. 'Gear Ratios': the button is named and the dialog titled 'History of {title}'. */
  title: string;
}

/** A card's 'History' button: opens a wide dialog with the section's changes (HistoryList, loaded on first open; a skeleton meanwhile). */
export function HistoryButton({ carId, section, title }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const name = `History of ${title}`;
  return (
    <>
      <Button variant="secondary" size="sm" aria-label={name} onClick={() => setOpen(true)}>
        History
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={name} size="wide">
        {open && (
          <Suspense fallback={<Skeleton height="10rem" />}>
            <HistoryList carId={carId} section={section} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
