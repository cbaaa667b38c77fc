/**
 * The ticket API's content calls (SPEC §7 "Content calls"), one hook each, per service:
 * `/v1/api/intercity/...` for bus, `/v1/api/water/...` for launch. The calls of one detail page
 * (an operator, a popular route) sit with that page's feature, on `useContent`.
 */
import type {
  BannersResponse,
  BlogsResponse,
  CitiesResponse,
  HeadlineResponse,
  OfferImagesResponse,
  OperatorsResponse,
  PopularRoutesResponse,
  Service,
} from 'core-wasm';
import { apiGet } from '@/api/api-client';
import { useResource } from '@/api/use-resource';
import { useRuntimeConfig } from '@/config/runtime-config-context';

/** The API's path segment of a service (the core's `Service::api_segment`). */
export const apiSegment = (service: Service) => (service === 'BUS' ? 'intercity' : 'water');

/** The content call `purpose` of the service; null waits. `quiet`: the page shows a failure itself. */
export function useContent<T>(service: Service, purpose: string | null, quiet = false) {
  const { ticketApiUrl } = useRuntimeConfig();
  const path = purpose === null ? null : `/v1/api/${apiSegment(service)}/${purpose}`;
  return useResource<T>(path, () => apiGet<T>(ticketApiUrl, path ?? ''), { quiet });
}

export const useHeadline = (service: Service) => useContent<HeadlineResponse>(service, 'get-head-line', true);
/** `enabled` false waits: the home page asks for the cities once the traveller turns to the form. */
export const useCities = (service: Service, enabled = true) => useContent<CitiesResponse>(service, enabled ? 'cities' : null);
export const useBanners = (service: Service) =>
  useContent<BannersResponse>(service, `banners?moduleType=${apiSegment(service)}`);
export const useOffers = (service: Service) => useContent<OfferImagesResponse>(service, 'offer-and-promo-images');
export const usePopularRoutes = (service: Service) => useContent<PopularRoutesResponse>(service, 'popular-routes');
export const useOperators = (service: Service) => useContent<OperatorsResponse>(service, 'operators');
export const useBlogs = (service: Service) => useContent<BlogsResponse>(service, 'blogs');
