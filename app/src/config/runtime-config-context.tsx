import { createContext, use, type ReactNode } from 'react';
import type { RuntimeConfig } from '@/config/runtime-config';

/**
 * The runtime config as a promise started before the first render (main.tsx), so fetching it
 * overlaps with loading the app. Components read it with `useRuntimeConfig()`, which suspends
 * until it arrives; a failed load reaches the route's error page.
 */
const RuntimeConfigContext = createContext<Promise<RuntimeConfig> | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: Promise<RuntimeConfig>; children: ReactNode }) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = use(RuntimeConfigContext);
  if (config === null) {
    throw new Error('useRuntimeConfig() needs a <RuntimeConfigProvider> above it');
  }
  return use(config);
}
