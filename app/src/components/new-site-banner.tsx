import { useEffect, useState } from 'react';
import { showNewSiteBanner, todayInDhaka } from 'core-wasm';
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

let check: Promise<boolean> | null = null;

/** The banner inviting visitors to the new version of the site; never in the mobile app. */
export function NewSiteBanner() {
  const isMobileApp = useIsMobileApp();
  const [show, setShow] = useState(() => !isMobileApp && readStored(NEW_SITE_KEY) === 'true');
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (isMobileApp || show) return;
    let live = true;
    check ??= checkNewSiteBanner();
    check.then(
      (chosen) => live && setShow(chosen),
      (error: unknown) => console.warn('new-site banner check failed', error),
    );
    return () => {
      live = false;
    };
  }, [isMobileApp, show]);

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

/** Test helper. */
export function resetNewSiteCheck(): void {
  check = null;
}
