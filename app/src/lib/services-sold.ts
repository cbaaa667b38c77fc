/**
 * Which services a site sells. A site for all operators sells both. An operator's own site (its
 * theme names the operator: config/theme.ts) sells a service when that service's operator list
 * from the ticket API names the operator: Hanif runs buses only, so the Hanif site offers no
 * LAUNCH tab, link or footer entry. The runtime config does not say it; the data does, so a new
 * operator theme needs no list of its services kept by hand.
 */
import type { Service } from 'core-wasm';
import { useContent } from '@/api/content';
import { useService, useTheme } from '@/lib/site-context';

/**
 * Whether to offer `service`. The page's own service always (its path says the traveller is
 * there). Another one on an operator's site once its operator list names the operator; while
 * the list loads it is not offered (a tab appearing is better than one that vanishes), and if
 * the list cannot be read it is (better a link too many than a service hidden).
 */
export function useSells(service: Service): boolean {
  const { operatorId } = useTheme();
  const current = useService();
  const ask = operatorId !== null && service !== current;
  // Shared with the home page's operator section (same call, same answer); a failure is no toast.
  const operators = useContent('operators', service, {}, { quiet: true, enabled: ask });
  if (!ask || operators.status === 'error') return true;
  return operators.status === 'success' && operators.data.operators.some((operator) => operator._id === operatorId);
}
