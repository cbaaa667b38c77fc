import { useState } from 'react';
import { showNewSiteBanner, todayInDhaka } from 'core-wasm';
import { useResource } from '@/api/use-resource';
import { useIsMobileApp } from '@/lib/site-context';
import { t } from '@/i18n/messages';
import { readStored, writeStored } from '@/lib/storage';

/** Where the banner's flag is kept once a visitor was chosen (SPEC §4). */
export const NEW_SITE_KEY = 'newSiteBanner';
/** Where a dismissal is remembered: a visitor who closed the banner is not shown it again. */
export const NEW_SITE_DISMISSED_KEY = 'newSiteBannerDismissed';

const storedFlag = () => readStored(NEW_SITE_KEY) === 'true';

/**
 * The core's rule with the stored flag alone: no visitor count or rollout percentage yet (a
 * percentage of 0 never shows the banner), so only a flag already stored can show it.
 */
const shownByFlag = () => showNewSiteBanner(storedFlag(), 0, 0);

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Whether this visitor sees the banner (SPEC §4 "New-site banner"), by the core's rule: a stored
 * flag shows it without a call; otherwise today's visitor count (in Dhaka) is updated on the
 * site's own server and compared with the rollout percentage; a visitor who is chosen gets the
 * flag stored.
 */
export async function checkNewSiteBanner(fetchFn: typeof fetch = fetch): Promise<boolean> {
  if (shownByFlag()) return true;
  const [{ percentage }, { count }] = await Promise.all([
    fetchFn('/api/get-rollout').then((r) => json<{ percentage: number }>(r)),
    fetchFn('/api/visitor-update', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: todayInDhaka() }),
    }).then((r) => json<{ count: number }>(r)),
  ]);
  const show = showNewSiteBanner(storedFlag(), count, percentage);
  if (show) writeStored(NEW_SITE_KEY, 'true');
  return show;
}

/**
 * The banner inviting visitors to the new version of the site; never in the mobile app. Once
 * dismissed it stays away (remembered on the device): on a phone it costs a line above every page.
 */
export function NewSiteBanner() {
  const isMobileApp = useIsMobileApp();
  const [dismissed, setDismissed] = useState(() => readStored(NEW_SITE_DISMISSED_KEY) === 'true');
  const flagged = shownByFlag();
  // Once a visit; a failure shows no banner (and no toast: the visitor did nothing).
  const check = useResource(isMobileApp || dismissed || flagged ? null : 'new-site-banner', () => checkNewSiteBanner(), { quiet: true });
  const show = flagged || check.data === true;

  if (!show || dismissed || isMobileApp) return null;
  return (
    <aside className="new-site" aria-label={t('newSite.label')} data-testid="new-site-banner">
      <p className="new-site__text">{t('newSite.text')}</p>
      <button
        type="button"
        className="icon-button new-site__close"
        onClick={() => {
          writeStored(NEW_SITE_DISMISSED_KEY, 'true');
          setDismissed(true);
        }}
        aria-label={t('newSite.dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
