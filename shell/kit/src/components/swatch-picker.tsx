import './form-controls.css';
import type { ReactNode } from 'react';
import { RadioGroup } from '@ark-ui/react/radio-group';

/** One colour the swatch picker offers: a name (its accessible label) and a hex value. */
export interface Swatch {
  name: string;
  value: string;
}

export interface SwatchPickerProps {
  /** Visible label of the group (its accessible name). */
  label: ReactNode;
  swatches: readonly Swatch[];
  /** The selected hex value, '' for none. Compared case-insensitively. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  name?: string;
}

/**
 * A set of colour swatches that behaves as a radio group (Ark UI RadioGroup): arrow keys move
 * between colours, each swatch is a radio named by its colour name, the selected one is ringed
 * and its name is shown under the swatches.
 */
export function SwatchPicker({ label, swatches, value, onChange, error, name }: SwatchPickerProps) {
  const selected = swatches.find((s) => s.value.toLowerCase() === value.toLowerCase());
  return (
    <RadioGroup.Root
      className="pw-swatches"
      value={selected?.value ?? null}
      onValueChange={(details) => details.value && onChange(details.value)}
      name={name}
      data-invalid={error ? '' : undefined}
    >
      <RadioGroup.Label className="pw-field__label">{label}</RadioGroup.Label>
      <div className="pw-swatches__list">
        {swatches.map((swatch) => (
          <RadioGroup.Item key={swatch.value} value={swatch.value} className="pw-swatches__item" title={swatch.name}>
            <RadioGroup.ItemControl className="pw-swatches__control" style={{ background: swatch.value }} />
            <RadioGroup.ItemText className="pw-visually-hidden">{swatch.name}</RadioGroup.ItemText>
            <RadioGroup.ItemHiddenInput aria-invalid={error ? true : undefined} />
          </RadioGroup.Item>
        ))}
      </div>
      <span className="pw-field__help" aria-hidden="true">
        {selected ? `Selected: ${selected.name}` : 'No colour selected'}
      </span>
      {error && (
        <span className="pw-field__error" aria-live="polite">
          {error}
        </span>
      )}
    </RadioGroup.Root>
  );
}
