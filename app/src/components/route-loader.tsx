import { t } from '@/i18n/messages';
import { usePageLoading } from '@/lib/lazy-page';

/** SPEC §2: a full-screen 'Processing...' loader while routes change. */
export function RouteLoader({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="route-loader" role="status" aria-live="polite">
      <span className="route-loader__spinner" aria-hidden="true" />
      <span className="route-loader__text">{t('site.processing')}</span>
    </div>
  );
}

/** The loader, shown while the next page's code loads (the current page stays under it). */
export function NavigationLoader() {
  return <RouteLoader visible={usePageLoading()} />;
}
