/**
 * Where to go once logged in (SPEC §2 "Route guard": the wanted URL, remembered as a callback):
 * a path on this site, nothing else. A link to the site with `?callback=https://evil.example`
 * must not send a traveller who has just logged in to someone else's page (an open redirect): a
 * callback is taken only when it is a path starting with a single `/` that the browser also reads
 * as this site (`//host`, `/\host`, a scheme or another origin are refused).
 */
export function safeCallback(callback: string | null | undefined): string | null {
  if (!callback?.startsWith('/') || callback.startsWith('//') || callback.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(callback, window.location.origin);
  } catch {
    return null;
  }
  // Tabs and newlines are dropped by the URL parser: '/\t/evil.example' is '//evil.example'.
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}
