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
 * site would show the wrong one); the app adds them into places kept for them at their size (the
 * logo, the language switch, the menu button, the headline ticker, today's date), so the app's
 * first screen stands where the plain page stood (issue 40: the form no longer jumps under the
 * traveller's thumb). The app replaces these nodes rather than moving them.
 *
 * Each page is written in both languages: `prerendered/...` in English and `prerendered-bn/...`
 * in Bangla (`<html lang="bn">`, the Bangla texts and city names, the Bengali font's styles and
 * the Bangla module fetched with the page). The static server answers a Bangla browser (the
 * `lang` cookie, else Accept-Language) with the Bangla one (static-server's pages.rs).
 *
 * The home pages carry one small script of their own (build/plain-form.js): a Search tapped
 * before the app has come is held for the app rather than reloading the page.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import type * as Catalog from './catalog.ts';
import cities from './home-cities.json' with { type: 'json' };
import { PRERENDERED } from './pwa.ts';

type Service = 'BUS' | 'LAUNCH';
type Language = Catalog.Language;
type MessageId = Parameters<typeof Catalog.text>[1];

/**
 * The catalogs, loaded through Vite's module runner at build start: they import with the app's
 * `@/` alias, which the config's own loader does not know.
 */
let text: typeof Catalog.text = () => {
  throw new Error('prerender-home: the message catalog is not loaded');
};
/** The language being written (one page at a time). */
let lang: Language = 'en';
const t = (id: MessageId) => text(lang, id);

async function loadCatalog(): Promise<void> {
  const src = fileURLToPath(new URL('../src', import.meta.url));
  const { module } = await runnerImport<typeof Catalog>(fileURLToPath(new URL('./catalog.ts', import.meta.url)), {
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@': src } },
  });
  text = module.text;
}

/** Where the Bangla pages go: beside the English ones, under their own folder. */
export const banglaFile = (fileName: string) => fileName.replace(/^prerendered\//, 'prerendered-bn/');

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function servicesNav(service: Service): string {
  const link = (to: Service, cls: string, current: string, text: string) =>
    `<a class="${cls}" href="/${to.toLowerCase()}"${to === service ? ` aria-current="${current}"` : ''}>${escape(text)}</a>`;
  return (
    `<div class="top-bar"><nav class="top-bar__inner" aria-label="${escape(t('topBar.label'))}"><ul class="top-bar__links">` +
    `<li>${link('BUS', 'top-bar__link', 'true', t('topBar.bus'))}</li><li>${link('LAUNCH', 'top-bar__link', 'true', t('topBar.launch'))}</li>` +
    `</ul></nav></div>` +
    // The brand, the language switch and the menu need the runtime config or the app: their
    // places are kept, at their size, so nothing moves when the app fills them.
    `<header class="header"><div class="header__inner"><span class="header__brand header__slot" aria-hidden="true"><span class="header__logo"></span></span>` +
    `<nav class="header__tabs" aria-label="${escape(t('header.services'))}">` +
    `${link('BUS', 'header__tab', 'page', t('service.BUS.tab'))}${link('LAUNCH', 'header__tab', 'page', t('service.LAUNCH.tab'))}` +
    `</nav><span class="lang-switch header__slot" aria-hidden="true">${lang === 'bn' ? 'English' : 'বাংলা'}</span>` +
    `<span class="icon-button header__burger header__slot" aria-hidden="true"></span></div></header>` +
    // The headline ticker's place (its text comes from the API).
    `<div class="ticker" aria-hidden="true"></div>`
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
  const names = lang === 'bn' ? cities.bn[service] : cities[service];
  const options = names.map((city) => `<option value="${escape(city)}"></option>`).join('');
  // data-results: the results page's code, fetched by plain-form.js once Search is tapped.
  return (
    `<form class="search card" action="/${service.toLowerCase()}/trip" method="get" role="search" aria-labelledby="prerendered-search" data-prerendered="${service}" data-results="${resultsModule}">` +
    `<h2 id="prerendered-search" class="card__title">${escape(t('search.title'))}</h2>` +
    // The middle cell stands where the app's swap button goes (it needs the script).
    `<div class="search__places">${cityField(service, 'from')}<span></span>${cityField(service, 'to')}</div>` +
    `<datalist id="prerendered-cities-${service}">${options}</datalist>` +
    `<div class="search__row"><div class="field"><label class="field__label" for="prerendered-date">${escape(t('search.date'))}</label>` +
    // Not required: left empty, the app searches today (its own form's first date), and the
    // results page without the scripts offers the search again with today.
    `<input id="prerendered-date" class="field__input" type="date" name="journeyDate"></div>${coach}</div>` +
    `<button type="submit" class="button button--block" data-busy="${escape(t('search.waiting'))}">${escape(t('search.submit'))}</button></form>`
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
    // Today's date in Dhaka is the core's: its line is kept for it.
    `<p class="hero__lead">${escape(lead)}</p><p class="today" aria-hidden="true">&nbsp;</p></div>${searchForm(service)}</div></main>`
  );
}

const ROOT = /(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/;

/** The results page's code, space-separated (set per build and language): what a Search tapped before the app will need. */
let resultsModule = '';

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
  const texts = chunkOf(`src/i18n/${lang}/rest.ts`);
  if (!page || !texts) throw new Error(`prerender-home: no chunk for ${page ? `src/i18n/${lang}/rest.ts` : pageModule}`);
  const scripts = [page.fileName, ...page.imports, texts.fileName].filter((file, i, all) => all.indexOf(file) === i && !html.includes(`/${file}"`));
  const styles = new Set(scripts.flatMap((file) => [...((bundle[file]?.type === 'chunk' && bundle[file].viteMetadata?.importedCss) || [])]));
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

/** The Bangla module (texts, formats, the font's styles): a Bangla page loads it with itself. */
function banglaLinks(bundle: Bundle, html: string): string {
  const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('src/i18n/bn/index.ts'));
  if (!chunk || chunk.type !== 'chunk') throw new Error('prerender-home: no chunk for src/i18n/bn/index.ts');
  const styles = [...(chunk.viteMetadata?.importedCss ?? [])];
  const scripts = [chunk.fileName, ...chunk.imports].filter((file, i, all) => all.indexOf(file) === i && !html.includes(`/${file}"`));
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
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
      const results = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('src/features/trips/routes/trips-page.tsx'));
      if (!results) throw new Error('prerender-home: no chunk for the results page');
      // Its chunk, the chunks it imports and the rest of the texts (routes.tsx loads them with it).
      const rest = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('src/i18n/en/rest.ts'));
      const restBn = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('src/i18n/bn/rest.ts'));
      const resultsFiles = (language: Language) =>
        [results.fileName, ...(results.type === 'chunk' ? results.imports : []), (language === 'bn' ? restBn : rest)?.fileName]
          .filter((file): file is string => Boolean(file) && !String(page.source).includes(`/${file}"`))
          .map((file) => `/${file}`)
          .join(' ');
      // Its comments and indentation stripped: every byte of it is in the first load's budget.
      const plainFormSource = readFileSync(new URL('./plain-form.js', import.meta.url), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/\n\s*/g, '\n')
        .trim();
      const script = this.emitFile({ type: 'asset', name: 'plain-form.js', source: plainFormSource });
      const plainFormScript = `<script src="/${this.getFileName(script)}" async></script>`;
      for (const language of ['en', 'bn'] as const) {
        lang = language;
        resultsModule = resultsFiles(language);
        for (const [fileName, url] of Object.entries(PRERENDERED)) {
          const service: Service = url.startsWith('/launch') ? 'LAUNCH' : 'BUS';
          const findTicket = url.endsWith('/find-ticket');
          const index = String(page.source);
          const title = findTicket ? t('findTicket.title') : service === 'BUS' ? t('home.bus.title') : t('home.launch.title');
          const links = [
            findTicket ? pageLinks(bundle, index, 'src/features/find-ticket/routes/find-ticket-page.tsx') : plainFormScript,
            lang === 'bn' ? banglaLinks(bundle, index) : '',
          ].filter(Boolean);
          const html = index
            .replace(ROOT, (_whole, open: string, close: string) => `${open}${findTicket ? findTicketMarkup(service) : homePageMarkup(service)}${close}`)
            .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
            .replace('<html lang="en">', `<html lang="${lang}">`)
            .replace('</head>', links.length ? `  ${links.join('\n    ')}\n  </head>` : '</head>');
          this.emitFile({ type: 'asset', fileName: lang === 'bn' ? banglaFile(fileName) : fileName, source: html });
        }
      }
      lang = 'en';
    },
  };
}
