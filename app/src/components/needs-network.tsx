import { useId, type ReactNode } from 'react';
import { t } from '@/i18n/messages';
import { useOnline } from '@/lib/online';

/** What a control whose action needs the network shows and does (see useNeedsNetwork). */
export interface NetworkNeed {
  /** True while the browser is offline: the control is disabled. */
  offline: boolean;
  /**
   * `aria-describedby` for the control: its own descriptions (`ids`) and, while offline, the
   * reason; undefined when there is none.
   */
  describedBy: (...ids: (string | undefined)[]) => string | undefined;
  /** The reason, shown beside the controls while offline ('this needs the network'); else null. */
  reason: ReactNode;
}

/**
 * For actions that need the network (issue 14: offline is said plainly): searching, holding
 * seats, paying, sending an OTP, cancelling, downloading a PDF the phone does not keep. While
 * the browser is offline their buttons are disabled and say why, in words on the page and to a
 * screen reader (aria-describedby); when the network returns they work again by themselves.
 * One reason serves all the controls of a form or card.
 */
export function useNeedsNetwork(): NetworkNeed {
  const offline = !useOnline();
  const id = useId();
  return {
    offline,
    describedBy: (...ids) => [...ids, offline ? id : undefined].filter(Boolean).join(' ') || undefined,
    reason: offline ? (
      <p id={id} className="needs-network" data-testid="needs-network">
        {t('offline.needsNetwork')}
      </p>
    ) : null,
  };
}
