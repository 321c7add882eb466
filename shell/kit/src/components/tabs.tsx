import type { ReactNode } from 'react';
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  value: string;
  onValueChange: (value: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/** Controlled tabs (Ark UI): arrow keys move between tabs, panels are labelled by their tab. */
export function Tabs({ items, value, onValueChange, label, className }: TabsProps) {
  return (
    <ArkTabs.Root
      value={value}
      onValueChange={(details) => onValueChange(details.value)}
      className={['pw-tabs', className].filter(Boolean).join(' ')}
>
      <ArkTabs.List className="pw-tabs__list" aria-label={label}>
        {items.map((item) => (
          <ArkTabs.Trigger key={item.value} value={item.value} className="pw-tabs__trigger">
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className="pw-tabs__content">
          {/* Only the selected panel's content is mounted, at once (no exit transition to wait for). */}
          {item.value === value ? item.content : null}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}
