/**
 * English: the texts of the first page (the home pages, header, search form, error pages, the
 * offline banner), with the core's message codes it can show (a required field; the phone,
 * e-mail, seat, promo and deal codes are shown by other pages, so they are in the rest). Part of
 * the first load; every other text is in `rest.ts`, loaded with the first page that needs it
 * (i18n/language.ts). The build checks that this part holds exactly what the first load uses
 * (build/catalog-split.ts), so moving a text between the two is the build's call, not a guess;
 * the core's codes, named by the wasm and not by the app's modules, by a test (bn.test.ts).
 *
 * English wording is SPEC.md's where SPEC gives one, quirks included ('This field is must be an
 * email'). Texts may hold `{name}` placeholders, filled by `t(id, { name })`.
 */
export const first = {
  // --- the core's codes the first page can show (coreMessages(); the rest are in rest.ts) ----
  'field.required': 'This field is required',

  // --- site-wide ---------------------------------------------------------------------------
  'site.skipToContent': 'Skip to content',
  'site.skipToResults': 'Skip to results',
  'site.processing': 'Processing...',
  'site.close': 'Close',
  'site.demo': 'Demo site: trips, seats and payments are simulated. No real tickets are sold.',
  'site.demoDismiss': 'Dismiss the demo notice',
  'site.demoMark': 'Demo',
  'site.today': 'Today in Dhaka:',
  'site.fareFrom': 'From {amount}',
  'site.externalLink': '(opens another site)',
  'site.notifications': 'Notifications',
  // The core's toast when a failed call says nothing usable (errors::FALLBACK, SPEC §8).
  'site.somethingWrong': 'Something went wrong!',
  'storage.error': 'Error accessing local storage',

  // --- service names -------------------------------------------------------------------
  'service.BUS.tab': 'BUS',
  'service.LAUNCH.tab': 'LAUNCH',

  // --- top bar (global header) --------------------------------------------------------------
  'topBar.label': 'Our services',
  'topBar.rental': 'Rental',
  'topBar.bus': 'Bus',
  'topBar.launch': 'Launch',
  'topBar.support': 'Support {phone}',

  // --- header ------------------------------------------------------------------------------
  'header.home': '{brand} home',
  'header.services': 'Services',
  'header.helpline': 'Helpline',
  'header.fullBusReserve': 'Full bus reserve',
  'header.history': 'History',
  'header.openMenu': 'Open menu',
  'header.logIn': 'Log in',
  'header.account': 'Account',

  // --- headline ticker, new-site banner -------------------------------------------------------
  'ticker.label': 'Headline',
  'newSite.text': 'A new version of this site is ready for you.',
  'newSite.label': 'New version of the site',
  'newSite.dismiss': 'Dismiss',

  // --- home --------------------------------------------------------------------------------
  'home.bus.title': 'Buy bus tickets',
  'home.launch.title': 'Buy launch tickets',
  'home.bus.lead': 'Intercity coaches across Bangladesh, AC and non-AC.',
  'home.launch.lead': 'Overnight launches from Sadarghat to the south.',
  'home.banners': 'Highlights',
  'home.offers': 'Offers and promos',
  'home.promoCode': 'Promo code {code}',
  'home.popularRoutes': 'Popular routes',
  'home.seeAll': 'See all',

  // --- search form ---------------------------------------------------------------------------
  'search.title': 'Search trips',
  'search.from': 'From',
  'search.to': 'To',
  'search.fromPlaceholder': 'Leaving from',
  'search.toPlaceholder': 'Going to',
  'search.swap': 'Swap from and to',
  'search.date': 'Journey date',
  'search.coachType': 'Coach type',
  'search.coachType.all': 'All',
  'search.coachType.ac': 'AC',
  'search.coachType.non-ac': 'Non AC',
  'search.submit': 'Search',
  'search.noCity': 'No city matches',
  'search.citiesLoading': 'Loading cities...',

  // --- trip results --------------------------------------------------------------------------
  'trips.route': '{from} to {to}',

  // --- offline and saved tickets ---------------------------------------------------------------
  'offline.banner': 'You are offline. Your saved tickets are still here.',
  'offline.needsNetwork': 'You are offline: this needs the network.',
  'saved.link': 'Saved tickets',

  // --- error pages ---------------------------------------------------------------------------
  'notFound.title': '404 page not found',
  'notFound.back': 'Back to Home',
  'errorPage.title': 'Something Went Wrong',
  'errorPage.refresh': 'Refresh',
  'errorPage.failed': 'An error occurred while showing the error page',
  'errorPage.home': 'Go back to home',
} as const;
