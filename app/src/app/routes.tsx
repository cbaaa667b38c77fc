import type { RouteObject } from 'react-router';
import { AppShell } from '@/components/app-shell';
import { ErrorPage } from '@/components/error-page';
import { BusHomePage } from '@/features/bus/routes/bus-home-page';
import { LaunchHomePage } from '@/features/launch/routes/launch-home-page';
import { NotFoundPage } from '@/features/not-found/routes/not-found-page';

/**
 * The app's routes (SPEC §2). The static server answers the same list with HTTP 200 (the core's
 * `routes` module holds it) and every other path with this app's 404 page and HTTP 404.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <BusHomePage /> },
      { path: 'bus', element: <BusHomePage /> },
      { path: 'launch', element: <LaunchHomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
