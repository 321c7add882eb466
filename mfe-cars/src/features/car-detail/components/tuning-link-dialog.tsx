import { useState } from 'react';
import type { Car } from '@pitwall/contracts';
import { Dialog, TextField, errorMessage, useToast, useUpdateCar, FormActions } from '@pitwall/kit';

/** 'Tuning Software Link' dialog: sets or clears the car's tuningFileUrl (empty means no link). */
export function TuningLinkDialog({ car, open, onOpenChange }: { car: Car; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [url, setUrl] = useState(car.tuningFileUrl ?? '');
  const updateCar = useUpdateCar(car.id);
  const toast = useToast();

  const cancel = () => {
    setUrl('');
    onOpenChange(false);
  };

  const save = async () => {
    try {
      await updateCar.mutateAsync({ ...car, tuningFileUrl: url.trim() || null });
      toast.success('Tuning file link updated successfully');
      onOpenChange(false);
    } catch (error) {
      toast.error(`Failed to update tuning file link: ${errorMessage(error)}`);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : cancel())} title="Tuning Software Link">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Tuning files URL"
          type="url"
          inputMode="url"
          placeholder="https://drive.example.com/my-car/tuning"
          helperText="Enter the URL where your tuning software files are stored."
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <FormActions submitLabel="Save" isSaving={updateCar.isPending} onCancel={cancel} />
      </form>
    </Dialog>
  );
}
