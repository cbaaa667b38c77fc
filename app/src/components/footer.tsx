import { Link } from 'react-router';
import { useSells } from '@/lib/services-sold';
import { servicePath, useIsMobileApp, useService, useTheme } from '@/lib/site-context';
import { telHref } from '@/components/helpline-link';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { shownDigits } from '@/i18n/language';
import { t, type MessageId } from '@/i18n/messages';

/** The policies page's anchors (SPEC §2), linked from the footer. */
export const POLICY_ANCHORS = ['terms-and-conditions', 'return-and-refund-policy', 'privacy-policy'] as const;
/** The company sections of the policies page, also linked from the footer. */
export const INFO_ANCHORS = ['about', 'career', 'ride-sharing-guideline', 'enlistment-certificate', 'covid-19'] as const;

const policyLabels: Record<(typeof POLICY_ANCHORS)[number], MessageId> = {
  'terms-and-conditions': 'footer.terms',
  'return-and-refund-policy': 'footer.refund',
  'privacy-policy': 'footer.privacy',
};
const infoLabels: Record<(typeof INFO_ANCHORS)[number], MessageId> = {
  about: 'footer.about',
  career: 'footer.career',
  'ride-sharing-guideline': 'footer.rideSharing',
  'enlistment-certificate': 'footer.enlistment',
  'covid-19': 'footer.covid',
};

function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('site.externalLink')}</span>
    </a>
  );
}

/**
 * The footer (SPEC §2), on every page but the home pages: Rental, Bus and Launch ticketing (those
 * the site sells), the
 * company links, the policies anchors, the helpline (from the runtime config), the support
 * e-mail and office address, the app store and social links.
 */
export function Footer() {
  const { helpline, supportEmail, officeAddress, rentalUrl } = useRuntimeConfig();
  const isMobileApp = useIsMobileApp();
  const service = useService();
  const { brandName } = useTheme();
  const sellsBus = useSells('BUS');
  const sellsLaunch = useSells('LAUNCH');
  const policies = `/${servicePath(service)}/policies`;
  const query = encodeURIComponent(brandName);
  return (
    <footer className="footer">
      <nav className="footer__inner" aria-label={t('footer.label')}>
        <section className="footer__col">
          <h2 className="footer__heading">{t('footer.services')}</h2>
          <ul className="footer__list">
            {rentalUrl && !isMobileApp && (
              <li>
                <External href={rentalUrl}>{t('footer.rental')}</External>
              </li>
            )}
            {sellsBus && (
              <li>
                <Link to="/bus">{t('footer.busTicketing')}</Link>
              </li>
            )}
            {sellsLaunch && (
              <li>
                <Link to="/launch">{t('footer.launchTicketing')}</Link>
              </li>
            )}
          </ul>
        </section>
        <section className="footer__col">
          <h2 className="footer__heading">{t('footer.company')}</h2>
          <ul className="footer__list">
            {INFO_ANCHORS.slice(0, 2).map((anchor) => (
              <li key={anchor}>
                <Link to={`${policies}#${anchor}`}>{t(infoLabels[anchor])}</Link>
              </li>
            ))}
            <li>
              <Link to={`/${servicePath(service)}#blogs`}>{t('footer.blog')}</Link>
            </li>
            <li>
              <a href={supportEmail ? `mailto:${supportEmail}` : telHref(helpline)}>{t('footer.contact')}</a>
            </li>
            {INFO_ANCHORS.slice(2).map((anchor) => (
              <li key={anchor}>
                <Link to={`${policies}#${anchor}`}>{t(infoLabels[anchor])}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="footer__col">
          <h2 className="footer__heading">{t('footer.policies')}</h2>
          <ul className="footer__list">
            {POLICY_ANCHORS.map((anchor) => (
              <li key={anchor}>
                <Link to={`${policies}#${anchor}`}>{t(policyLabels[anchor])}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="footer__col">
          <h2 className="footer__heading">{t('footer.help')}</h2>
          <ul className="footer__list">
            <li>
              {t('footer.helpline')}: <a href={telHref(helpline)} data-testid="footer-helpline">
                {shownDigits(helpline)}
              </a>
            </li>
            {supportEmail && (
              <li>
                {t('footer.email')}: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </li>
            )}
            {officeAddress && (
              <li>
                {t('footer.office')}: <address className="footer__address">{officeAddress}</address>
              </li>
            )}
          </ul>
        </section>
        <section className="footer__col">
          <h2 className="footer__heading">{t('footer.getApp')}</h2>
          <ul className="footer__list">
            <li>
              <External href={`https://play.google.com/store/search?q=${query}&c=apps`}>{t('footer.appStore')}</External>
            </li>
          </ul>
          <h2 className="footer__heading">{t('footer.follow')}</h2>
          <ul className="footer__list footer__social">
            <li>
              <External href={`https://www.facebook.com/search/top?q=${query}`}>{t('footer.facebook')}</External>
            </li>
            <li>
              <External href={`https://www.youtube.com/results?search_query=${query}`}>{t('footer.youtube')}</External>
            </li>
            <li>
              <External href={`https://www.instagram.com/explore/search/keyword/?q=${query}`}>{t('footer.instagram')}</External>
            </li>
          </ul>
        </section>
      </nav>
      <p className="footer__copyright">{t('footer.copyright', { year: shownDigits(String(new Date().getFullYear())), brand: brandName })}</p>
    </footer>
  );
}
