import type { Service } from 'core-wasm';
import { useContent } from '@/api/content';

/** `operator?id=` (SPEC §7): one operator's page; a failure is the page's own message. */
export const useOperator = (service: Service, id: string) => useContent('operator', service, { id }, { quiet: true });
