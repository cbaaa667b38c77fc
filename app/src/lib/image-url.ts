/**
 * An image path from the API, resolved against the configured image base (SPEC §3: "the
 * configured image base is prefixed"). Standard URL resolution: a relative path is put under
 * the base, a path that starts with '/' keeps the base's origin, an absolute URL stays itself.
 * The demo data's paths start with '/images/', the default base.
 */
export function imageUrl(path: string, imageBase: string): string {
  const base = new URL(imageBase.endsWith('/') ? imageBase : `${imageBase}/`, window.location.origin);
  const url = new URL(path, base);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}
