import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteError } from '@/components/error-page';
import { DefaultLayout, EmiLayout } from '@/components/layouts/default-layout';
import { RouteLoader } from '@/components/route-loader';
import { TRIP_RESULTS } from '@/components/skip-links';
import { HomePage } from '@/features/home/routes/home-page';
import { NotFoundPage } from '@/features/not-found/routes/not-found-page';
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/chunk-reload';
import { withRestOfCatalog } from '@/i18n/language';

/**
 * A page whose code is loaded when it is first visited, with the rest of the texts (the first
 * load has the home pages' only: i18n/language.ts). The home pages are in the first bundle
 * (most visits start there); everything else is a chunk of its own. A chunk that fails to load
 * reloads the page once (the core's once-a-minute guard); a second failure shows the error page.
 */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => {
    try {
      return { Component: (await withRestOfCatalog(load)).default };
    } catch (error) {
      if (isChunkLoadError(error) && reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  };
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
  { path: 'trip', lazy: trips, handle: { skipTo: TRIP_RESULTS } },
  // SPEC §2 "deeper trip paths": a trip's seat plan (features/seat-plan/seat-plan-path.ts).
  { path: 'trip/:tripId', lazy: seatPlan },
  { path: 'trip/*', lazy: trips, handle: { skipTo: TRIP_RESULTS } },
  { path: 'operator', lazy: operators },
  { path: 'operator/:id', lazy: operator },
  { path: 'popular-route', lazy: popularRoutes },
  { path: 'popular-route/:id', lazy: popularRoute },
  { path: 'policies', lazy: policies },
  { path: 'find-ticket', lazy: findTicket },
  // Tickets kept on this device, both services' (issue 14); opens offline.
  { path: 'saved-tickets', lazy: savedTickets },
  { path: 'payment', lazy: payment },
  { path: 'payment/cancel', lazy: payment },
  { path: 'payment/failed', lazy: payment },
  { path: 'payment/success', lazy: payment },
];

/**
 * The app's routes (SPEC §2). The static server answers the same list with HTTP 200 (the core's
 * `routes` module holds it) and every other path with this app's 404 page and HTTP 404.
 */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <RouteLoader visible />,
    children: [
      { index: true, element: <HomePage service="BUS" /> },
      {
        path: 'bus',
        children: [
          { index: true, element: <HomePage service="BUS" /> },
          ...servicePages,
          { path: 'offer/:id?', lazy: offers },
        ],
      },
      {
        path: 'launch',
        children: [
          { index: true, element: <HomePage service="LAUNCH" /> },
          ...servicePages,
          { path: 'payment/passenger-details', lazy: payment },
          { path: 'payment/payment-details', lazy: payment },
        ],
      },
      // The traveller's account and trips (issue 13).
      { path: 'account', lazy: account },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // SPEC §2: /bus/emi has its own layout, the page only.
    path: 'bus/emi',
    element: <EmiLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <RouteLoader visible />,
    children: [{ index: true, lazy: emi }],
  },
];
