import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { t } from '@/i18n/messages';
import { isSafePoint } from '@/pwa/safe-point';
import type { Update } from '@/pwa/update-state';

/**
 * 'Update available' (issue 14), offered only where taking it is safe (pwa/safe-point.ts: not
 * during a booking or a payment). Declined, it is still taken at the next safe page the
 * traveller opens: an old app must not go on talking to a newer API it may not understand, and
 * a page being opened is the moment a reload costs nothing.
 */
export default function UpdatePromptBar({ update }: { update: Update }) {
  const { pathname } = useLocation();
  const safe = isSafePoint(pathname);
  const [later, setLater] = useState(false);
  const shownAt = useRef(pathname);

  useEffect(() => {
    if (safe && pathname !== shownAt.current) update.apply();
    shownAt.current = pathname;
  }, [update, safe, pathname]);

  if (!safe || later) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <p className="update-prompt__text">
        <strong>{t('update.available')}</strong> {t('update.text')}
      </p>
      <button type="button" className="button update-prompt__apply" onClick={update.apply}>
        {t('update.apply')}
      </button>
      <button type="button" className="icon-button" aria-label={t('update.later')} onClick={() => setLater(true)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
