import type { ReactNode } from 'react';
import { Accordion as ArkAccordion } from '@ark-ui/react/accordion';
import './accordion.css';

export interface AccordionItem {
  value: string;
  /** The trigger's visible text (its accessible name). */
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Items open at first (uncontrolled). Defaults to none. */
  defaultValue?: string[];
  /** Whether several items may be open at once (default true). */
  multiple?: boolean;
  className?: string;
}

/**
 * Collapsible sections (Ark UI Accordion): each trigger is a button with aria-expanded that
 * controls its labelled region; arrow keys move between triggers.
 */
export function Accordion({ items, defaultValue = [], multiple = true, className }: AccordionProps) {
  return (
    <ArkAccordion.Root
      defaultValue={defaultValue}
      multiple={multiple}
      collapsible
      className={['pw-accordion', className].filter(Boolean).join(' ')}
    >
      {items.map((item) => (
        <ArkAccordion.Item key={item.value} value={item.value} className="pw-accordion__item">
          <ArkAccordion.ItemTrigger className="pw-accordion__trigger">
            <span>{item.title}</span>
            <ArkAccordion.ItemIndicator className="pw-accordion__indicator" aria-hidden="true">
              ▾
            </ArkAccordion.ItemIndicator>
          </ArkAccordion.ItemTrigger>
          <ArkAccordion.ItemContent className="pw-accordion__content">{item.content}</ArkAccordion.ItemContent>
        </ArkAccordion.Item>
      ))}
    </ArkAccordion.Root>
  );
}
