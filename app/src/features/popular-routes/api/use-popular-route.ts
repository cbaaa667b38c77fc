import type { Service } from 'core-wasm';
import { useContent } from '@/api/content';

/** `popular-route?id=` (SPEC §7): one route's page; a failure is the page's own message. */
export const usePopularRoute = (service: Service, id: string) => useContent('popular-route', service, { id }, { quiet: true });
