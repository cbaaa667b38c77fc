import { Link } from 'react-router';
import { servicePath, useService } from '@/lib/site-context';
import { t } from '@/i18n/messages';
import { useOnline } from '@/lib/online';

/**
 * Said plainly when the network is gone (issue 14): the saved tickets still open. Gone again
 * when it returns; the pages that need the network say so themselves.
 */
export function OfflineBanner() {
  const online = useOnline();
  const service = useService();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <p className="offline-banner__text">{t('offline.banner')}</p>
      <Link className="offline-banner__link" to={`/${servicePath(service)}/saved-tickets`}>
        {t('saved.link')}
      </Link>
    </div>
  );
}
