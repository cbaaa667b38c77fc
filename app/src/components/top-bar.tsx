import { Link } from 'react-router';
import { useSells } from '@/lib/services-sold';
import { useIsMobileApp, useService } from '@/lib/site-context';
import { telHref } from '@/components/helpline-link';
import { shownDigits } from '@/i18n/language';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { t } from '@/i18n/messages';

/**
 * The global header (SPEC §1): Rental (an external site; hidden in the mobile app), Bus and
 * Launch (those the site sells), and the support phone; on a demo site whose notice was
 * dismissed, a 'Demo' mark.
 */
export function TopBar({ demoMark }: { demoMark: boolean }) {
  const { rentalUrl, helpline, demo } = useRuntimeConfig();
  const isMobileApp = useIsMobileApp();
  const service = useService();
  const sellsBus = useSells('BUS');
  const sellsLaunch = useSells('LAUNCH');
  return (
    <div className="top-bar">
      <nav className="top-bar__inner" aria-label={t('topBar.label')}>
        <ul className="top-bar__links">
          {rentalUrl && !isMobileApp && (
            <li>
              <a className="top-bar__link" href={rentalUrl} target="_blank" rel="noopener noreferrer">
                {t('topBar.rental')}
                <span className="visually-hidden"> {t('site.externalLink')}</span>
              </a>
            </li>
          )}
          {sellsBus && (
            <li>
              <Link className="top-bar__link" to="/bus" aria-current={service === 'BUS' ? 'true' : undefined}>
                {t('topBar.bus')}
              </Link>
            </li>
          )}
          {sellsLaunch && (
            <li>
              <Link className="top-bar__link" to="/launch" aria-current={service === 'LAUNCH' ? 'true' : undefined}>
                {t('topBar.launch')}
              </Link>
            </li>
          )}
        </ul>
        {/* A demo site says so on every page: here, once its notice was dismissed, and on a
            phone all the while (its notice is below the page there: global.css). */}
        {demo && <span className={demoMark ? 'top-bar__demo' : 'top-bar__demo top-bar__demo--notice-up'}>{t('site.demoMark')}</span>}
        <a className="top-bar__phone" href={telHref(helpline)}>
          {t('topBar.support', { phone: shownDigits(helpline) })}
        </a>
      </nav>
    </div>
  );
}
