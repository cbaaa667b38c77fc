import type { Service } from 'core-wasm';
import { Link } from 'react-router';
import { servicePath } from '@/lib/site-context';
import { HelplineLink } from '@/components/helpline-link';
import { LanguageSwitch } from '@/components/language-switch';
import { Modal } from '@/components/modal';
import { t } from '@/i18n/messages';
import { askToLogIn, useLogin } from '@/lib/login';

interface MobileMenuProps {
  service: Service;
  onClose: () => void;
  onReserve: () => void;
}

/**
 * The hamburger's 'Menu' overlay (SPEC §2): for bus, History and Full bus reserve; for launch,
 * History only; the helpline in both; Log in, or the account once logged in (issue 13).
 */
export function MobileMenu({ service, onClose, onReserve }: MobileMenuProps) {
  const { user: login } = useLogin();
  return (
    <Modal title={t('header.menu')} onClose={onClose} variant="sheet" id="mobile-menu">
      <ul className="menu">
        <li>
          <Link className="menu__item" to={`/${servicePath(service)}/find-ticket`} onClick={onClose}>
            {t('header.history')}
          </Link>
        </li>
        <li>
          <Link className="menu__item" to={`/${servicePath(service)}/saved-tickets`} onClick={onClose}>
            {t('saved.link')}
          </Link>
        </li>
        {service === 'BUS' && (
          <li>
            <button type="button" className="menu__item" onClick={onReserve}>
              {t('header.fullBusReserve')}
            </button>
          </li>
        )}
        <li>
          {login ? (
            <Link className="menu__item" to="/account" onClick={onClose}>
              {t('header.account')}
            </Link>
          ) : (
            <button
              type="button"
              className="menu__item"
              onClick={() => {
                onClose();
                askToLogIn();
              }}
            >
              {t('header.logIn')}
            </button>
          )}
        </li>
        <li>
          <HelplineLink className="menu__item helpline" />
        </li>
        <li>
          <LanguageSwitch className="menu__item" />
        </li>
      </ul>
    </Modal>
  );
}
