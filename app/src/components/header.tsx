import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSells } from '@/lib/services-sold';
import { servicePath, useService, useTheme } from '@/lib/site-context';
import { HelplineLink } from '@/components/helpline-link';
import { LanguageSwitch } from '@/components/language-switch';
import { useModals } from '@/components/modal-host';
import { t } from '@/i18n/messages';
import { withRestOfCatalog } from '@/i18n/language';
import { askToLogIn, useLogin } from '@/lib/login';

// Loaded when the menu is first opened, with the texts it shows: not in the first page's bytes
// (issue 14's budget).
const MobileMenu = lazy(() => withRestOfCatalog(() => import('@/components/mobile-menu')).then((m) => ({ default: m.MobileMenu })));
// The login popup, its calls and texts the same way (issue 13).
const LoginPopup = lazy(() => withRestOfCatalog(() => import('@/features/login/components/login-popup')));

const tabs = [
  { service: 'BUS', to: '/bus' },
  { service: 'LAUNCH', to: '/launch' },
] as const;

/**
 * The header (SPEC §2): the brand, the service tabs (the selected one follows the path; only
 * the services the site sells), the
 * desktop sub-header (helpline, Full bus reserve for bus only, History, and Log in or, logged
 * in, the account: issue 13) and, on small screens, the hamburger that opens the 'Menu' overlay.
 *
 * The login popup opens from here: when something asks for it (Log in, a login that ended under
 * the traveller: lib/login.ts), and on `/` with a `callback`, where the route guard sends a
 * visitor without a login (SPEC §2).
 */
export function Header() {
  const service = useService();
  const theme = useTheme();
  const { open } = useModals();
  const [menuOpen, setMenuOpen] = useState(false);
  const { user: login, ask } = useLogin();
  const { pathname, search } = useLocation();
  // The guard's callback (read by the popup): only on the home page.
  const fromAddress = pathname === '/' && search.includes('callback=');
  const history = `/${servicePath(service)}/find-ticket`;
  // An operator's own site offers only what the operator sells (app/services-sold.ts).
  const sold = { BUS: useSells('BUS'), LAUNCH: useSells('LAUNCH') };
  return (
    <header className="header">
      <div className="header__inner">
        <Link className="header__brand" to="/" aria-label={t('header.home', { brand: theme.brandName })}>
          <img className="header__logo" src={theme.logo} alt="" width="32" height="32" />
          <span className="header__brand-name">{theme.brandName}</span>
        </Link>
        <nav className="header__tabs" aria-label={t('header.services')}>
          {tabs.filter((tab) => sold[tab.service]).map((tab) => (
            <Link key={tab.service} to={tab.to} className="header__tab" aria-current={tab.service === service ? 'page' : undefined}>
              {t(`service.${tab.service}.tab`)}
            </Link>
          ))}
        </nav>
        <div className="header__sub" data-testid="sub-header">
          <HelplineLink className="helpline header__sub-item" />
          {service === 'BUS' && (
            <button type="button" className="header__sub-item header__reserve" onClick={() => open('reserve')}>
              {t('header.fullBusReserve')}
            </button>
          )}
          <Link className="header__sub-item" to={history}>
            {t('header.history')}
          </Link>
          <Link className="header__sub-item" to={`/${servicePath(service)}/saved-tickets`}>
            {t('saved.link')}
          </Link>
          {login ? (
            <Link className="header__sub-item" to="/account">
              {t('header.account')}
            </Link>
          ) : (
            <button type="button" className="header__sub-item" onClick={() => askToLogIn()}>
              {t('header.logIn')}
            </button>
          )}
        </div>
        <LanguageSwitch />
        <button
          type="button"
          className="icon-button header__burger"
          aria-label={t('header.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <span className="burger" aria-hidden="true" />
        </button>
      </div>
      {(ask || fromAddress) && (
        <Suspense fallback={null}>
          <LoginPopup ask={ask} fromAddress={fromAddress} />
        </Suspense>
      )}
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu
            service={service}
            onClose={() => setMenuOpen(false)}
            onReserve={() => {
              setMenuOpen(false);
              open('reserve');
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
