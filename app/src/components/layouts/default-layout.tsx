import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useService, useTheme } from '@/lib/site-context';
import { DemoNotice, demoNoticeDismissed } from '@/components/demo-notice';
import { Header } from '@/components/header';
import { HeadlineTicker } from '@/components/headline-ticker';
import { ModalProvider } from '@/components/modal-host';
import { NewSiteBanner } from '@/components/new-site-banner';
import { OfflineBanner } from '@/components/offline-banner';
import { NavigationLoader } from '@/components/route-loader';
import { SkipLinks } from '@/components/skip-links';
import { Toaster } from '@/components/toaster';
import { TopBar } from '@/components/top-bar';
import { UpdatePrompt } from '@/components/update-prompt';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { applyTheme } from '@/config/theme';
import { schedulePageView } from '@/lib/analytics';
import { loadLiveChat } from '@/lib/live-chat';
import { scrollToId } from '@/lib/scroll';
import { withRestOfCatalog } from '@/i18n/language';

/** The home pages have no footer (SPEC §2). */
const NO_FOOTER = new Set(['/', '/bus', '/launch']);

// Not on the home pages, where most visits start, so not in their first load (issue 14's byte
// budget): it comes with the first page that shows it. A footer that cannot load is left out
// rather than taking the page down with it.
const Footer = lazy(
  (): Promise<{ default: ComponentType }> =>
    withRestOfCatalog(() => import('@/components/footer')).then(
      (module) => ({ default: module.Footer }),
      () => ({ default: () => null }),
    ),
);

/** Page views, theme, live chat and anchors: what every layout does after a route change. */
export function useShellEffects() {
  const location = useLocation();
  const theme = useTheme();
  const { liveChatSrc } = useRuntimeConfig();

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => loadLiveChat(liveChatSrc), [liveChatSrc]);
  useEffect(() => schedulePageView(location.pathname + location.search), [location.pathname, location.search]);
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    const frame = requestAnimationFrame(() => scrollToId(id));
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash]);
}

/**
 * The default layout (SPEC §2): global header, new-version banner, header, headline ticker,
 * page, footer and modals, plus the route loader and the toasts.
 */
export function DefaultLayout() {
  const { pathname } = useLocation();
  const service = useService();
  useShellEffects();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const [demoDismissed, setDemoDismissed] = useState(demoNoticeDismissed);
  return (
    <ModalProvider>
      <SkipLinks />
      <TopBar demoMark={demoDismissed} />
      <NewSiteBanner />
      <Header />
      <OfflineBanner />
      <UpdatePrompt />
      <HeadlineTicker key={service} service={service} />
      <DemoNotice dismissed={demoDismissed} onDismiss={() => setDemoDismissed(true)} />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      {!NO_FOOTER.has(path) && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <NavigationLoader />
      <Toaster />
    </ModalProvider>
  );
}

/** The EMI layout (SPEC §2): the page only. */
export function EmiLayout() {
  useShellEffects();
  return (
    <>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <NavigationLoader />
      <Toaster />
    </>
  );
}
