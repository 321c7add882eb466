import { useId, type HTMLAttributes, type ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading text (an h2 unless `headingLevel` says otherwise). */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  /** Buttons shown on the right of the heading. */
  actions?: ReactNode;
}

/** A white surface with an optional heading row. Rendered as a <section> labelled by its title. */
export function Card({ title, headingLevel = 2, actions, className, children, ...props }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  return (
    <section
      className={['pw-card', className].filter(Boolean).join(' ')}
      aria-labelledby={title ? titleId : undefined}
      {...props}
    >
      {(title || actions) && (
        <header className="pw-card__header">
          {title && (
            <Heading id={titleId} className="pw-card__title">
              {title}
            </Heading>
          )}
          {actions && <div className="pw-card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
