import { useState } from 'react';
import { showNewSiteBanner, todayInDhaka } from 'core-wasm';
import { useResource } from '@/api/use-resource';
import { useIsMobileApp } from '@/app/site-context';
import { t } from '@/i18n/messages';
import { readStored, writeStored } from '@/lib/storage';

/** Where the banner's flag is kept once a visitor was chosen (SPEC §4). */
export const NEW_SITE_KEY = 'newSiteBanner';

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Whether this visitor sees the banner (SPEC §4 "New-site banner"): a stored flag shows it;
 * otherwise today's visitor count (in Dhaka) is updated on the site's own server and the core
 * compares it with the rollout percentage; a visitor who is chosen gets the flag stored.
 */
export async function checkNewSiteBanner(fetchFn: typeof fetch = fetch): Promise<boolean> {
  if (readStored(NEW_SITE_KEY) === 'true') return true;
  const [{ percentage }, { count }] = await Promise.all([
    fetchFn('/api/get-rollout').then((r) => json<{ percentage: number }>(r)),
    fetchFn('/api/visitor-update', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: todayInDhaka() }),
    }).then((r) => json<{ count: number }>(r)),
  ]);
  const show = showNewSiteBanner(false, count, percentage);
  if (show) writeStored(NEW_SITE_KEY, 'true');
  return show;
}

/** The banner inviting visitors to the new version of the site; never in the mobile app. */
export function NewSiteBanner() {
  const isMobileApp = useIsMobileApp();
  const stored = readStored(NEW_SITE_KEY) === 'true';
  // Once a visit; a failure shows no banner (and no toast: the visitor did nothing).
  const check = useResource(isMobileApp || stored ? null : 'new-site-banner', () => checkNewSiteBanner(), { quiet: true });
  const [dismissed, setDismissed] = useState(false);
  const show = stored || check.data === true;

  if (!show || dismissed || isMobileApp) return null;
  return (
    <aside className="new-site" aria-label={t('newSite.label')} data-testid="new-site-banner">
      <p className="new-site__text">{t('newSite.text')}</p>
      <button type="button" className="icon-button new-site__close" onClick={() => setDismissed(true)} aria-label={t('newSite.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
