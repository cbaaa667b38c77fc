/**
 * The home pages (/, /bus, /launch) and the ticket-history pages (/bus/find-ticket,
 * /launch/find-ticket) prerendered at build time, so a traveller on a slow phone can search, or
 * start typing their number, as soon as the page paints, before the scripts arrive (issue 14).
 *
 * Each page is index.html (same head: styles, scripts, build id) with the app's root holding
 * the shell's outline and a plain HTML search form: its submit is a GET to the results page
 * (`/bus/trip?from=...&to=...&journeyDate=...`, the URL the app's own form builds), the city
 * fields take any name and suggest the known cities (home-cities.json). When the app loads it
 * reads what was typed (src/features/search/prerendered-search.ts) and renders the real page
 * with it. The static server answers `/bus` with prerendered/bus/index.html (static-server's
 * pages.rs); the service worker stores them under those URLs (build/pwa.ts).
 *
 * Only what needs no runtime config is drawn (no brand, helpline or demo notice: an operator's
 * site would show the wrong one); the app adds them. The app replaces these nodes rather than
 * moving them, so the swap is not a layout shift.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as Catalog from './catalog.ts';
import cities from './home-cities.json' with { type: 'json' };
import { PRERENDERED } from './pwa.ts';

type Service = 'BUS' | 'LAUNCH';

/**
 * The catalog's `t`, loaded through Vite's module runner at build start: the catalog imports
 * with the app's `@/` alias, which the config's own loader does not know.
 */
let t: typeof Catalog.t = () => {
  throw new Error('prerender-home: the message catalog is not loaded');
};

async function loadCatalog(): Promise<void> {
  const src = fileURLToPath(new URL('../src', import.meta.url));
  const { module } = await runnerImport<typeof Catalog>(fileURLToPath(new URL('./catalog.ts', import.meta.url)), {
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@': src } },
  });
  t = module.t;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function servicesNav(service: Service): string {
  const link = (to: Service, cls: string, current: string, text: string) =>
    `<a class="${cls}" href="/${to.toLowerCase()}"${to === service ? ` aria-current="${current}"` : ''}>${escape(text)}</a>`;
  return (
    `<div class="top-bar"><nav class="top-bar__inner" aria-label="${escape(t('topBar.label'))}"><ul class="top-bar__links">` +
    `<li>${link('BUS', 'top-bar__link', 'true', t('topBar.bus'))}</li><li>${link('LAUNCH', 'top-bar__link', 'true', t('topBar.launch'))}</li>` +
    `</ul></nav></div>` +
    `<header class="header"><div class="header__inner"><nav class="header__tabs" aria-label="${escape(t('header.services'))}">` +
    `${link('BUS', 'header__tab', 'page', t('service.BUS.tab'))}${link('LAUNCH', 'header__tab', 'page', t('service.LAUNCH.tab'))}` +
    `</nav></div></header>`
  );
}

function cityField(service: Service, name: 'from' | 'to'): string {
  const id = `prerendered-${name}`;
  const label = name === 'from' ? t('search.from') : t('search.to');
  const placeholder = name === 'from' ? t('search.fromPlaceholder') : t('search.toPlaceholder');
  return (
    `<div class="field"><label class="field__label" for="${id}">${escape(label)}</label>` +
    `<input id="${id}" class="field__input" name="${name}" list="prerendered-cities-${service}" required autocomplete="off" spellcheck="false" placeholder="${escape(placeholder)}"></div>`
  );
}

/** The search form that works without scripts. */
function searchForm(service: Service): string {
  const coach =
    service === 'BUS'
      ? `<div class="field"><label class="field__label" for="prerendered-coach">${escape(t('search.coachType'))}</label>` +
        `<select id="prerendered-coach" name="coachType" class="field__input">` +
        (['all', 'ac', 'non-ac'] as const).map((type) => `<option value="${type}">${escape(t(`search.coachType.${type}`))}</option>`).join('') +
        `</select></div>`
      : '';
  const options = cities[service].map((city) => `<option value="${escape(city)}"></option>`).join('');
  return (
    `<form class="search card" action="/${service.toLowerCase()}/trip" method="get" role="search" aria-labelledby="prerendered-search" data-prerendered="${service}">` +
    `<h2 id="prerendered-search" class="card__title">${escape(t('search.title'))}</h2>` +
    // The middle cell stands where the app's swap button goes (it needs the script).
    `<div class="search__places">${cityField(service, 'from')}<span></span>${cityField(service, 'to')}</div>` +
    `<datalist id="prerendered-cities-${service}">${options}</datalist>` +
    `<div class="search__row"><div class="field"><label class="field__label" for="prerendered-date">${escape(t('search.date'))}</label>` +
    `<input id="prerendered-date" class="field__input" type="date" name="journeyDate" required></div>${coach}</div>` +
    `<button type="submit" class="button button--block">${escape(t('search.submit'))}</button></form>`
  );
}

/**
 * The root's content for `service`'s find-ticket page (ticket history): its heading, and its
 * form, where a number can be typed before the scripts arrive: the app's form takes it over
 * (src/features/find-ticket/prerendered-phone.ts). Sending the code needs the app, so the
 * plain form's Continue is disabled: a tap before the app came would reload the page on a slow
 * network and send nothing.
 */
export function findTicketMarkup(service: Service): string {
  const path = `/${service.toLowerCase()}/find-ticket`;
  return (
    `<a class="skip-link" href="#main">${escape(t('site.skipToContent'))}</a>${servicesNav(service)}` +
    `<main id="main" class="page"><h1 class="page__title">${escape(t('findTicket.title'))}</h1>` +
    `<form class="card" action="${path}" method="get" aria-labelledby="find-ticket-heading" data-prerendered="find-ticket">` +
    `<h2 id="find-ticket-heading" class="card__title">${escape(t('findTicket.form'))}</h2>` +
    `<p class="find-ticket__intro">${escape(t('findTicket.intro'))}</p>` +
    `<div class="field"><label class="field__label" for="prerendered-phone">${escape(t('findTicket.phone'))}</label>` +
    `<input id="prerendered-phone" name="phone" class="field__input" type="tel" inputmode="numeric" autocomplete="tel-national" placeholder="${escape(t('form.phonePlaceholder'))}"></div>` +
    // Sending the code needs the app: its button, enabled, replaces this one.
    `<button type="submit" class="button button--block" disabled>${escape(t('findTicket.continue'))}</button></form></main>`
  );
}

/** The root's content for a home page of `service`. */
export function homePageMarkup(service: Service): string {
  const title = service === 'BUS' ? t('home.bus.title') : t('home.launch.title');
  const lead = service === 'BUS' ? t('home.bus.lead') : t('home.launch.lead');
  return (
    `<a class="skip-link" href="#main">${escape(t('site.skipToContent'))}</a>${servicesNav(service)}` +
    `<main id="main" class="page"><div class="home"><div class="hero"><h1 class="page__title hero__title">${escape(title)}</h1>` +
    `<p class="hero__lead">${escape(lead)}</p></div>${searchForm(service)}</div></main>`
  );
}

const ROOT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/**
 * The head links that fetch a lazy page's own code and styles with the page instead of after
 * the app has started: its stylesheets (so the plain page is drawn as the app will draw it, no
 * layout shift at the hand-over), its chunk and the chunks it imports, and the rest of the texts.
 */
function pageLinks(bundle: Bundle, html: string, pageModule: string): string {
  const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
  const chunkOf = (module: string) => chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
  const page = chunkOf(pageModule);
  const texts = chunkOf('src/i18n/en/rest.ts');
  if (!page || !texts) throw new Error(`prerender-home: no chunk for ${page ? 'src/i18n/en/rest.ts' : pageModule}`);
  const scripts = [page.fileName, ...page.imports, texts.fileName].filter((file, i, all) => all.indexOf(file) === i && !html.includes(`/${file}"`));
  const styles = new Set(scripts.flatMap((file) => [...((bundle[file]?.type === 'chunk' && bundle[file].viteMetadata?.importedCss) || [])]));
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

export function prerenderHome(): Plugin {
  return {
    name: 'prerender-home',
    apply: 'build',
    enforce: 'post',
    buildStart: loadCatalog,
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset' || !ROOT.test(String(page.source))) {
        throw new Error('prerender-home: index.html has no <div id="root"> to fill');
      }
      for (const [fileName, url] of Object.entries(PRERENDERED)) {
        const service: Service = url.startsWith('/launch') ? 'LAUNCH' : 'BUS';
        const findTicket = url.endsWith('/find-ticket');
        const index = String(page.source);
        const title = findTicket ? t('findTicket.title') : service === 'BUS' ? t('home.bus.title') : t('home.launch.title');
        const links = findTicket ? pageLinks(bundle, index, 'src/features/find-ticket/routes/find-ticket-page.tsx') : '';
        const html = index
          .replace(ROOT, (_whole, open: string, close: string) => `${open}${findTicket ? findTicketMarkup(service) : homePageMarkup(service)}${close}`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
          .replace('</head>', links ? `  ${links}\n  </head>` : '</head>');
        this.emitFile({ type: 'asset', fileName, source: html });
      }
    },
  };
}
