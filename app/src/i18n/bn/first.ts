/**
 * বাংলা: the first page's texts and the core's codes it can show (what `en/first.ts` holds in English),
 * loaded with the Bangla locale when Bangla is shown. The type says every English key has its
 * Bangla, and no other key; bn/index.ts says how the texts are written.
 */
import type { first as english } from '@/i18n/en/first';

export const first = {
  // --- the core's codes the first page can show (coreMessages(); the rest are in rest.ts) ----
  'field.required': 'এই ঘরটি পূরণ করতে হবে',

  // --- site-wide ---------------------------------------------------------------------------
  'site.skipToContent': 'মূল অংশে যান',
  'site.skipToResults': 'ফলাফলে যান',
  'site.processing': 'একটু অপেক্ষা করুন...',
  'site.close': 'বন্ধ করুন',
  'site.demo': 'এটি ডেমো সাইট: যাত্রা, আসন ও পেমেন্ট সবই নমুনা। এখানে আসল টিকিট বিক্রি হয় না।',
  'site.demoDismiss': 'ডেমো নোটিশ সরান',
  'site.demoMark': 'ডেমো',
  'site.today': 'আজ ঢাকায়:',
  'site.fareFrom': '{amount} থেকে শুরু',
  'site.externalLink': '(অন্য সাইটে খুলবে)',
  'site.notifications': 'বার্তা',
  'site.somethingWrong': 'কিছু একটা সমস্যা হয়েছে!',
  'storage.error': 'ফোনের স্টোরেজ ব্যবহার করা যাচ্ছে না',

  // --- service names -------------------------------------------------------------------
  'service.BUS.tab': 'বাস',
  'service.LAUNCH.tab': 'লঞ্চ',

  // --- top bar (global header) --------------------------------------------------------------
  'topBar.label': 'আমাদের সেবা',
  'topBar.rental': 'গাড়ি ভাড়া',
  'topBar.bus': 'বাস',
  'topBar.launch': 'লঞ্চ',
  'topBar.support': 'হেল্পলাইন {phone}',

  // --- header ------------------------------------------------------------------------------
  'header.home': '{brand} হোম',
  'header.services': 'সেবা',
  'header.helpline': 'হেল্পলাইন',
  'header.fullBusReserve': 'পুরো বাস রিজার্ভ',
  'header.history': 'আগের টিকিট',
  'header.openMenu': 'মেনু খুলুন',
  'header.logIn': 'লগইন',
  'header.account': 'অ্যাকাউন্ট',

  // --- headline ticker, new-site banner -------------------------------------------------------
  'ticker.label': 'শিরোনাম',
  'newSite.text': 'সাইটের নতুন সংস্করণ আপনার জন্য তৈরি।',
  'newSite.label': 'সাইটের নতুন সংস্করণ',
  'newSite.dismiss': 'সরান',

  // --- home --------------------------------------------------------------------------------
  'home.bus.title': 'বাসের টিকিট কিনুন',
  'home.launch.title': 'লঞ্চের টিকিট কিনুন',
  'home.bus.lead': 'সারা দেশের আন্তঃজেলা বাস, এসি ও নন-এসি।',
  'home.launch.lead': 'সদরঘাট থেকে দক্ষিণাঞ্চলের রাতের লঞ্চ।',
  'home.banners': 'বিশেষ খবর',
  'home.offers': 'অফার ও প্রোমো',
  'home.promoCode': 'প্রোমো কোড {code}',
  'home.popularRoutes': 'জনপ্রিয় রুট',
  'home.seeAll': 'সব দেখুন',

  // --- search form ---------------------------------------------------------------------------
  'search.title': 'যাত্রা খুঁজুন',
  'search.from': 'কোথা থেকে',
  'search.to': 'কোথায়',
  'search.fromPlaceholder': 'যেখান থেকে যাবেন',
  'search.toPlaceholder': 'যেখানে যাবেন',
  'search.swap': 'যাত্রার শুরু ও গন্তব্য অদলবদল করুন',
  'search.date': 'যাত্রার তারিখ',
  'search.coachType': 'কোচের ধরন',
  'search.coachType.all': 'সব',
  'search.coachType.ac': 'এসি',
  'search.coachType.non-ac': 'নন-এসি',
  'search.submit': 'খুঁজুন',
  'search.noCity': 'এই নামে কোনো শহর নেই',
  'search.citiesLoading': 'শহরের তালিকা আসছে...',

  // --- trip results --------------------------------------------------------------------------
  'trips.route': '{from} থেকে {to}',

  // --- error pages ---------------------------------------------------------------------------
  'notFound.title': '৪০৪: পাতাটি পাওয়া যায়নি',
  'notFound.back': 'হোম পাতায় ফিরুন',
  'errorPage.title': 'কিছু একটা সমস্যা হয়েছে',
  'errorPage.refresh': 'আবার লোড করুন',
  'errorPage.failed': 'ত্রুটির পাতা দেখাতেও সমস্যা হয়েছে',
  'errorPage.home': 'হোম পাতায় ফিরুন',

  // --- offline and saved tickets ---------------------------------------------------------------
  'offline.banner': 'আপনি এখন অফলাইনে। ফোনে রাখা টিকিটগুলো তবুও দেখা যাবে।',
  'offline.needsNetwork': 'আপনি অফলাইনে: এর জন্য ইন্টারনেট লাগবে।',
  'saved.link': 'ফোনে রাখা টিকিট',
} satisfies Record<keyof typeof english, string>;
