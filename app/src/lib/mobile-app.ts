/**
 * Mobile-app embed mode (SPEC §1): the app opens the site with `?isMobileApp`; from then on the
 * flag is remembered, and the Rental link and the new-site banner are hidden.
 */
import { readStored, writeStored } from '@/lib/storage';

/** Storage key, as SPEC §3 names it (the core's `identity::MOBILE_APP_KEY`). */
export const MOBILE_APP_KEY = 'isMobileApp';

/** Reads the flag, storing it first when the URL carries `isMobileApp`. */
export function detectMobileApp(search: string): boolean {
  if (new URLSearchParams(search).has(MOBILE_APP_KEY)) {
    writeStored(MOBILE_APP_KEY, 'true');
    return true;
  }
  return readStored(MOBILE_APP_KEY) === 'true';
}
