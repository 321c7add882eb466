import { useState } from 'react';
import { Button, Dialog } from '@pitwall/kit';
import type { CarHistorySection } from '@pitwall/kit';
import { HistoryList } from './history-list';

export interface HistoryButtonProps {
  carId: number;
  section: CarHistorySection;
  /** The card's title, e.g. 'Gear Ratios': the button is named and the dialog titled 'History of {title}'. */
  title: string;
}

/** A card's 'History' button: opens a wide dialog with the section's changes (HistoryList). */
export function HistoryButton({ carId, section, title }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const name = `History of ${title}`;
  return (
    <>
      <Button variant="secondary" size="sm" aria-label={name} onClick={() => setOpen(true)}>
        History
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={name} size="wide">
        {open && <HistoryList carId={carId} section={section} />}
      </Dialog>
    </>
  );
}
