/**
 * The `handle` of every route matching the location, outermost first (app/routes.tsx provides
 * them): what the shell around a page knows of the page's route, the skip links' target say.
 */
import { createContext, use } from 'react';

export const RouteHandlesContext = createContext<readonly unknown[]>([]);

export function useRouteHandles(): readonly unknown[] {
  return use(RouteHandlesContext);
}
