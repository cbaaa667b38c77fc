import { useLayoutEffect, useMemo, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '@/components/error-page';
import { DefaultLayout, EmiLayout } from '@/components/layouts/default-layout';
import { TRIP_RESULTS } from '@/components/skip-links';
import { HomePage } from '@/features/home/routes/home-page';
import { NotFoundPage } from '@/features/not-found/routes/not-found-page';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/chunk-reload';
import { lazyPage, loadPage, pageShown } from '@/lib/lazy-page';
import { RouteHandlesContext } from '@/lib/route-handles';
import { useScrollRestoration } from '@/lib/scroll-restoration';
import { withRestOfCatalog } from '@/i18n/language';

/**
 * A page whose code is loaded when it is first visited, with the rest of the texts (the first
 * load has the home pages' only: i18n/language.ts). The home pages are in the first bundle
 * (most visits start there); everything else is a chunk of its own. A chunk that fails to load
 * reloads the page once (the core's once-a-minute guard); a second failure shows the error page.
 */
function page(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazyPage(async () => {
    try {
      return await withRestOfCatalog(load);
    } catch (error) {
      if (isChunkLoadError(error) && reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}

const trips = page(() => import('@/features/trips/routes/trips-page'));
const seatPlan = page(() => import('@/features/seat-plan/routes/seat-plan-page'));
const operators = page(() => import('@/features/operators/routes/operators-page'));
const operator = page(() => import('@/features/operators/routes/operator-page'));
const popularRoutes = page(() => import('@/features/popular-routes/routes/popular-routes-page'));
const popularRoute = page(() => import('@/features/popular-routes/routes/popular-route-page'));
const offers = page(() => import('@/features/offers/routes/offers-page'));
const policies = page(() => import('@/features/policies/routes/policies-page'));
const findTicket = page(() => import('@/features/find-ticket/routes/find-ticket-page'));
const payment = page(() => import('@/features/booking/routes/payment-page'));
const emi = page(() => import('@/features/emi/routes/emi-page'));
const savedTickets = page(() => import('@/features/saved-tickets/routes/saved-tickets-page'));
// Guarded (SPEC §2 "Route guard"): without a login it sends the visitor to /?callback=/account.
const account = page(() => import('@/features/account/routes/account-page'));

/** Pages both services have, under /bus/... and /launch/... */
const servicePages: RouteObject[] = [
  // The results have a skip link of their own (components/skip-links.tsx).
  { path: 'trip', Component: trips, handle: { skipTo: TRIP_RESULTS } },
  // SPEC §2 "deeper trip paths": a trip's seat plan (features/seat-plan/seat-plan-path.ts).
  { path: 'trip/:tripId', Component: seatPlan },
  { path: 'trip/*', Component: trips, handle: { skipTo: TRIP_RESULTS } },
  { path: 'operator', Component: operators },
  { path: 'operator/:id', Component: operator },
  { path: 'popular-route', Component: popularRoutes },
  { path: 'popular-route/:id', Component: popularRoute },
  { path: 'policies', Component: policies },
  { path: 'find-ticket', Component: findTicket },
  // Tickets kept on this device, both services' (issue 14); opens offline.
  { path: 'saved-tickets', Component: savedTickets },
  { path: 'payment', Component: payment },
  { path: 'payment/cancel', Component: payment },
  { path: 'payment/failed', Component: payment },
  { path: 'payment/success', Component: payment },
];

/**
 * The app's routes (SPEC §2). The static server answers the same list with HTTP 200 (the core's
 * `routes` module holds it) and every other path with this app's 404 page and HTTP 404.
 */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    children: [
      { index: true, element: <HomePage service="BUS" /> },
      {
        path: 'bus',
        children: [
          { index: true, element: <HomePage service="BUS" /> },
          ...servicePages,
          { path: 'offer/:id?', Component: offers },
        ],
      },
      {
        path: 'launch',
        children: [
          { index: true, element: <HomePage service="LAUNCH" /> },
          ...servicePages,
          { path: 'payment/passenger-details', Component: payment },
          { path: 'payment/payment-details', Component: payment },
        ],
      },
      // The traveller's account and trips (issue 13).
      { path: 'account', Component: account },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // SPEC §2: /bus/emi has its own layout, the page only.
    path: 'bus/emi',
    element: <EmiLayout />,
    children: [{ index: true, Component: emi }],
  },
];

/**
 * Loads the code of the pages at `path` (a lazy page's chunk); settles when it is here, or has
 * failed (the page then throws to the error page). main.tsx renders the first page after this,
 * so React's first commit is the page itself: rendering before would replace a prerendered page
 * (find-ticket's form, with what was typed in it) with the loader.
 */
export async function loadPagesAt(path: string): Promise<void> {
  await Promise.all((matchRoutes(routes, path) ?? []).map((match) => loadPage(match.route.Component)));
}

/**
 * The page for the location, in its layout, under the error page (a route's errorElement: it
 * takes the layout's place, and lets go on the next navigation). The router changes location in
 * a transition, so a page whose code is still loading keeps the current one on screen, under the
 * loader (lib/lazy-page.ts). Scroll positions are restored here, after the page has drawn.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const handles = useMemo(() => (matchRoutes(routes, location) ?? []).map((match) => match.route.handle as unknown), [location]);
  useLayoutEffect(() => pageShown(), [location]);
  useScrollRestoration();
  return (
    <RouteHandlesContext value={handles}>
      <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>
    </RouteHandlesContext>
  );
}
