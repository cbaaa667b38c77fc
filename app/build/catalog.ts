/**
 * The texts as the prerendered pages write them (build/prerender.ts): the site's own `t`, with
 * every text loaded. Imported through Vite's module runner, which knows the app's `@/` alias,
 * as one module graph, so loading the rest of the texts reaches this `t`.
 */
import { loadRestOfCatalog } from '@/i18n/language';

export { t } from '@/i18n/messages';

// Before the runner that imports this module closes: it cannot load modules afterwards.
await loadRestOfCatalog();
