import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField, SelectField } from './text-field';
import { TextAreaField } from './textarea-field';

describe('the kit fields', () => {
  it('name the control by its label and describe it by its help text', async () => {
    render(<TextField label="Car Name" helperText="As the scrutineers know it" />);
    const input = screen.getByRole('textbox', { name: 'Car Name' });
    expect(input).toHaveAccessibleDescription('As the scrutineers know it');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'Apex 1');
    expect(input).toHaveValue('Apex 1');
  });

  it('mark the control invalid with its error as its error message, announced, only while there is one', () => {
    const { rerender } = render(<TextAreaField label="Notes" error="Notes are too long" />);
    const textarea = screen.getByRole('textbox', { name: 'Notes' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleErrorMessage('Notes are too long');
    expect(screen.getByText('Notes are too long')).toHaveAttribute('aria-live', 'polite');
    rerender(<TextAreaField label="Notes" />);
    expect(textarea).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Notes are too long')).not.toBeInTheDocument();
  });

  it('pass required and disabled to the control, and the rest of its props (ref, name, value) as given', () => {
    let ref: HTMLSelectElement | null = null;
    render(
      <SelectField
        label="Condition"
        name="condition"
        required
        disabled
        options={['New', { value: 'used', label: 'Used' }]}
        defaultValue="used"
        ref={(el) => {
          ref = el;
        }}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Condition' });
    expect(select).toBeRequired();
    expect(select).toBeDisabled();
    expect(select).toHaveValue('used');
    expect(select).toHaveAttribute('name', 'condition');
    expect(ref).toBe(select);
    expect(screen.getByRole('option', { name: 'Used' })).toBeInTheDocument();
  });
});
