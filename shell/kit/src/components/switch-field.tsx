import './form-controls.css';
import type { ReactNode } from 'react';
import { Switch } from '@ark-ui/react/switch';

export interface SwitchFieldProps {
  /** Visible label; also the switch's accessible name. */
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Help text under the label (e.g. what turning it off means). */
  helperText?: ReactNode;
  disabled?: boolean;
  name?: string;
}

/**
 * An on/off switch (Ark UI Switch) with a visible label. The control is a real checkbox with
 * role="switch", so it is reachable by keyboard and announced as on/off.
 */
export function SwitchField({ label, checked, onCheckedChange, helperText, disabled, name }: SwitchFieldProps) {
  return (
    <div className="pw-switch-field">
      <Switch.Root
        className="pw-switch"
        checked={checked}
        onCheckedChange={(details) => onCheckedChange(details.checked)}
        disabled={disabled}
        name={name}
      >
        <Switch.Control className="pw-switch__control">
          <Switch.Thumb className="pw-switch__thumb" />
        </Switch.Control>
        <Switch.Label className="pw-switch__label">{label}</Switch.Label>
        <Switch.HiddenInput role="switch" />
      </Switch.Root>
      {helperText && <p className="pw-field__help pw-switch-field__help">{helperText}</p>}
    </div>
  );
}
