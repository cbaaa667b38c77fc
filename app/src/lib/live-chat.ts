/**
 * The optional live-chat script (SPEC §1), from the runtime config. Loaded after the page has
 * loaded and gone idle, so it never competes with the first render; the server's CSP allows its
 * origin.
 */
let loaded = false;

export function loadLiveChat(src: string | null): void {
  if (!src || loaded) return;
  loaded = true;
  const add = () => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.body.append(script);
  };
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(add, { timeout: 5000 }) : setTimeout(add, 2000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
