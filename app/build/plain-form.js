/*
 * The prerendered pages' one script (issue 40), tiny and on its own so it runs seconds before
 * the app on a slow phone: a Search tapped on the plain form before the app has taken over is
 * held for the app instead of opening the results as a new page, which would throw away the
 * app half downloaded and start the wait again. The app's form reads the mark at the hand-over
 * (src/lib/prerendered-form.ts) and opens the same search at once. The browser has checked the
 * required fields before a submit event fires. Meanwhile the button says it is searching, and
 * the results page's code is fetched (data-results, written by build/prerender.ts).
 *
 * Should the app not come (a script failed to load), the plain submit goes ahead after a while:
 * the results page then opens as a page of its own, as without this script.
 */
(function () {
  'use strict';
  var GIVE_UP_MS = 20000;
  // A browser that cannot run the app (no modules) keeps the plain submit.
  if (!('noModule' in HTMLScriptElement.prototype)) return;
  // Says it is there (the browser tests wait for it).
  document.documentElement.setAttribute('data-plain-form', '');
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-prerendered') || form.hasAttribute('data-plain-submit')) return;
      event.preventDefault();
      if (form.hasAttribute('data-submitted')) return;
      form.setAttribute('data-submitted', '');
      var button = form.querySelector('button[type="submit"]');
      if (button) {
        button.setAttribute('aria-busy', 'true');
        var busy = button.getAttribute('data-busy');
        if (busy) button.textContent = busy;
      }
      var results = (form.getAttribute('data-results') || '').split(' ');
      for (var i = 0; i < results.length; i++) {
        if (!results[i]) continue;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = results[i];
        document.head.appendChild(link);
      }
      setTimeout(function () {
        if (!form.isConnected) return;
        form.setAttribute('data-plain-submit', '');
        form.submit();
      }, GIVE_UP_MS);
    },
    true,
  );
})();
