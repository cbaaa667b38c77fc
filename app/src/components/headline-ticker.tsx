import type { Service } from 'core-wasm';
import { useHeadline } from '@/api/content';
import { t } from '@/i18n/messages';
import { localName } from '@/i18n/names';

/**
 * The scrolling headline (SPEC §2): the text of the selected service's headline settings
 * (`busSettings` from the bus API, `launchSettings` from the launch API), hidden when its
 * visibility is off. Its height is kept while it loads, so the page does not jump.
 */
export function HeadlineTicker({ service }: { service: Service }) {
  const headline = useHeadline(service);
  const settings = service === 'BUS' ? headline.data?.busSettings : headline.data?.launchSettings;
  if (headline.status === 'error' || (headline.status === 'success' && (!settings || !settings.headline.isVisible))) {
    return null;
  }
  // The headline in Bangla where the settings have it (`textBn`, names.ts), else as written.
  const text = settings ? localName(settings.headline, 'text') : '';
  return (
    <section className="ticker" aria-label={t('ticker.label')} data-testid="ticker">
      {text && (
        <p className="ticker__track">
          <span className="ticker__text">{text}</span>
        </p>
      )}
    </section>
  );
}
