import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '@/i18n/messages';

interface SectionProps {
  title: string;
  id?: string;
  /** "See all" target. */
  more?: string;
  children: ReactNode;
  className?: string;
}

/** A titled block of a page (home sections, lists). */
export function Section({ title, id, more, children, className = '' }: SectionProps) {
  const headingId = useId();
  return (
    <section className={`section ${className}`} aria-labelledby={headingId} id={id}>
      <div className="section__head">
        <h2 id={headingId} className="section__title">
          {title}
        </h2>
        {more && (
          <Link className="section__more" to={more}>
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** Placeholder rows of a list that is still loading: the space it will take, no text. */
export function Placeholder({ rows = 3, className = '' }: { rows?: number; className?: string }) {
  return (
    <div className={`placeholder ${className}`} aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="placeholder__row" />
      ))}
    </div>
  );
}
