/**
 * বাংলা: the site in Bangla, a chunk of its own (language.ts loads it only when Bangla is shown).
 *
 * Written as a Bangladeshi traveller reads a ticket counter's board and an operator's SMS: যাত্রা,
 * আসন, টিকিট, ভাড়া, বোর্ডিং পয়েন্ট, ড্রপিং পয়েন্ট, কোচ, কেবিন, এসি / নন-এসি, PNR and OTP as they
 * are printed. Not word for word: each entry says what the English one means, in the words the
 * counters use.
 *
 * Numbers, money, dates and times are CLDR bn through Intl (Bengali digits, lakh grouping);
 * money is always '১,২০০ টাকা'. Clock times say the part of the day first, as tickets and
 * counters do ('রাত ১০:৩০'), with Intl's digits. Codes stay as printed (PNR, seat numbers, promo
 * codes, transaction ids), so they match the SMS, the PDF and the coach.
 *
 * `{name}` placeholders are the English entry's; a test checks both catalogs have the same keys
 * and the same placeholders, and that every message code of the core and the server has a text.
 */
import '@/i18n/bn.css';
import type { Locale } from '@/i18n/language';
import type { MessageId } from '@/i18n/messages';

/** Every site text and core code in Bangla (a test checks none is missing). */
export const texts = {
  // --- the core's codes (coreMessages()) -------------------------------------------------
  'field.required': 'এই ঘরটি পূরণ করতে হবে',
  'phone.length': 'মোবাইল নম্বর ১১ সংখ্যার হতে হবে',
  'phone.invalid': 'সঠিক মোবাইল নম্বর দিন',
  'email.invalid': 'সঠিক ই-মেইল ঠিকানা দিন',
  'seats.max': 'একবারে সর্বোচ্চ ৪টি আসন নেওয়া যায়',
  'seats.unavailable': 'এই আসনটি খালি নেই',
  'seats.pointsRequired': 'আগে বোর্ডিং ও ড্রপিং পয়েন্ট বেছে নিন',
  'seats.ladiesOnly': 'মহিলা আসন শুধু নারী যাত্রীদের জন্য: অন্য আসন বেছে নিন, অথবা কোনো নারী যাত্রীর নামে বুক করুন',
  'promo.invalid': 'প্রোমো কোডটি সঠিক নয়!',
  'promo.applied': 'প্রোমো কোড যোগ হয়েছে',
  'deal.none': 'দুঃখিত! এই মুহূর্তে কোনো অফার নেই।',

  // --- site-wide ---------------------------------------------------------------------------
  'site.skipToContent': 'মূল অংশে যান',
  'site.skipToResults': 'ফলাফলে যান',
  'site.processing': 'একটু অপেক্ষা করুন...',
  'site.loading': 'লোড হচ্ছে...',
  'site.retry': 'আবার চেষ্টা করুন',
  'site.close': 'বন্ধ করুন',
  'site.demo': 'এটি ডেমো সাইট: যাত্রা, আসন ও পেমেন্ট সবই নমুনা। এখানে আসল টিকিট বিক্রি হয় না।',
  'site.demoDismiss': 'ডেমো নোটিশ সরান',
  'site.demoMark': 'ডেমো',
  'site.today': 'আজ ঢাকায়:',
  'site.fareRange': '{low} - {high}',
  'site.fareFrom': '{amount} থেকে শুরু',
  'site.externalLink': '(অন্য সাইটে খুলবে)',
  'site.notifications': 'বার্তা',
  'site.somethingWrong': 'কিছু একটা সমস্যা হয়েছে!',
  'date.long': '{weekday}, {day} {month} {year}',
  'date.weekday.0': 'রবিবার',
  'date.weekday.1': 'সোমবার',
  'date.weekday.2': 'মঙ্গলবার',
  'date.weekday.3': 'বুধবার',
  'date.weekday.4': 'বৃহস্পতিবার',
  'date.weekday.5': 'শুক্রবার',
  'date.weekday.6': 'শনিবার',
  'date.month.1': 'জানুয়ারি',
  'date.month.2': 'ফেব্রুয়ারি',
  'date.month.3': 'মার্চ',
  'date.month.4': 'এপ্রিল',
  'date.month.5': 'মে',
  'date.month.6': 'জুন',
  'date.month.7': 'জুলাই',
  'date.month.8': 'আগস্ট',
  'date.month.9': 'সেপ্টেম্বর',
  'date.month.10': 'অক্টোবর',
  'date.month.11': 'নভেম্বর',
  'date.month.12': 'ডিসেম্বর',
  'form.phone': 'মোবাইল নম্বর',
  'form.phonePlaceholder': '০১XXXXXXXXX',
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
  'header.menu': 'মেনু',
  'header.openMenu': 'মেনু খুলুন',

  // --- headline ticker, new-site banner -------------------------------------------------------
  'ticker.label': 'শিরোনাম',
  'newSite.text': 'সাইটের নতুন সংস্করণ আপনার জন্য তৈরি।',
  'newSite.label': 'সাইটের নতুন সংস্করণ',
  'newSite.dismiss': 'সরান',

  // --- footer ------------------------------------------------------------------------------
  'footer.label': 'সাইটের লিংক',
  'footer.services': 'সেবা',
  'footer.rental': 'গাড়ি ভাড়া',
  'footer.busTicketing': 'বাসের টিকিট',
  'footer.launchTicketing': 'লঞ্চের টিকিট',
  'footer.company': 'প্রতিষ্ঠান',
  'footer.about': 'আমাদের কথা',
  'footer.career': 'ক্যারিয়ার',
  'footer.blog': 'ব্লগ',
  'footer.contact': 'যোগাযোগ',
  'footer.rideSharing': 'রাইড শেয়ারিং নির্দেশিকা',
  'footer.enlistment': 'তালিকাভুক্তির সনদ',
  'footer.covid': 'কোভিড-১৯ তথ্য',
  'footer.policies': 'নীতিমালা',
  'footer.terms': 'শর্তাবলি',
  'footer.refund': 'টিকিট বাতিল ও টাকা ফেরতের নীতি',
  'footer.privacy': 'গোপনীয়তা নীতি',
  'footer.help': 'সহায়তা',
  'footer.helpline': 'হেল্পলাইন',
  'footer.email': 'ই-মেইল',
  'footer.office': 'অফিস',
  'footer.getApp': 'অ্যাপ নিন',
  'footer.appStore': 'Google Play থেকে নামান',
  'footer.follow': 'আমাদের সাথে থাকুন',
  'footer.facebook': 'ফেসবুক',
  'footer.youtube': 'ইউটিউব',
  'footer.instagram': 'ইনস্টাগ্রাম',
  'footer.copyright': '© {year} {brand}। সর্বস্বত্ব সংরক্ষিত।',

  // --- home --------------------------------------------------------------------------------
  'home.bus.title': 'বাসের টিকিট কিনুন',
  'home.launch.title': 'লঞ্চের টিকিট কিনুন',
  'home.bus.lead': 'সারা দেশের আন্তঃজেলা বাস, এসি ও নন-এসি।',
  'home.launch.lead': 'সদরঘাট থেকে দক্ষিণাঞ্চলের রাতের লঞ্চ।',
  'home.banners': 'বিশেষ খবর',
  'home.offers': 'অফার ও প্রোমো',
  'home.promoCode': 'প্রোমো কোড {code}',
  'home.popularRoutes': 'জনপ্রিয় রুট',
  'home.operators': 'অপারেটর',
  'operators.manyMore': 'আরও অনেক আসছে...',
  'home.blogs': 'ব্লগ থেকে',
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
  'trips.bus.title': 'বাসের যাত্রা',
  'trips.launch.title': 'লঞ্চের যাত্রা',
  'trips.route': '{from} থেকে {to}',
  'trips.modify': 'খোঁজ বদলান',
  'trips.modifyShort': 'বদলান',
  'trips.cancelModify': 'বাতিল',
  'trips.found': '{count}টি যাত্রা পাওয়া গেছে',
  'trips.found.one': '১টি যাত্রা পাওয়া গেছে',
  'trips.showing': '{count}টির মধ্যে {shown}টি যাত্রা দেখানো হচ্ছে',
  'trips.loading': 'যাত্রা খোঁজা হচ্ছে...',
  'trips.empty.title': 'কোনো যাত্রা পাওয়া যায়নি',
  'trips.empty.text': 'এই তারিখে এই রুটে কোনো যাত্রা নেই। অন্য তারিখ বা রুট দেখুন।',
  'trips.filteredOut.title': 'ফিল্টারের সাথে মেলে এমন যাত্রা নেই',
  'trips.filteredOut.text': 'আরও যাত্রা দেখতে কিছু ফিল্টার তুলে দিন।',
  'trips.error.title': 'যাত্রার তালিকা আনা যায়নি',
  'trips.noSearch': 'কোথায় আর কবে যাবেন, বেছে নিন।',
  'trips.departure': 'ছাড়বে',
  'trips.arrival': 'পৌঁছাবে',
  'trips.seatsLeft': '{count}টি আসন খালি',
  'trips.seatsLeft.one': '১টি আসন খালি',
  'trips.seatsUnknown': 'আসন খালি আছে',
  'trips.soldOut': 'সব আসন বিক্রি হয়ে গেছে',
  'trips.coach': 'কোচ {coach}',
  'trips.details': 'বিস্তারিত',
  'trips.hideDetails': 'বিস্তারিত লুকান',
  'trips.boardingPoints': 'বোর্ডিং পয়েন্ট',
  'trips.droppingPoints': 'ড্রপিং পয়েন্ট',
  'trips.coachType.ac': 'এসি',
  'trips.coachType.non-ac': 'নন-এসি',
  'trips.list': 'যাত্রা',
  'trips.viewSeats': 'আসন দেখুন',

  // --- seat plans (bus decks, launch classes) up to the seat-lock ------------------------------
  'seatPlan.title': 'আসন বেছে নিন',
  'seatPlan.backToTrips': 'যাত্রার তালিকায় ফিরুন',
  'seatPlan.loading': 'আসন লোড হচ্ছে...',
  'seatPlan.error.title': 'আসনের তালিকা আনা যায়নি',
  'seatPlan.tripGone': 'এই যাত্রার টিকিট আর বিক্রি হচ্ছে না। অন্য একটি বেছে নিন।',
  'seatPlan.points': 'বোর্ডিং ও ড্রপিং',
  'seatPlan.boardingPoint': 'বোর্ডিং পয়েন্ট',
  'seatPlan.droppingPoint': 'ড্রপিং পয়েন্ট',
  'seatPlan.choosePoint': 'বেছে নিন...',
  'seatPlan.pointOption': '{name} ({time})',
  'seatPlan.pointsHint': 'বোর্ডিং ও ড্রপিং পয়েন্ট অনুযায়ী ভাড়া আলাদা: ভাড়া দেখতে দুটোই বেছে নিন।',
  'seatPlan.legend': 'আসনের চিহ্ন',
  'seatPlan.front': 'সামনে',
  'seatPlan.deckFare': 'ভাড়া: {fare}',
  'seatPlan.deck.main': 'আসন',
  'seatPlan.deck.lower': 'নিচতলা',
  'seatPlan.deck.upper': 'উপরতলা',
  'seatPlan.status.available': 'খালি',
  'seatPlan.status.booked': 'বিক্রি হয়ে গেছে',
  'seatPlan.status.locked': 'অন্য যাত্রী ধরে রেখেছেন',
  'seatPlan.status.blocked': 'বিক্রির জন্য নয়',
  'seatPlan.legend.available': 'খালি',
  'seatPlan.legend.selected': 'আপনার বাছাই',
  'seatPlan.legend.booked': 'বিক্রি হয়েছে',
  'seatPlan.legend.locked': 'অন্যরা ধরে রেখেছেন',
  'seatPlan.legend.blocked': 'বিক্রির জন্য নয়',
  'seatPlan.legend.ladies': 'মহিলা আসন',
  'seatPlan.seat': 'আসন {seat}',
  'seatPlan.ladies': 'মহিলা আসন',
  'seatPlan.classSeat': '{className} {seat}',
  'seatPlan.classTitle': '{className}: {fare}',
  'seatPlan.floor': 'তলা',
  'seatPlan.chosen': 'আপনার আসন',
  'seatPlan.noneChosen': 'এখনো কোনো আসন বাছাই করেননি (সর্বোচ্চ ৪টি)।',
  'seatPlan.total': 'মোট',
  'seatPlan.totalCharges': '(চার্জসহ)',
  'seatPlan.continue': 'এগিয়ে যান',
  'seatPlan.arrowsHint': 'তীর-চিহ্নের বোতাম দিয়ে এক আসন থেকে আরেক আসনে যান।',
  'seatPlan.locking': 'আপনার আসন ধরে রাখা হচ্ছে...',

  // --- filters and sort ----------------------------------------------------------------------
  'filters.title': 'ফিল্টার',
  'filters.show': 'ফিল্টার',
  'filters.hide': 'ফিল্টার লুকান',
  'filters.active': 'ফিল্টার ({count})',
  'filters.clear': 'ফিল্টার তুলে দিন',
  'filters.coachType': 'কোচের ধরন',
  'filters.boardingPoint': 'বোর্ডিং পয়েন্ট',
  'filters.operator': 'অপারেটর',
  'filters.busClass': 'বাসের শ্রেণি',
  'filters.time': 'ছাড়ার সময়',
  'timeBand.4am-12pm': 'ভোর ৪টা - দুপুর ১২টা',
  'timeBand.12pm-6pm': 'দুপুর ১২টা - সন্ধ্যা ৬টা',
  'timeBand.6pm-3am': 'সন্ধ্যা ৬টা - রাত ৩টা',
  'sort.label': 'সাজান',
  'sort.none': 'ছাড়ার সময়',
  'sort.l2h': 'ভাড়া: কম থেকে বেশি',
  'sort.h2l': 'ভাড়া: বেশি থেকে কম',

  // --- operators, popular routes, offers, blogs ------------------------------------------------
  'operators.BUS.title': 'বাস অপারেটর',
  'operators.LAUNCH.title': 'লঞ্চ অপারেটর',
  'operators.routes': 'রুট',
  'operators.coachTypes': 'কোচের শ্রেণি',
  'operators.all': 'সব অপারেটর',
  'popular.BUS.title': 'বাসের জনপ্রিয় রুট',
  'popular.LAUNCH.title': 'লঞ্চের জনপ্রিয় রুট',
  'popular.search': 'এই রুটে যাত্রা খুঁজুন',
  'popular.all': 'সব জনপ্রিয় রুট',
  'offers.title': 'অফার ও প্রোমো',
  'offers.code': 'প্রোমো কোড দিন',
  'offers.all': 'সব অফার',
  'offers.notFound': 'অফারটি পাওয়া যায়নি',

  // --- policies, EMI, info ---------------------------------------------------------------------
  'policies.title': 'নীতিমালা',
  'policies.terms.title': 'শর্তাবলি',
  'policies.terms.text':
    'টিকিট বিক্রি হয় অপারেটরদের পক্ষে, যাত্রা পরিচালনা করেন তাঁরাই। টিকিটে ছাপা যাত্রা, আসন ও বোর্ডিং পয়েন্টের জন্যই টিকিট বৈধ। ওঠার সময় টিকিট (ফোনে থাকলেও চলবে) ও ছবিসহ পরিচয়পত্র সাথে রাখুন। ছাড়ার অন্তত ১৫ মিনিট আগে বোর্ডিং পয়েন্টে পৌঁছান (লঞ্চে ৩০ মিনিট)।',
  'policies.refund.title': 'টিকিট বাতিল ও টাকা ফেরতের নীতি',
  'policies.refund.text':
    '"আগের টিকিট" পাতা থেকে টিকিট বাতিল করা যায়, আপনার ফোনে পাঠানো একবারের কোড (OTP) দিয়ে। টাকা ফেরত হয় টিকিটে লেখা অপারেটরের বাতিলের নিয়ম অনুযায়ী, যে অ্যাকাউন্ট থেকে টাকা দিয়েছেন সেখানেই। অপারেটর যাত্রা বাতিল করলে পুরো টাকা ফেরত পাবেন।',
  'policies.privacy.title': 'গোপনীয়তা নীতি',
  'policies.privacy.text':
    'আপনার নাম, মোবাইল নম্বর ও ই-মেইল আমরা রাখি শুধু টিকিট দেওয়া আর যাত্রার খবর জানানোর জন্য। পেমেন্টের তথ্য থাকে পেমেন্ট গেটওয়ের কাছে। আপনার তথ্য আমরা বিক্রি করি না।',
  'info.about.text':
    '{brand} সারা বাংলাদেশের আন্তঃজেলা বাস ও লঞ্চের টিকিট বিক্রি করে: অপারেটর মিলিয়ে দেখুন, পছন্দের আসন বেছে নিন, যেকোনো ফোন থেকে কয়েক মিনিটে অনলাইনে টাকা দিন।',
  'info.career.text':
    'আমরা ইঞ্জিনিয়ার, ডিজাইনার ও ভ্রমণ-বিশেষজ্ঞদের ছোট একটি দল। আমাদের সাপোর্ট ই-মেইলে সিভি পাঠান, আর লিখুন কীভাবে আপনি যাত্রা আরও সহজ করবেন।',
  'info.rideSharing.text':
    'রিজার্ভ করা বাস শুধু পরিচিতদের সাথে ভাগ করুন, যোগাযোগের মানুষটিকে দেওয়া মোবাইল নম্বরে পাওয়া যায় তা নিশ্চিত করুন, আর বাসে অপারেটরের নিরাপত্তার নিয়ম মেনে চলুন।',
  'info.enlistment.text':
    '{brand} যেসব অপারেটরের টিকিট বিক্রি করে, তাঁদের কাছে অনলাইন টিকিট বিক্রেতা হিসেবে তালিকাভুক্ত। সনদটি চাইলে আমাদের সাপোর্ট ই-মেইলে লিখুন।',
  'info.covid.text':
    'যাত্রার দিনে চালু থাকা স্বাস্থ্যবিধি অপারেটররা মেনে চলেন। অসুস্থ থাকলে বাড়িতে থাকুন; অপারেটর যাত্রা বাতিল করলে পুরো টাকা ফেরত পাবেন।',
  'emi.title': 'কিস্তিতে পরিশোধ (EMI)',
  'emi.text':
    'সহযোগী ব্যাংকের ক্রেডিট কার্ডে মাসে মাসে সমান কিস্তিতে টিকিটের দাম দিন। পেমেন্ট পাতায় EMI বেছে নিন; নিশ্চিত করার আগে ব্যাংক কিস্তিগুলো দেখাবে।',
  'emi.back': 'বাসের টিকিটে ফিরুন',

  // --- ticket history, payment pages -----------------------------------------------------------
  'findTicket.title': 'আগের টিকিট',
  'findTicket.form': 'আপনার টিকিট খুঁজুন',
  'findTicket.phone': 'মোবাইল নম্বর',
  'findTicket.continue': 'এগিয়ে যান',
  'findTicket.sending': 'কোড পাঠানো হচ্ছে...',
  'findTicket.intro': 'যে মোবাইল নম্বরে টিকিট কিনেছেন সেটি দিন। ওই নম্বরে SMS-এ ৪ সংখ্যার একটি কোড (OTP) যাবে।',
  'findTicket.notFound': '{phone} নম্বরে কোনো টিকিট পাওয়া যায়নি।',
  'findTicket.results': 'আপনার টিকিট',
  'findTicket.count': '{phone} নম্বরে {count}টি টিকিট',
  'findTicket.count.one': '{phone} নম্বরে ১টি টিকিট',
  'ticket.status.pending': 'অপেক্ষমাণ',
  'ticket.status.confirmed': 'নিশ্চিত',
  'ticket.status.cancelled': 'বাতিল',
  'ticket.status.refunded': 'টাকা ফেরত দেওয়া হয়েছে',
  'ticket.pnr': 'PNR',
  'ticket.route': '{from} থেকে {to}',
  'ticket.departure': 'ছাড়বে',
  'ticket.boarding': 'বোর্ডিং',
  'ticket.dropping': 'ড্রপিং',
  'ticket.seats': 'আসন',
  'ticket.passenger': 'যাত্রী',
  'ticket.fare': 'ভাড়ার হিসাব',
  'ticket.paid': 'পরিশোধ',
  'ticket.refund': 'ফেরত',
  'refund.requested': 'পেমেন্ট গেটওয়ের কাছে আপনার টাকা ফেরতের অনুরোধ পাঠানো হয়েছে।',
  'refund.processing': 'আপনার টাকা ফেরত আসছে: গেটওয়ে অনুরোধটি গ্রহণ করেছে।',
  'refund.done': 'টাকা ফেরত দেওয়া হয়েছে: যে মাধ্যমে পরিশোধ করেছিলেন সেখানে ফিরে গেছে।',
  'refund.failed': 'টাকা নিজে থেকে ফেরত দেওয়া যায়নি; আমাদের হেল্পলাইন থেকে আপনার সঙ্গে যোগাযোগ করা হবে।',
  'ticket.fee': 'বাতিল চার্জ',
  'ticket.download': 'টিকিট নামান (PDF)',
  'ticket.downloading': 'নামানো হচ্ছে...',
  'ticket.cancel': 'টিকিট বাতিল করুন',
  'ticket.cancelling': 'কোড পাঠানো হচ্ছে...',
  'ticket.cancelled': 'টিকিট {pnr} বাতিল হয়েছে। ফেরত: {amount}।',
  'ticket.cancelledPaid': 'টিকিট {pnr} বাতিল হয়েছে। পরিশোধ: {paid}। বাতিল চার্জ: {fee}। ফেরত: {amount}।',
  'otp.searchTitle': 'টিকিট খুঁজতে OTP দিন',
  'otp.cancelTitle': 'টিকিট বাতিল করতে OTP দিন',
  'otp.sentTo': '{phone} নম্বরে SMS-এ পাঠানো ৪ সংখ্যার কোডটি লিখুন।',
  'otp.digit': '৪টির মধ্যে {n} নম্বর সংখ্যা',
  'otp.verify': 'OTP যাচাই করুন',
  'otp.verifying': 'যাচাই হচ্ছে...',
  'otp.resendIn': '{time} পর নতুন কোড চাইতে পারবেন',
  'otp.didNotGet': 'কোড পাননি?',
  'otp.resend': 'আবার OTP পাঠান',
  'otp.resent': 'নতুন কোড পাঠানো হয়েছে।',
  'payment.title': 'পেমেন্ট',
  'payment.passengerDetails': 'যাত্রীর তথ্য',
  'payment.paymentDetails': 'পেমেন্টের তথ্য',
  'payment.cancel': 'পেমেন্ট বাতিল হয়েছে',
  'payment.failed': 'পেমেন্ট হয়নি',
  'payment.success': 'পেমেন্ট সফল হয়েছে',
  'payment.refunded': 'টাকা ফেরত দেওয়া হয়েছে',
  'payment.notComplete': 'পেমেন্ট এখনো শেষ হয়নি',
  'payment.none': 'দেখানোর মতো কোনো পেমেন্ট নেই',
  'payment.none.text': 'এখানে দেখানোর মতো কোনো পেমেন্ট নেই।',
  'payment.none.tnx': '{tnxId} রেফারেন্সের কোনো পেমেন্ট পাওয়া যায়নি।',
  'payment.noBooking': 'এখন কোনো বুকিং চলছে না। আসন বুক করতে যাত্রা খুঁজুন।',
  'payment.searchTrips': 'যাত্রা খুঁজুন',
  'booking.noHold': 'এই ট্যাবে কোনো আসন ধরে রাখা নেই। আগে যাত্রা আর আসন বেছে নিন।',
  'booking.loading': 'আপনার বুকিং লোড হচ্ছে...',
  'booking.hold.left': 'আপনার আসন আর {time} ধরে রাখা থাকবে',
  'booking.hold.expired': 'আসন ধরে রাখার সময় শেষ, তাই আসনগুলো অন্য যাত্রীদের জন্য আবার খালি হয়েছে। আবার আসন বেছে নিন।',
  'booking.hold.pickAgain': 'আবার আসন বেছে নিন',
  'booking.trip.title': 'আপনার যাত্রা',
  'booking.trip.departure': 'ছাড়বে',
  'booking.trip.seats': 'আসন',
  'booking.trip.boarding': 'বোর্ডিং পয়েন্ট',
  'booking.trip.dropping': 'ড্রপিং পয়েন্ট',
  'booking.passenger.title': 'যাত্রীর তথ্য',
  'booking.passenger.name': 'পুরো নাম',
  'booking.passenger.email': 'ই-মেইল (ঐচ্ছিক)',
  'booking.passenger.gender': 'লিঙ্গ',
  'booking.gender.male': 'পুরুষ',
  'booking.gender.female': 'নারী',
  'booking.gender.other': 'অন্যান্য',
  'booking.passenger.submit': 'পেমেন্টে যান',
  'booking.passenger.sending': 'তথ্য রাখা হচ্ছে...',
  'booking.invoice.title': 'ভাড়ার হিসাব',
  'booking.invoice.fare': 'ভাড়া',
  'booking.invoice.discount': 'ছাড়',
  'booking.invoice.promo': 'প্রোমো {code}',
  'booking.invoice.serviceCharge': 'সার্ভিস চার্জ',
  'booking.invoice.gatewayCommission': 'পেমেন্ট গেটওয়ে চার্জ',
  'booking.invoice.amount': 'মোট পরিশোধ',
  'booking.promo.title': 'প্রোমো কোড',
  'booking.promo.label': 'প্রোমো কোড লিখুন',
  'booking.promo.apply': 'যোগ করুন',
  'booking.promo.applying': 'যোগ হচ্ছে...',
  'booking.promo.remove': 'প্রোমো সরান',
  'booking.promo.applied': 'প্রোমো {code} যোগ হয়েছে: {amount} ছাড়।',
  'booking.seats.title': 'এই বুকিংয়ের আসন',
  'booking.seats.remove': 'আসন {seat} সরান',
  'booking.seats.removeShort': 'সরান',
  'booking.seats.lastOne': 'বুকিংয়ে অন্তত একটি আসন থাকতে হয়।',
  'booking.deal.try': 'সারপ্রাইজ অফার দেখুন',
  'booking.deal.title': 'অভিনন্দন',
  'booking.deal.text': 'এই বুকিংয়ে আপনি একটি সারপ্রাইজ অফার পেয়েছেন:',
  'booking.deal.amount': '{amount} ছাড়',
  'booking.deal.left': '{time}-এর মধ্যে নিয়ে নিন',
  'booking.deal.ended': 'সময় শেষ: এই অফার আর নেওয়া যাবে না।',
  'booking.deal.claim': 'অফার নিন',
  'booking.gateway.title': 'পেমেন্টের মাধ্যম',
  'booking.gateway.sandbox': 'স্যান্ডবক্স গেটওয়ে',
  'booking.gateway.sandbox.note': 'ডেমো পেমেন্ট পাতা: আসল টাকা কাটা হয় না।',
  'booking.gateway.sslcommerz': 'কার্ড, মোবাইল ব্যাংকিং বা ইন্টারনেট ব্যাংকিং (SSLCommerz)',
  'booking.gateway.sslcommerz.note': 'ভিসা, মাস্টারকার্ড, নগদ, রকেট, ব্যাংক অ্যাকাউন্ট ও আরও অনেক কিছু।',
  'booking.gateway.bkash': 'বিকাশ',
  'booking.gateway.bkash.note': 'আপনার বিকাশ অ্যাকাউন্ট থেকে পিন ও SMS-এ আসা কোড দিয়ে পরিশোধ করুন।',
  'booking.gateway.none': 'এই মুহূর্তে অনলাইনে পেমেন্ট করা যাচ্ছে না। টাইমার শেষ না হওয়া পর্যন্ত আসন ধরে রাখা আছে; পরে আবার চেষ্টা করুন বা হেল্পলাইনে ফোন করুন।',
  'booking.pay': '{amount} পরিশোধ করুন',
  'booking.paying': 'পেমেন্ট পাতা খোলা হচ্ছে...',
  'booking.ticket.title': 'আপনার টিকিট',
  'booking.ticket.pnr': 'PNR',
  'booking.ticket.operator': 'অপারেটর',
  'booking.ticket.vehicle': 'কোচ',
  'booking.ticket.ship': 'লঞ্চ',
  'booking.ticket.route': 'রুট',
  'booking.ticket.routeText': '{from} থেকে {to}',
  'booking.ticket.departure': 'ছাড়বে',
  'booking.ticket.boarding': 'বোর্ডিং পয়েন্ট',
  'booking.ticket.dropping': 'ড্রপিং পয়েন্ট',
  'booking.ticket.seats': 'আসন',
  'booking.ticket.passenger': 'যাত্রী',
  'booking.ticket.paid': 'পরিশোধিত টাকা',
  'booking.ticket.download': 'টিকিট নামান',
  'booking.ticket.downloading': 'PDF তৈরি হচ্ছে...',
  'booking.ticket.confirming': 'আপনার পেমেন্ট নিশ্চিত করা হচ্ছে...',
  'booking.ticket.sent': 'PNR নম্বরটি রেখে দিন: ওঠার সময় এটি বা PDF টিকিটটি দেখান।',
  'booking.failed.text': 'পেমেন্ট হয়নি, এই বুকিংয়ের জন্য কোনো টাকা কাটা হয়নি।',
  'booking.cancel.text': 'আপনি পেমেন্ট বাতিল করেছেন। এই বুকিংয়ের জন্য কোনো টাকা কাটা হয়নি।',
  'booking.result.released': 'আসনগুলো ছেড়ে দেওয়া হয়েছে। আবার খুঁজে নতুন আসন বুক করতে পারেন।',
  'booking.result.refunded':
    'আপনার টাকা আমরা পেয়েছি, কিন্তু টাকা পৌঁছানোর আগেই আসন ধরে রাখার সময় শেষ হয়ে যায় এবং আসনগুলো অন্য যাত্রী নিয়ে নেন। কোনো টিকিট দেওয়া হয়নি, আপনার দেওয়া টাকা ফেরত পাঠানো হচ্ছে।',
  'booking.result.ticketed': 'এই বুকিংয়ের টাকা পরিশোধ হয়েছে, টিকিটও দেওয়া হয়েছে।',
  'booking.result.seeTicket': 'আপনার টিকিট দেখুন',
  'booking.result.checking': 'আপনার বুকিং দেখা হচ্ছে...',
  'booking.result.retry': 'আবার পেমেন্ট করুন',
  'booking.result.searchAgain': 'আবার খুঁজুন',
  'booking.result.reference': 'লেনদেন {tnxId}',

  // --- full bus reserve ------------------------------------------------------------------------
  'reserve.title': 'পুরো বাস রিজার্ভ',
  'reserve.journeyDate': 'যাত্রার তারিখ',
  'reserve.returnDate': 'ফেরার তারিখ (ঐচ্ছিক)',
  'reserve.busType': 'বাসের ধরন',
  'reserve.busType.any': 'যেকোনো',
  'reserve.busType.non-ac': 'নন-এসি',
  'reserve.busType.economy-ac': 'ইকোনমি এসি',
  'reserve.busType.business-class': 'বিজনেস ক্লাস',
  'reserve.busType.sleeper': 'স্লিপার',
  'reserve.boardingPlace': 'কোথা থেকে উঠবেন',
  'reserve.droppingPlace': 'কোথায় নামবেন',
  'reserve.numberOfSeats': 'আসনের সংখ্যা',
  'reserve.numberOfBuses': 'বাসের সংখ্যা',
  'reserve.prefferredBus': 'পছন্দের বাস (ঐচ্ছিক)',
  'reserve.comment': 'মন্তব্য (ঐচ্ছিক)',
  'reserve.contactName': 'যোগাযোগের নাম',
  'reserve.contactPhone': 'মোবাইল নম্বর',
  'reserve.contactEmail': 'ই-মেইল (ঐচ্ছিক)',
  'reserve.approximateBudget': 'আনুমানিক বাজেট (টাকা)',
  'reserve.submit': 'অনুরোধ পাঠান',
  'reserve.invalid': 'লাল দাগ দেওয়া ঘরগুলো ঠিক করুন।',
  'reserve.success': 'আপনার অনুরোধ পাঠানো হয়েছে',
  'reserve.okay': 'ঠিক আছে',

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
  'offline.search': 'আপনি অফলাইনে, তাই এখন খোঁজা যাচ্ছে না। ইন্টারনেট ফিরলে নিজে থেকেই আবার খুঁজবে।',
  'update.available': 'নতুন সংস্করণ এসেছে।',
  'update.text': 'সাইটের নতুন সংস্করণ তৈরি।',
  'update.apply': 'আপডেট করুন',
  'update.later': 'এখন না',
  'saved.link': 'ফোনে রাখা টিকিট',
  'saved.title': 'ফোনে রাখা আমার টিকিট',
  'saved.intro': 'এই ফোনে যেসব টিকিট দেখেছেন সেগুলো QR কোডসহ এখানে রাখা থাকে, ইন্টারনেট ছাড়াও খোলে।',
  'saved.empty': 'এই ফোনে এখনো কোনো টিকিট রাখা হয়নি। যে টিকিট কিনবেন বা "আগের টিকিট" পাতায় খুঁজে পাবেন, সেগুলো এখানে থাকবে।',
  'saved.unavailable': 'এই ব্রাউজার ফোনে টিকিট রাখতে পারছে না (প্রাইভেট ব্রাউজিং, অথবা স্টোরেজ ভরে গেছে)।',
  'saved.qr': 'PNR {pnr}-এর QR কোড',
  'saved.pdf': 'PDF ই-টিকিট খুলুন',
  'saved.noPdf': 'পরের বার ইন্টারনেটে এই টিকিট দেখলে PDF-টিও রাখা হবে।',
  'saved.remove': 'এই ফোন থেকে সরান',
} satisfies Partial<Record<MessageId, string>>;

/**
 * The server's message codes in Bangla (core-wasm/src/server_messages.rs), with its `{name}`
 * values. Every OTP message says 'OTP' as SMS and counters write it, which also keeps SPEC §8's
 * 'mentions otp' rule working on the Bangla text. A `{detail}` is the server's own English words
 * (a decoder's), shown as sent.
 */
export const serverTexts: Readonly<Record<string, string>> = {
  'page.notFound': 'পাতাটি পাওয়া যায়নি',
  'auth.unauthorized': 'অনুমতি নেই',
  'request.method': 'এই ঠিকানায় এই অনুরোধ চলে না',
  'request.tooLarge': 'অনুরোধটি অনেক বড়',
  'request.notJson': 'অনুরোধটি JSON আকারে পাঠান (Content-Type: application/json)',
  'request.malformed': 'অনুরোধের JSON ঠিক নেই',
  'request.invalid': 'অনুরোধে ভুল আছে: {detail}',
  'request.required': '{field} দিতে হবে',
  'request.fieldInvalid': '{field} সঠিক নয়',
  'server.error': 'কিছু একটা সমস্যা হয়েছে, আবার চেষ্টা করুন',
  'request.nul': 'লেখায় NUL অক্ষর রাখা যাবে না',
  'request.queryNul': 'ঠিকানায় NUL অক্ষর রাখা যাবে না',
  'visitor.required': 'userId বা anonymousId দিতে হবে',
  'visitor.notYours': 'এই ভিজিটর আইডি আপনার নয়: আপনার টোকেনের আইডিটি পাঠান',
  'request.tooMany': 'অনেক বেশি অনুরোধ হয়েছে; {seconds} সেকেন্ড পর আবার চেষ্টা করুন',
  'request.busy': 'সাইটে এখন অনেক ভিড়; একটু পরে আবার চেষ্টা করুন',
  'request.timeout': 'অনেক সময় লেগে গেছে; আবার চেষ্টা করুন',
  'trip.notFound': 'যাত্রাটি পাওয়া যায়নি',
  'city.notFound': 'শহর পাওয়া যায়নি: {city}',
  'city.unknown': '{field} \'{city}\' কোনো শহর নয়',
  'search.sameCities': 'যাত্রার শুরু আর গন্তব্য আলাদা শহর হতে হবে',
  'search.datePast': 'যাত্রার তারিখ আজকের আগে হতে পারে না',
  'search.dateInvalid': 'যাত্রার তারিখ ঠিক নেই: {detail}',
  'search.coachType': 'কোচের ধরন এসি, নন-এসি বা সব হতে হবে, \'{value}\' নয়',
  'point.notOnTrip': '{field} \'{point}\' এই যাত্রার পথে নেই',
  'trip.noStopFrom': 'এই যাত্রা যাত্রার শুরুর জায়গায় থামে না',
  'trip.noStopTo': 'এই যাত্রা গন্তব্য পর্যন্ত যায় না',
  'point.order': 'ড্রপিং পয়েন্ট বোর্ডিং পয়েন্টের পরে হতে হবে',
  'seat.taken': 'আসন {seat} এইমাত্র অন্য একজন যাত্রী নিয়ে নিয়েছেন, অন্য আসন বেছে নিন',
  'seat.none': 'অন্তত একটি আসন বেছে নিন',
  'seat.twice': 'একই আসন দুবার বাছাই করা হয়েছে',
  'seat.unknown': 'এই যাত্রায় {seat} নম্বর আসন নেই',
  'seat.noFare': 'এই যাত্রাপথে আসন {seat}-এর ভাড়া নেই',
  'seat.notInBooking': 'আসন {seat} এই বুকিংয়ে নেই',
  'seat.last': 'বুকিংয়ে অন্তত একটি আসন থাকতে হয়; তার বদলে পেমেন্ট বাতিল করুন',
  'seat.notHeld': 'এগুলো আপনার বাছাই করা আসন নয়; আগে আসন ধরে রাখুন',
  'hold.expired': 'আসন ধরে রাখার সময় শেষ, আবার আসন বেছে নিন',
  'hold.over': 'এই আসনগুলো বুক করার সময় শেষ; আবার আসন বেছে নিন',
  'hold.visitorCap': 'একসাথে সর্বোচ্চ {seats}টি আসন ধরে রাখা যায়; আগে কিছু বুক করুন বা ছেড়ে দিন',
  'hold.addressCap': 'এই সংযোগ থেকে অনেক আসন ধরে রাখা আছে; পরে আবার চেষ্টা করুন',
  'trip.departed': 'এই যাত্রা ইতিমধ্যে ছেড়ে গেছে',
  'passenger.nameLong': 'নাম: সর্বোচ্চ ১০০ অক্ষর',
  'passenger.nameRequired': 'নাম: এই ঘরটি পূরণ করতে হবে',
  'booking.notFound': 'বুকিং পাওয়া যায়নি',
  'booking.notWaiting': 'এই বুকিং আর পেমেন্টের অপেক্ষায় নেই',
  'gateway.unknown': 'অচেনা পেমেন্ট গেটওয়ে \'{gateway}\'',
  'payment.seatsLost': 'পেমেন্টের সময় আপনার আসন অন্যরা নিয়ে নিয়েছেন; আপনার টাকা ফেরত পাঠানো হচ্ছে',
  'payment.failed': 'পেমেন্ট হয়নি',
  'payment.incomplete': 'পেমেন্ট এখনো শেষ হয়নি',
  'payment.unavailable': 'এই মুহূর্তে অনলাইনে পেমেন্ট করা যাচ্ছে না',
  'payment.gatewayDown': 'পেমেন্ট গেটওয়ে সাড়া দিচ্ছে না। এক মিনিট পর আবার চেষ্টা করুন।',
  'ticket.notFound': 'টিকিট পাওয়া যায়নি',
  'ticket.noneForPhone': 'এই নম্বরে কোনো টিকিট পাওয়া যায়নি',
  'ticket.alreadyCancelled': 'এই টিকিট আগেই বাতিল হয়েছে',
  'ticket.cancelCutoff': 'ছাড়ার {hours} ঘণ্টা আগে পর্যন্ত টিকিট বাতিল করা যায়',
  'otp.wait': 'আবার OTP চাওয়ার আগে {seconds} সেকেন্ড অপেক্ষা করুন',
  'otp.phoneHourly': 'এই নম্বরে অনেকবার OTP চাওয়া হয়েছে; {minutes} মিনিট পর আবার চেষ্টা করুন',
  'otp.notSent': 'এই মুহূর্তে OTP পাঠানো গেল না; আবার চেষ্টা করুন',
  'otp.format': '৪ সংখ্যার OTP লিখুন',
  'otp.none': 'এই নম্বরে কোনো OTP পাঠানো হয়নি; আগে OTP চান',
  'otp.expired': 'এই OTP-এর মেয়াদ শেষ; নতুন OTP চান',
  'otp.locked': 'অনেকবার ভুল হয়েছে: এই OTP বন্ধ হয়ে গেছে; নতুন OTP চান',
  'otp.used': 'এই OTP আগেই ব্যবহার হয়েছে; নতুন OTP চান',
  'otp.wrong': 'OTP ভুল হয়েছে, কোডটি দেখে আবার চেষ্টা করুন',
  'content.idRequired': 'id দিতে হবে',
  'content.operatorNotFound': 'অপারেটর পাওয়া যায়নি',
  'content.routeNotFound': 'জনপ্রিয় রুটটি পাওয়া যায়নি',
  'content.moduleType': 'moduleType intercity বা water হতে হবে, \'{value}\' নয়',
  'idempotency.tooLong': 'Idempotency-Key অনেক লম্বা',
  'idempotency.otherBody': 'এই Idempotency-Key অন্য অনুরোধে ব্যবহার হয়েছে; নতুন কী দিন',
  'idempotency.firstFailed': 'এই Idempotency-Key-এর প্রথম অনুরোধটি ব্যর্থ হয়েছে; আবার চেষ্টা করুন',
  'idempotency.running': 'এই Idempotency-Key-এর একটি অনুরোধ এখনো চলছে',
  'visits.date': '{detail}',
};

// One formatter each, made when Bangla is first shown (never on an English visit).
const numberFormat = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 });
const clockFormat = new Intl.DateTimeFormat('bn-BD', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
const dateFormat = new Intl.DateTimeFormat('bn-BD', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The part of the day a Bangladeshi clock time is said with, by the hour (0-23): রাত until 4,
 * ভোর until 6, সকাল until noon, দুপুর until 3, বিকেল until 6, সন্ধ্যা until 8, then রাত.
 */
function dayPart(hour: number): string {
  if (hour < 4) return 'রাত';
  if (hour < 6) return 'ভোর';
  if (hour < 12) return 'সকাল';
  if (hour < 15) return 'দুপুর';
  if (hour < 18) return 'বিকেল';
  if (hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/** '10:30 PM' (the core's clock) -> 'রাত ১০:৩০'; text it cannot read is shown as it is. */
function time(shown: string): string {
  const match = /^(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(shown.trim());
  if (!match) return shown;
  const hour12 = Number(match[1]) % 12;
  const hour = match[3]?.toUpperCase() === 'PM' ? hour12 + 12 : hour12;
  const parts = clockFormat.formatToParts(Date.UTC(2000, 0, 1, hour, Number(match[2])));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${dayPart(hour)} ${part('hour')}:${part('minute')}`;
}

function longDate(day: string): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return dateFormat.format(Date.UTC(y, m - 1, d));
}

const number = (value: number) => numberFormat.format(Math.round(value * 100) / 100);

/** Whole taka, as the core rounds them; a discount taken off is '- ২০০ টাকা', as in English. */
function taka(amount: number): string {
  // Rounded half away from zero, as the core's formatTaka.
  const whole = Number.isFinite(amount) ? Math.round(Math.abs(amount)) : 0;
  return `${amount < 0 && whole > 0 ? '- ' : ''}${number(whole)} টাকা`;
}

const BENGALI_ZERO = '০'.charCodeAt(0);
const digits = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));

export const locale: Locale = { texts, serverTexts, number, taka, longDate, time, digits };
