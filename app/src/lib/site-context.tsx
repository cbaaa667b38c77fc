/**
 * What every part of the page shell needs besides the runtime config: the mobile-app flag (read
 * once at start-up), the theme and the selected service (which follows the path).
 */
import { createContext, use, useMemo, type ReactNode } from 'react';
import { serviceFromPath, type Service } from 'core-wasm';
import { useLocation } from 'react-router';
import { themeFor, type Theme } from '@/config/theme';
import { useRuntimeConfig } from '@/config/runtime-config-context';

const MobileAppContext = createContext(false);

export function MobileAppProvider({ isMobileApp, children }: { isMobileApp: boolean; children: ReactNode }) {
  return <MobileAppContext value={isMobileApp}>{children}</MobileAppContext>;
}

/** True in the mobile app's embedded view (SPEC §1). */
export function useIsMobileApp(): boolean {
  return use(MobileAppContext);
}

export function useTheme(): Theme {
  const { theme } = useRuntimeConfig();
  return useMemo(() => themeFor(theme), [theme]);
}

/** BUS or LAUNCH: the core decides from the path (trip routes included). */
export function useService(): Service {
  return serviceFromPath(useLocation().pathname);
}

/** The path segment of a service's pages. */
export const servicePath = (service: Service) => (service === 'BUS' ? 'bus' : 'launch');
