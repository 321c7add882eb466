import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../components/text-field';
import { useZodForm } from './use-zod-form';

const Lap = z.object({
  driver: z.string().trim().min(1, 'Driver is required'),
  lap: z
    .string()
    .regex(/^\d+$/, 'Lap must be a whole number')
    .transform((text) => Number(text)),
});

/** A form made the kit's way: a driver and a lap number typed as text. */
function LapForm({ onSave }: { onSave: (lap: z.output<typeof Lap>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(Lap, { defaultValues: { driver: '', lap: '' } });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <TextField label="Driver" error={errors.driver?.message} {...register('driver')} />
      <TextField label="Lap" inputMode="numeric" error={errors.lap?.message} {...register('lap')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useZodForm', () => {
  it("puts the schema's messages on the fields on submit, and clears one as its field is corrected", async () => {
    const onSave = vi.fn();
    render(<LapForm onSave={onSave} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Lap' }), 'x');
    expect(screen.queryByText('Lap must be a whole number')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Driver' })).toHaveAccessibleErrorMessage('Driver is required');
    expect(screen.getByRole('textbox', { name: 'Lap' })).toHaveAccessibleErrorMessage('Lap must be a whole number');
    await userEvent.type(screen.getByRole('textbox', { name: 'Driver' }), 'Ana');
    expect(screen.queryByText('Driver is required')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("hands the schema's output to the submit (trimmed, parsed), not what was typed", async () => {
    const onSave = vi.fn();
    render(<LapForm onSave={onSave} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Driver' }), '  Ana ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Lap' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ driver: 'Ana', lap: 12 }, expect.anything());
  });
});
