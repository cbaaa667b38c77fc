/** The back office's shell: login first, then a page per area, in English or Bangla. */
import { useEffect, useState } from 'react';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router';
import { logOut, me, token, type Me } from '@/staff/api';
import { setLang, t, useLang } from '@/staff/i18n';
import { LoginPage } from '@/staff/pages/login';
import { AuditPage } from '@/staff/pages/audit';
import { FaresPage } from '@/staff/pages/fares';
import { LayoutsPage } from '@/staff/pages/layouts';
import { PeoplePage } from '@/staff/pages/people';
import { PlacesPage } from '@/staff/pages/places';
import { PoliciesPage } from '@/staff/pages/policies';
import { PromosPage } from '@/staff/pages/promos';
import { ContentPage } from '@/staff/pages/content';
import { BoardPage } from '@/staff/pages/board';
import { CounterPage } from '@/staff/pages/counter';
import { CountersPage } from '@/staff/pages/counters';
import { RoutesPage } from '@/staff/pages/routes';
import { SaleWindowsPage } from '@/staff/pages/sale-windows';
import { SchedulesPage } from '@/staff/pages/schedules';
import { SpreadsheetsPage } from '@/staff/pages/spreadsheets';
import { TripsPage } from '@/staff/pages/trips';
import { VehiclesPage } from '@/staff/pages/vehicles';

/** Where a seller sells: a manager may sell too. */
const COUNTER_AREAS = [['counter', 'nav.counter']] as const;

/** The door: boarding, the manifest, closing boarding; a supervisor's, a manager's too. */
const BOARD_AREAS = [['board', 'nav.board']] as const;

/** Counters, their shifts and sales, held-back seats and quotas: a manager's and finance's. */
const SALES_AREAS = [['counters', 'nav.counters']] as const;

/** The network's areas, a manager's and an admin's. */
const AREAS = [
  ['routes', 'nav.routes'],
  ['layouts', 'nav.layouts'],
  ['vehicles', 'nav.vehicles'],
  ['schedules', 'nav.schedules'],
  ['fares', 'nav.fares'],
  ['places', 'nav.places'],
  ['promos', 'nav.promos'],
  ['content', 'nav.content'],
  ['spreadsheets', 'nav.spreadsheets'],
  ['trips', 'nav.trips'],
  ['policies', 'nav.policies'],
  ['audit', 'nav.audit'],
  ['people', 'nav.people'],
] as const;

/** Areas only an admin works in (the server refuses everyone else too). */
const ADMIN_AREAS = [['sale-windows', 'nav.saleWindows']] as const;

export function StaffApp() {
  const lang = useLang();
  const [who, setWho] = useState<Me | null>(null);
  // Without a token there is nothing to ask: the login shows at once.
  const [checked, setChecked] = useState(() => !token.get());
  const refresh = () => {
    if (!token.get()) {
      setWho(null);
      setChecked(true);
      return;
    }
    me().then(
      (m) => (setWho(m), setChecked(true)),
      () => (setWho(null), setChecked(true)),
    );
  };
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // Asks the store once whether this tab's login stands.
  useEffect(() => {
    if (!token.get()) return;
    me().then(
      (m) => (setWho(m), setChecked(true)),
      () => (setWho(null), setChecked(true)),
    );
  }, []);
  if (!checked) return null;
  const holds = (...roles: string[]) => who?.grants.some((g) => roles.includes(g.role)) ?? false;
  const admin = holds('admin');
  // A seller lands on the counter, a supervisor at the door; a manager on the network, the
  // counter and the door beside it.
  const areas = [
    ...(holds('admin', 'manager') ? AREAS : []),
    ...(holds('manager', 'counter') ? COUNTER_AREAS : []),
    ...(holds('admin', 'manager', 'supervisor') ? BOARD_AREAS : []),
    ...(holds('admin', 'manager', 'finance') ? SALES_AREAS : []),
    ...(admin ? ADMIN_AREAS : []),
  ];
  const home = `/${areas[0]?.[0] ?? 'routes'}`;
  return (
    <BrowserRouter basename="/staff">
      <a className="staff-skip" href="#staff-main">
        {t('nav.skip')}
      </a>
      <header className="staff-header">
        <strong>{t('app.title')}</strong>
        {who ? <span className="staff-muted">{t('home.welcome', { phone: who.phone })}</span> : null}
        <span className="staff-header__end">
          <button type="button" className="staff-link" lang={lang === 'en' ? 'bn' : 'en'} onClick={() => setLang(lang === 'en' ? 'bn' : 'en')}>
            {t('language')}
          </button>
          {who ? (
            <button type="button" className="staff-link" onClick={() => void logOut().finally(refresh)}>
              {t('logout')}
            </button>
          ) : null}
        </span>
      </header>
      {who ? (
        <div className="staff-body">
          <nav className="staff-nav" aria-label={t('app.title')}>
            <ul>
              {areas.map(([path, label]) => (
                <li key={path}>
                  <NavLink to={`/${path}`}>{t(label)}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="staff-main" className="staff-main" tabIndex={-1}>
            <Routes>
              <Route path="/" element={<Navigate to={home} replace />} />
              <Route path="/login" element={<Navigate to={home} replace />} />
              <Route path="/counter" element={<CounterPage />} />
              <Route path="/counters" element={<CountersPage me={who} />} />
              <Route path="/board" element={<BoardPage me={who} />} />
              <Route path="/routes" element={<RoutesPage />} />
              <Route path="/layouts" element={<LayoutsPage />} />
              <Route path="/vehicles" element={<VehiclesPage />} />
              <Route path="/schedules" element={<SchedulesPage />} />
              <Route path="/fares" element={<FaresPage />} />
              <Route path="/places" element={<PlacesPage />} />
              <Route path="/promos" element={<PromosPage me={who} />} />
              <Route path="/content" element={<ContentPage />} />
              {admin ? <Route path="/sale-windows" element={<SaleWindowsPage />} /> : null}
              <Route path="/spreadsheets" element={<SpreadsheetsPage />} />
              <Route path="/trips" element={<TripsPage />} />
              <Route path="/policies" element={<PoliciesPage />} />
              <Route path="/audit" element={<AuditPage />} />
              <Route path="/people" element={<PeoplePage me={who} />} />
              <Route path="*" element={<Navigate to={home} replace />} />
            </Routes>
          </main>
        </div>
      ) : (
        <main id="staff-main" className="staff-main staff-main--narrow" tabIndex={-1}>
          <LoginPage onDone={refresh} />
        </main>
      )}
    </BrowserRouter>
  );
}
