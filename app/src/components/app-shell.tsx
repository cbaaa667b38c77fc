import { Suspense } from 'react';
import { serviceFromPath } from 'core-wasm';
import { Link, Outlet, useLocation } from 'react-router';
import { DemoNotice } from '@/components/demo-notice';
import { HelplineLink } from '@/components/helpline-link';

const tabs = [
  { service: 'BUS', to: '/bus', label: 'Bus' },
  { service: 'LAUNCH', to: '/launch', label: 'Launch' },
] as const;

/** The default layout (SPEC §2): header with the service tabs and the helpline, then the page. */
export function AppShell() {
  const { pathname } = useLocation();
  // The selected service follows the path (SPEC §2); the core decides which.
  const service = serviceFromPath(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="header">
        <nav className="header__tabs" aria-label="Services">
          {tabs.map((tab) => (
            <Link
              key={tab.service}
              to={tab.to}
              className="header__tab"
              aria-current={tab.service === service ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
        <Suspense fallback={null}>
          <HelplineLink />
        </Suspense>
      </header>
      <Suspense fallback={null}>
        <DemoNotice />
      </Suspense>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
