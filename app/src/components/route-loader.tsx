import { useNavigation } from 'react-router';
import { t } from '@/i18n/messages';

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

/** The loader, shown while the router loads the next page's code. */
export function NavigationLoader() {
  const navigation = useNavigation();
  return <RouteLoader visible={navigation.state !== 'idle'} />;
}
