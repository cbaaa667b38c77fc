/**
 * The site's message catalog: every string a traveller reads, keyed by a stable id.
 *
 * Two kinds of entries live here:
 * - the core's message codes (`phone.length`, ...): the core's validators return `{ code, text }`
 *   and the site shows `code` from this catalog, so another language (Bangla) is a new catalog,
 *   not a rule change. A code the catalog does not know yet falls back to the core's English
 *   text, so a new rule is never shown as a bare code (a test lists the core's codes);
 * - the site's own texts (`header.history`, ...), read with `t(id)`.
 *
 * Texts may hold `{name}` placeholders, filled by `t(id, { name })`. English wording is SPEC.md's
 * where SPEC gives one, quirks included ('This field is must be an email').
 */

import type { Message } from 'core-wasm';
import { activeLocale } from '@/i18n/language';

/** A message as the core returns it. */
export type CoreMessage = Message;

const en = {
  // --- the core's codes (coreMessages()) -------------------------------------------------
  'field.required': 'This field is required',
  'phone.length': 'Phone number must be 11 digits',
  'phone.invalid': 'Enter a valid number',
  'email.invalid': 'This field is must be an email',
  'seats.max': 'You can select at most 4 seats',
  'seats.unavailable': 'This seat is not available',
  'seats.pointsRequired': 'Choose boarding and dropping points first',
  'seats.ladiesOnly': 'Ladies seats are for female passengers only: choose other seats, or book them for a woman',
  'promo.invalid': 'Invalid promo applied!',
  'promo.applied': 'Promo applied successfully',
  'deal.none': 'Sorry!! No deal found now.',

  // --- site-wide ---------------------------------------------------------------------------
  'site.skipToContent': 'Skip to content',
  'site.skipToResults': 'Skip to results',
  'site.processing': 'Processing...',
  'site.loading': 'Loading...',
  'site.retry': 'Try again',
  'site.close': 'Close',
  'site.demo': 'Demo site: trips, seats and payments are simulated. No real tickets are sold.',
  'site.demoDismiss': 'Dismiss the demo notice',
  'site.demoMark': 'Demo',
  'site.today': 'Today in Dhaka:',
  'site.fareRange': '{low} - {high}',
  'site.fareFrom': 'From {amount}',
  'site.externalLink': '(opens another site)',
  'site.notifications': 'Notifications',
  // The core's toast when a failed call says nothing usable (errors::FALLBACK, SPEC §8).
  'site.somethingWrong': 'Something went wrong!',
  'date.long': '{weekday} {day} {month} {year}',
  'date.weekday.0': 'Sunday',
  'date.weekday.1': 'Monday',
  'date.weekday.2': 'Tuesday',
  'date.weekday.3': 'Wednesday',
  'date.weekday.4': 'Thursday',
  'date.weekday.5': 'Friday',
  'date.weekday.6': 'Saturday',
  'date.month.1': 'January',
  'date.month.2': 'February',
  'date.month.3': 'March',
  'date.month.4': 'April',
  'date.month.5': 'May',
  'date.month.6': 'June',
  'date.month.7': 'July',
  'date.month.8': 'August',
  'date.month.9': 'September',
  'date.month.10': 'October',
  'date.month.11': 'November',
  'date.month.12': 'December',
  'form.phone': 'Mobile number',
  'form.phonePlaceholder': '01XXXXXXXXX',
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
  'header.menu': 'Menu',
  'header.openMenu': 'Open menu',

  // --- headline ticker, new-site banner -------------------------------------------------------
  'ticker.label': 'Headline',
  'newSite.text': 'A new version of this site is ready for you.',
  'newSite.label': 'New version of the site',
  'newSite.dismiss': 'Dismiss',

  // --- footer ------------------------------------------------------------------------------
  'footer.label': 'Site links',
  'footer.services': 'Services',
  'footer.rental': 'Rental',
  'footer.busTicketing': 'Bus ticketing',
  'footer.launchTicketing': 'Launch ticketing',
  'footer.company': 'Company',
  'footer.about': 'About us',
  'footer.career': 'Career',
  'footer.blog': 'Blog',
  'footer.contact': 'Contact',
  'footer.rideSharing': 'Ride-sharing guideline',
  'footer.enlistment': 'Enlistment certificate',
  'footer.covid': 'COVID-19 information',
  'footer.policies': 'Policies',
  'footer.terms': 'Terms and conditions',
  'footer.refund': 'Return and refund policy',
  'footer.privacy': 'Privacy policy',
  'footer.help': 'Help',
  'footer.helpline': 'Helpline',
  'footer.email': 'E-mail',
  'footer.office': 'Office',
  'footer.getApp': 'Get the app',
  'footer.appStore': 'Get it on Google Play',
  'footer.follow': 'Follow us',
  'footer.facebook': 'Facebook',
  'footer.youtube': 'YouTube',
  'footer.instagram': 'Instagram',
  'footer.copyright': '© {year} {brand}. All rights reserved.',

  // --- home --------------------------------------------------------------------------------
  'home.bus.title': 'Buy bus tickets',
  'home.launch.title': 'Buy launch tickets',
  'home.bus.lead': 'Intercity coaches across Bangladesh, AC and non-AC.',
  'home.launch.lead': 'Overnight launches from Sadarghat to the south.',
  'home.banners': 'Highlights',
  'home.offers': 'Offers and promos',
  'home.promoCode': 'Promo code {code}',
  'home.popularRoutes': 'Popular routes',
  'home.operators': 'Operators',
  // The core's last entry of every operator list (cities::MANY_MORE), shown by this id.
  'operators.manyMore': 'Many more to come...',
  'home.blogs': 'From the blog',
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
  'trips.bus.title': 'Bus trips',
  'trips.launch.title': 'Launch trips',
  'trips.route': '{from} to {to}',
  'trips.modify': 'Modify search',
  'trips.modifyShort': 'Modify',
  'trips.cancelModify': 'Cancel',
  'trips.found': '{count} trips found',
  'trips.found.one': '1 trip found',
  'trips.showing': 'Showing {shown} of {count} trips',
  'trips.loading': 'Searching trips...',
  'trips.empty.title': 'No trips found',
  'trips.empty.text': 'There are no trips on this route on this date. Try another date or route.',
  'trips.filteredOut.title': 'No trips match your filters',
  'trips.filteredOut.text': 'Clear some filters to see more trips.',
  'trips.error.title': 'Trips could not be loaded',
  'trips.noSearch': 'Choose where you are going and when.',
  'trips.departure': 'Departure',
  'trips.arrival': 'Arrival',
  'trips.seatsLeft': '{count} seats left',
  'trips.seatsLeft.one': '1 seat left',
  'trips.seatsUnknown': 'Seats available',
  'trips.soldOut': 'Sold out',
  'trips.coach': 'Coach {coach}',
  'trips.details': 'Details',
  'trips.hideDetails': 'Hide details',
  'trips.boardingPoints': 'Boarding points',
  'trips.droppingPoints': 'Dropping points',
  'trips.coachType.ac': 'AC',
  'trips.coachType.non-ac': 'Non AC',
  'trips.list': 'Trips',
  'trips.viewSeats': 'View seats',

  // --- seat plans (bus decks, launch classes) up to the seat-lock ------------------------------
  'seatPlan.title': 'Choose your seats',
  'seatPlan.backToTrips': 'Back to trips',
  'seatPlan.loading': 'Loading seats...',
  'seatPlan.error.title': 'Seats could not be loaded',
  'seatPlan.tripGone': 'This trip is no longer on sale. Please choose another.',
  'seatPlan.points': 'Boarding and dropping',
  'seatPlan.boardingPoint': 'Boarding point',
  'seatPlan.droppingPoint': 'Dropping point',
  'seatPlan.choosePoint': 'Choose...',
  'seatPlan.pointOption': '{name} ({time})',
  'seatPlan.pointsHint': 'Fares differ by boarding and dropping point: choose both to see them.',
  'seatPlan.legend': 'Seat legend',
  'seatPlan.front': 'Front',
  'seatPlan.deckFare': 'Fare: {fare}',
  'seatPlan.deck.main': 'Seats',
  'seatPlan.deck.lower': 'Lower deck',
  'seatPlan.deck.upper': 'Upper deck',
  'seatPlan.status.available': 'available',
  'seatPlan.status.booked': 'booked',
  'seatPlan.status.locked': 'held by another traveller',
  'seatPlan.status.blocked': 'not for sale',
  'seatPlan.legend.available': 'Available',
  'seatPlan.legend.selected': 'Selected',
  'seatPlan.legend.booked': 'Booked',
  'seatPlan.legend.locked': 'Held by others',
  'seatPlan.legend.blocked': 'Not for sale',
  'seatPlan.legend.ladies': 'Ladies',
  'seatPlan.seat': 'Seat {seat}',
  'seatPlan.ladies': 'ladies seat',
  'seatPlan.classSeat': '{className} {seat}',
  'seatPlan.classTitle': '{className}: {fare}',
  'seatPlan.floor': 'Floor',
  'seatPlan.chosen': 'Your seats',
  'seatPlan.noneChosen': 'No seat chosen yet (up to 4).',
  'seatPlan.total': 'Total',
  'seatPlan.totalCharges': '(incl. charges)',
  'seatPlan.continue': 'Continue',
  'seatPlan.arrowsHint': 'Arrow keys move between seats.',
  'seatPlan.locking': 'Holding your seats...',

  // --- filters and sort ----------------------------------------------------------------------
  'filters.title': 'Filters',
  'filters.show': 'Filters',
  'filters.hide': 'Hide filters',
  'filters.active': 'Filters ({count})',
  'filters.clear': 'Clear filters',
  'filters.coachType': 'Coach type',
  'filters.boardingPoint': 'Boarding point',
  'filters.operator': 'Operator',
  'filters.busClass': 'Bus class',
  'filters.time': 'Departure time',
  'timeBand.4am-12pm': '4 am - 12 pm',
  'timeBand.12pm-6pm': '12 pm - 06 pm',
  'timeBand.6pm-3am': '06 pm - 03 am',
  'sort.label': 'Sort by',
  'sort.none': 'Departure time',
  'sort.l2h': 'Price: low to high',
  'sort.h2l': 'Price: high to low',

  // --- operators, popular routes, offers, blogs ------------------------------------------------
  'operators.BUS.title': 'Bus operators',
  'operators.LAUNCH.title': 'Launch operators',
  'operators.routes': 'Routes',
  'operators.coachTypes': 'Coach classes',
  'operators.all': 'All operators',
  'popular.BUS.title': 'Popular bus routes',
  'popular.LAUNCH.title': 'Popular launch routes',
  'popular.search': 'Search trips on this route',
  'popular.all': 'All popular routes',
  'offers.title': 'Offers and promos',
  'offers.code': 'Use promo code',
  'offers.all': 'All offers',
  'offers.notFound': 'This offer could not be found',

  // --- policies, EMI, info ---------------------------------------------------------------------
  'policies.title': 'Policies',
  'policies.terms.title': 'Terms and conditions',
  'policies.terms.text':
    'Tickets are sold on behalf of the operators, who run the trips. A ticket is valid for the trip, seat and boarding point printed on it. Carry the ticket (on your phone is fine) and a photo ID when you board. Arrive at the boarding point at least 15 minutes before departure (30 minutes for launches).',
  'policies.refund.title': 'Return and refund policy',
  'policies.refund.text':
    'You can cancel a ticket from History with a one-time code sent to your phone. The refund follows the operator\'s cancellation rules shown on the ticket and is paid to the account you paid from. A trip cancelled by the operator is refunded in full.',
  'policies.privacy.title': 'Privacy policy',
  'policies.privacy.text':
    'We keep your name, mobile number and e-mail only to issue your tickets and tell you about your trips. Payment details stay with the payment gateway. We do not sell your data.',
  'info.about.text':
    '{brand} sells intercity bus and launch tickets across Bangladesh: compare operators, pick your seat and pay online in a few minutes, from any phone.',
  'info.career.text':
    'We are a small team of engineers, designers and travel experts. Send your CV to our support e-mail and tell us how you would make travel easier.',
  'info.rideSharing.text':
    'Share a reserved bus only with people you know, keep the contact person reachable on the mobile number given, and follow the operator\'s safety rules on board.',
  'info.enlistment.text':
    '{brand} is enlisted as an online ticket seller with the operators it sells for. The certificate is available on request from our support e-mail.',
  'info.covid.text':
    'Operators follow the health guidance in force on the day of travel. Stay home if you are unwell; a trip cancelled by the operator is refunded in full.',
  'emi.title': 'Pay in instalments (EMI)',
  'emi.text':
    'Pay for a ticket in equal monthly instalments with a credit card of a partner bank. Choose EMI on the payment page; the bank shows the instalments before you confirm.',
  'emi.back': 'Back to bus tickets',

  // --- ticket history, payment pages -----------------------------------------------------------
  'findTicket.title': 'Ticket history',
  'findTicket.form': 'Find your tickets',
  'findTicket.phone': 'Mobile number',
  'findTicket.continue': 'Continue',
  'findTicket.sending': 'Sending code...',
  'findTicket.intro': 'Enter the mobile number you booked with. We send a 4-digit code (OTP) to it by SMS.',
  'findTicket.notFound': 'No ticket found for {phone}.',
  'findTicket.results': 'Your tickets',
  'findTicket.count': '{count} tickets for {phone}',
  'findTicket.count.one': '1 ticket for {phone}',
  'ticket.status.pending': 'Pending',
  'ticket.status.confirmed': 'Confirmed',
  'ticket.status.cancelled': 'Cancelled',
  'ticket.status.refunded': 'Refunded',
  'ticket.pnr': 'PNR',
  'ticket.route': '{from} to {to}',
  'ticket.departure': 'Departure',
  'ticket.boarding': 'Boarding',
  'ticket.dropping': 'Dropping',
  'ticket.seats': 'Seats',
  'ticket.passenger': 'Passenger',
  'ticket.fare': 'Fare details',
  'ticket.paid': 'Paid',
  'ticket.refund': 'Refund',
  'ticket.fee': 'Cancellation fee',
  'refund.requested': 'Your refund has been asked of the payment gateway.',
  'refund.processing': 'Your refund is on its way: the gateway has accepted it.',
  'refund.done': 'Refunded: the money is back with your payment method.',
  'refund.failed': 'Your refund could not be completed automatically; our helpline will contact you.',
  'ticket.download': 'Download ticket (PDF)',
  'ticket.downloading': 'Downloading...',
  'ticket.cancel': 'Cancel ticket',
  'ticket.cancelling': 'Sending code...',
  'ticket.cancelled': 'Ticket {pnr} is cancelled. Refund: {amount}.',
  'ticket.cancelledPaid': 'Ticket {pnr} is cancelled. Paid: {paid}. Cancellation fee: {fee}. Refund: {amount}.',
  'otp.searchTitle': 'OTP to search ticket',
  'otp.cancelTitle': 'OTP to cancel ticket',
  'otp.sentTo': 'Enter the 4-digit code we sent by SMS to {phone}.',
  'otp.digit': 'Digit {n} of 4',
  'otp.verify': 'Verify OTP',
  'otp.verifying': 'Verifying...',
  'otp.resendIn': 'You can ask for a new code in {time}',
  'otp.didNotGet': 'Did not get code?',
  'otp.resend': 'Resend OTP',
  'otp.resent': 'A new code is on its way.',
  'payment.title': 'Payment',
  'payment.passengerDetails': 'Passenger details',
  'payment.paymentDetails': 'Payment details',
  'payment.cancel': 'Payment cancelled',
  'payment.failed': 'Payment failed',
  'payment.success': 'Payment successful',
  'payment.refunded': 'Payment refunded',
  'payment.notComplete': 'Payment not complete',
  'payment.none': 'No payment to show',
  'payment.none.text': 'There is no payment to show here.',
  'payment.none.tnx': 'We could not find a payment with reference {tnxId}.',
  'payment.noBooking': 'There is no booking in progress. Search trips to book a seat.',
  'payment.searchTrips': 'Search trips',
  'booking.noHold': 'There is no seat hold in this tab. Choose a trip and your seats first.',
  'booking.loading': 'Loading your booking...',
  'booking.hold.left': 'Your seats are held for {time}',
  'booking.hold.expired': 'Your seat hold has expired, so the seats are free for other travellers again. Please pick your seats again.',
  'booking.hold.pickAgain': 'Pick seats again',
  'booking.trip.title': 'Your trip',
  'booking.trip.departure': 'Departure',
  'booking.trip.seats': 'Seats',
  'booking.trip.boarding': 'Boarding point',
  'booking.trip.dropping': 'Dropping point',
  'booking.passenger.title': 'Passenger details',
  'booking.passenger.name': 'Full name',
  'booking.passenger.email': 'E-mail (optional)',
  'booking.passenger.gender': 'Gender',
  'booking.gender.male': 'Male',
  'booking.gender.female': 'Female',
  'booking.gender.other': 'Other',
  'booking.passenger.submit': 'Continue to payment',
  'booking.passenger.sending': 'Saving details...',
  'booking.invoice.title': 'Fare details',
  'booking.invoice.fare': 'Fare',
  'booking.invoice.discount': 'Discount',
  'booking.invoice.promo': 'Promo {code}',
  'booking.invoice.serviceCharge': 'Service charge',
  'booking.invoice.gatewayCommission': 'Payment gateway charge',
  'booking.invoice.amount': 'Total to pay',
  'booking.promo.title': 'Promo code',
  'booking.promo.label': 'Enter promo code',
  'booking.promo.apply': 'Apply',
  'booking.promo.applying': 'Applying...',
  'booking.promo.remove': 'Remove promo',
  'booking.promo.applied': 'Promo {code} applied: {amount} off.',
  'booking.seats.title': 'Seats in this booking',
  'booking.seats.remove': 'Remove seat {seat}',
  'booking.seats.removeShort': 'Remove',
  'booking.seats.lastOne': 'A booking keeps at least one seat.',
  'booking.deal.try': 'Try a surprise deal',
  'booking.deal.title': 'Congratulation',
  'booking.deal.text': 'You got a surprise deal on this booking:',
  'booking.deal.amount': '{amount} off',
  'booking.deal.left': 'Claim it within {time}',
  'booking.deal.ended': 'Time is up: this deal can no longer be claimed.',
  'booking.deal.claim': 'Claim deal',
  'booking.gateway.title': 'Payment method',
  'booking.gateway.sandbox': 'Sandbox gateway',
  'booking.gateway.sandbox.note': 'Demo payment page: no real money moves.',
  'booking.gateway.sslcommerz': 'Card, mobile banking or internet banking (SSLCommerz)',
  'booking.gateway.sslcommerz.note': 'Visa, Mastercard, Nagad, Rocket, bank accounts and more.',
  'booking.gateway.bkash': 'bKash',
  'booking.gateway.bkash.note': 'Pay from your bKash account with your PIN and a code by SMS.',
  'booking.gateway.none': 'Online payment is not available right now. Your seats stay held until the timer runs out; please try again later or call the helpline.',
  'booking.pay': 'Pay {amount}',
  'booking.paying': 'Opening the payment page...',
  'booking.ticket.title': 'Your ticket',
  'booking.ticket.pnr': 'PNR',
  'booking.ticket.operator': 'Operator',
  'booking.ticket.vehicle': 'Coach',
  'booking.ticket.ship': 'Ship',
  'booking.ticket.route': 'Route',
  'booking.ticket.routeText': '{from} to {to}',
  'booking.ticket.departure': 'Departure',
  'booking.ticket.boarding': 'Boarding point',
  'booking.ticket.dropping': 'Dropping point',
  'booking.ticket.seats': 'Seats',
  'booking.ticket.passenger': 'Passenger',
  'booking.ticket.paid': 'Amount paid',
  'booking.ticket.download': 'Download ticket',
  'booking.ticket.downloading': 'Preparing PDF...',
  'booking.ticket.confirming': 'Confirming your payment...',
  'booking.ticket.sent': 'Keep the PNR: show it, or the PDF, when you board.',
  'booking.failed.text': 'The payment did not go through and no money was taken for this booking.',
  'booking.cancel.text': 'You cancelled the payment. No money was taken for this booking.',
  'booking.result.released': 'The seats were released. You can search again and book new seats.',
  'booking.result.refunded':
    'We received your payment, but your seat hold had run out and the seats went to another traveller before it arrived. No ticket was issued, and the money you paid is being refunded to you.',
  'booking.result.ticketed': 'This booking is paid and its ticket is issued.',
  'booking.result.seeTicket': 'See your ticket',
  'booking.result.checking': 'Checking your booking...',
  'booking.result.retry': 'Try the payment again',
  'booking.result.searchAgain': 'Search again',
  'booking.result.reference': 'Transaction {tnxId}',

  // --- full bus reserve ------------------------------------------------------------------------
  'reserve.title': 'Full bus reserve',
  'reserve.journeyDate': 'Journey date',
  'reserve.returnDate': 'Return date (optional)',
  'reserve.busType': 'Bus type',
  'reserve.busType.any': 'Any',
  'reserve.busType.non-ac': 'Non AC',
  'reserve.busType.economy-ac': 'Economy AC',
  'reserve.busType.business-class': 'Business class',
  'reserve.busType.sleeper': 'Sleeper',
  'reserve.boardingPlace': 'Boarding place',
  'reserve.droppingPlace': 'Dropping place',
  'reserve.numberOfSeats': 'Number of seats',
  'reserve.numberOfBuses': 'Number of buses',
  'reserve.prefferredBus': 'Preferred bus (optional)',
  'reserve.comment': 'Comment (optional)',
  'reserve.contactName': 'Contact name',
  'reserve.contactPhone': 'Mobile number',
  'reserve.contactEmail': 'E-mail (optional)',
  'reserve.approximateBudget': 'Approximate budget (TK)',
  'reserve.submit': 'Submit request',
  'reserve.invalid': 'Please check the highlighted fields.',
  'reserve.success': 'Request submitted successfully',
  'reserve.okay': 'Okay',

  // --- offline and saved tickets ---------------------------------------------------------------
  'offline.banner': 'You are offline. Your saved tickets are still here.',
  'offline.needsNetwork': 'You are offline: this needs the network.',
  'offline.search': 'You are offline, so this search cannot run. It starts again by itself when the network is back.',
  'update.available': 'Update available.',
  'update.text': 'A new version of the site is ready.',
  'update.apply': 'Update',
  'update.later': 'Not now',
  'saved.link': 'Saved tickets',
  'saved.title': 'My saved tickets',
  'saved.intro': 'Tickets you have seen on this phone are kept here with their QR code, and open without the network.',
  'saved.empty': 'No ticket is saved on this phone yet. Tickets you book, or find in History, are kept here.',
  'saved.unavailable': 'This browser cannot keep tickets on the phone (private browsing, or storage is full).',
  'saved.qr': 'QR code of PNR {pnr}',
  'saved.pdf': 'Open the PDF e-ticket',
  'saved.noPdf': 'The PDF is kept the next time this ticket is seen online.',
  'saved.remove': 'Remove from this phone',

  // --- error pages ---------------------------------------------------------------------------
  'notFound.title': '404 page not found',
  'notFound.back': 'Back to Home',
  'errorPage.title': 'Something Went Wrong',
  'errorPage.refresh': 'Refresh',
  'errorPage.failed': 'An error occurred while showing the error page',
  'errorPage.home': 'Go back to home',
} as const;

/** The id of a catalog entry. */
export type MessageId = keyof typeof en;

/** English texts by id (the core's codes and the site's own ids). */
export const messages: Readonly<Record<string, string>> = en;

/** Values for a text's `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The text for `id`, its `{name}` placeholders filled from `params`. With `count` 1, an entry
 * `{id}.one` is used when the catalog has one ('1 trip found').
 */
export function t(id: MessageId, params?: MessageParams): string {
  // The language shown (Bangla's catalog while Bangla is shown: language.ts), else English.
  const texts: Readonly<Record<string, string>> = activeLocale()?.texts ?? en;
  const one = params?.count === 1 ? texts[`${id}.one`] : undefined;
  const text: string = one ?? texts[id] ?? en[id];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : value;
  });
}

/**
 * A number as the catalog's language writes it: thousands grouped, at most two decimals (1,070;
 * 1,199.5). English is written out rather than Intl.NumberFormat, whose first use loads the
 * browser's locale data (~70 ms of main thread on a phone) during the first page's render.
 */
export function formatNumber(value: number): string {
  // Bangla's numbers are CLDR bn's, through Intl (bn.ts): Bengali digits, lakh grouping.
  const locale = activeLocale();
  if (locale) return locale.number(value);
  const rounded = Math.round(value * 100) / 100;
  const [whole = '0', fraction] = Math.abs(rounded).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The text to show for a core message: the catalog's, else the core's own English text. */
export function messageText(message: CoreMessage): string {
  const texts = activeLocale()?.texts ?? messages;
  return Object.hasOwn(texts, message.code) ? (texts[message.code] ?? message.text) : message.text;
}
