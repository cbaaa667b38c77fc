/**
 * The ticket API's content calls (SPEC §7 "Content calls"), one hook each, per service. The
 * calls of one detail page (an operator, a popular route) sit with that page's feature, on
 * `useContent`.
 */
import type { Service } from 'core-wasm';
import { useApi, type CallName, type Row, type ServiceOf } from '@/api/api-client';
import { useResource } from '@/api/use-resource';

/**
 * The content call `name` of the service with `request` (its query). `quiet`: the page shows a
 * failure itself; `enabled` false waits. Every component asking the same shares one answer.
 */
export function useContent<N extends CallName, S extends ServiceOf<N>>(
  name: N,
  service: S,
  request: Row<N, S>['request'],
  { quiet = false, enabled = true }: { quiet?: boolean; enabled?: boolean } = {},
) {
  const api = useApi();
  const key = enabled ? `${name}:${service}:${JSON.stringify(request)}` : null;
  return useResource(key, () => api.call(name, service, request), { quiet });
}

/** SPEC §7: the banners' module names the service (`moduleType=intercity` for bus, `water` for launch). */
const bannerModule = (service: Service) => (service === 'BUS' ? 'intercity' : 'water');

export const useHeadline = (service: Service) => useContent('get-head-line', service, {}, { quiet: true });
/** `enabled` false waits: the home page asks for the cities once the traveller turns to the form. */
export const useCities = (service: Service, enabled = true) => useContent('cities', service, {}, { enabled });
export const useBanners = (service: Service) => useContent('banners', service, { moduleType: bannerModule(service) });
export const useOffers = (service: Service) => useContent('offer-and-promo-images', service, {});
export const usePopularRoutes = (service: Service) => useContent('popular-routes', service, {});
export const useOperators = (service: Service) => useContent('operators', service, {});
export const useBlogs = (service: Service) => useContent('blogs', service, {});
