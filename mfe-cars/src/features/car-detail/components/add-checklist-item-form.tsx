import { useEffect } from 'react';
import { NewChecklistItemBody } from '@pitwall/contracts';
import { Button, SelectField, TextField, errorMessage, useToast, useAddChecklistItem } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './add-checklist-item-form.module.css';

const PRIORITIES = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

/** The checklist's add form: title (required after trimming), description, priority (default medium). The title has the focus when it opens, so typing starts at once. */
export function AddChecklistItemForm({ carId, onDone }: { carId: number; onDone: () => void }) {
  const add = useAddChecklistItem(carId);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useZodForm(NewChecklistItemBody, { defaultValues: { title: '', description: '', priority: 'medium' } });
  useEffect(() => {
    setFocus('title');
  }, [setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast.success('Item added');
      onDone();
    } catch (error) {
      toast.error(`Failed to add checklist item: ${errorMessage(error)}`);
    }
  });

  return (
    <form className={styles.addForm} onSubmit={onSubmit} noValidate aria-label="Add Checklist Item">
      <div className={styles.addFormGrid}>
        <TextField label="Title" placeholder="e.g. Torque wheel nuts" error={errors.title?.message} {...register('title')} />
        <TextField label="Description" placeholder="e.g. 108 Nm, re-check after first session" error={errors.description?.message} {...register('description')} />
        <SelectField label="Priority" options={PRIORITIES} error={errors.priority?.message} {...register('priority')} />
      </div>
      <div className="pw-form-actions" style={{ marginTop: 0 }}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Adding...' : 'Add Item'}
        </Button>
      </div>
    </form>
  );
}
