//! What the back office answers staff with: a stable code, English and Bangla, `{name}` where a
//! value goes. Kept apart from `server_messages` (the traveller's catalog, checked against the
//! traveller site's): staff messages carry their Bangla here, so a CSV's errors come back in
//! both languages without a catalog.

use serde::{Deserialize, Serialize};

use crate::server_messages::{Param, Said};

/// A staff message with `{name}` placeholders, in both languages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StaffTemplate {
    pub code: &'static str,
    pub en: &'static str,
    pub bn: &'static str,
}

/// A staff message as said, in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct StaffSaid {
    pub code: String,
    pub text: String,
    pub text_bn: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<Param>,
}

fn fill(text: &str, params: &[(&str, &str)]) -> String {
    let mut text = text.to_owned();
    for (name, value) in params {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

impl StaffTemplate {
    pub fn with(self, params: &[(&str, &str)]) -> StaffSaid {
        StaffSaid {
            code: self.code.to_owned(),
            text: fill(self.en, params),
            text_bn: fill(self.bn, params),
            params: params.iter().map(|(n, v)| Param { name: (*n).to_owned(), value: (*v).to_owned() }).collect(),
        }
    }
}

impl From<StaffTemplate> for StaffSaid {
    fn from(t: StaffTemplate) -> StaffSaid {
        t.with(&[])
    }
}

/// The English message, for the error envelope every call answers with.
impl From<StaffSaid> for Said {
    fn from(s: StaffSaid) -> Said {
        Said { code: s.code, text: s.text, params: s.params }
    }
}

macro_rules! staff_templates {
    ($($(#[$doc:meta])* $name:ident = $code:literal, $en:literal, $bn:literal;)*) => {
        $($(#[$doc])* pub const $name: StaffTemplate = StaffTemplate { code: $code, en: $en, bn: $bn };)*
        /// Every staff message.
        pub const ALL: &[StaffTemplate] = &[$($name),*];
    };
}

staff_templates! {
    /// A staff login whose grants need a second factor, without a TOTP code (or a recovery code).
    TOTP_REQUIRED = "login.totpRequired", "Enter the 6-digit code from your authenticator app", "আপনার অথেনটিকেটর অ্যাপের ৬ অঙ্কের কোডটি দিন";
    TOTP_WRONG = "login.totpWrong", "That authenticator code is wrong or already used", "অথেনটিকেটর কোডটি ভুল বা আগেই ব্যবহার করা হয়েছে";
    /// A network or money role used before its holder set up an authenticator.
    TOTP_ENROL_FIRST = "staff.totpEnrolFirst", "Set up your authenticator app before using this", "এটি ব্যবহারের আগে আপনার অথেনটিকেটর অ্যাপ চালু করুন";
    TOTP_ALREADY = "staff.totpAlready", "Your authenticator is already set up", "আপনার অথেনটিকেটর আগেই চালু করা আছে";
    TOTP_NOT_STARTED = "staff.totpNotStarted", "Start setting up your authenticator first", "আগে অথেনটিকেটর চালু করা শুরু করুন";
    NOT_STAFF = "staff.notStaff", "This login has no staff role", "এই লগইনের কোনো স্টাফ ভূমিকা নেই";
    ROLE_MISSING = "staff.roleMissing", "Your role cannot do this", "আপনার ভূমিকায় এটি করা যায় না";
    NOT_FOUND = "staff.notFound", "{what} not found", "{what} পাওয়া যায়নি";
    STALE = "staff.stale", "Someone changed this {what} since you opened it; reload and try again", "আপনি খোলার পরে কেউ এই {what} বদলেছেন; আবার খুলে চেষ্টা করুন";
    EXISTS = "staff.exists", "A {what} with id '{id}' already exists", "'{id}' আইডির {what} আগেই আছে";
    CANNOT_GRANT = "staff.cannotGrant", "You cannot give or take away this role", "আপনি এই ভূমিকা দিতে বা সরাতে পারেন না";
    REQUIRED = "staff.required", "{field} is required", "{field} দিতে হবে";
    TOO_LONG = "staff.tooLong", "{field} is longer than {max} characters", "{field} {max} অক্ষরের বেশি";
    INVALID = "staff.invalid", "{field} is invalid: {detail}", "{field} সঠিক নয়: {detail}";
    NOT_A_NUMBER = "staff.notNumber", "{field} must be a whole number", "{field} একটি পূর্ণ সংখ্যা হতে হবে";
    OUT_OF_RANGE = "staff.range", "{field} must be between {min} and {max}", "{field} {min} থেকে {max} এর মধ্যে হতে হবে";
    UNKNOWN_REF = "staff.unknownRef", "{field} '{value}' does not exist", "{field} '{value}' নেই";
    SEAT_OFF_GRID = "layout.offGrid", "Seat {seat} is outside its deck's {rows} x {cols} grid", "আসন {seat} ডেকের {rows} x {cols} ঘরের বাইরে";
    SEAT_OVERLAP = "layout.overlap", "Two cells share row {row}, column {col} of deck {deck}", "ডেক {deck}-এর সারি {row}, কলাম {col}-এ দুটি ঘর";
    SEAT_LABEL_TWICE = "layout.labelTwice", "Seat label {seat} is used twice", "আসন নম্বর {seat} দুবার আছে";
    SEAT_LABEL = "layout.label", "Seat label '{seat}' must be 1 to 8 letters, digits or '-'", "আসন নম্বর '{seat}' ১ থেকে ৮টি অক্ষর, সংখ্যা বা '-' হতে হবে";
    SEAT_CLASS = "layout.class", "Seat {seat}: '{class}' is not a {service} seat class", "আসন {seat}: '{class}' {service}-এর আসনের শ্রেণি নয়";
    KIND_NOT_HERE = "layout.kind", "A {kind} cell cannot be on a {service} layout", "{service} লেআউটে {kind} ঘর থাকতে পারে না";
    NO_SEATS = "layout.noSeats", "A layout needs at least one seat for sale", "লেআউটে অন্তত একটি বিক্রয়যোগ্য আসন থাকতে হবে";
    DECK_TWICE = "layout.deckTwice", "Deck id {deck} is used twice", "ডেক আইডি {deck} দুবার আছে";
    SOLD_SEAT_REMOVED = "layout.soldSeatRemoved", "Seat {seat} is sold on tickets {tickets}: move those travellers before removing it", "আসন {seat} টিকিট {tickets}-এ বিক্রি হয়েছে: সরানোর আগে যাত্রীদের অন্য আসনে নিন";
    DAYS = "schedule.days", "Days must be 'daily' or days such as 'Sat Sun Mon', not '{value}'", "দিন 'daily' বা 'Sat Sun Mon' এর মতো হতে হবে, '{value}' নয়";
    CLOCK = "schedule.clock", "Departure must be a time such as 07:30, not '{value}'", "ছাড়ার সময় 07:30 এর মতো হতে হবে, '{value}' নয়";
    DATE = "schedule.date", "{field} must be a date such as 2026-12-01, not '{value}'", "{field} 2026-12-01 এর মতো তারিখ হতে হবে, '{value}' নয়";
    DATES_ORDER = "schedule.datesOrder", "The last date comes before the first", "শেষ তারিখ প্রথম তারিখের আগে";
    STOPS_ORDER = "route.stopsOrder", "Stops must go on in time: stop {stop} is not after the one before", "স্টপগুলো সময় অনুযায়ী হতে হবে: স্টপ {stop} আগেরটির পরে নয়";
    STOPS_FEW = "route.stopsFew", "A route needs at least two stops", "রুটে অন্তত দুটি স্টপ থাকতে হবে";
    STOP_TWICE = "route.stopTwice", "{city} is a stop twice", "{city} দুবার স্টপ";
    NO_BOARDING = "route.noBoarding", "The first stop must board passengers and the last drop them", "প্রথম স্টপে যাত্রী ওঠা এবং শেষ স্টপে নামা থাকতে হবে";
    ROUTE_SOLD = "route.hasSales", "Trips of this route have sales: its stops cannot change; make a new route instead", "এই রুটের যাত্রায় টিকিট বিক্রি হয়েছে: এর স্টপ বদলানো যাবে না; নতুন রুট তৈরি করুন";
    POINT_NOT_AT_STOP = "route.pointElsewhere", "Point {point} is not in {city}", "পয়েন্ট {point} {city}-এ নয়";
    CSV_SITE_ROUTE = "csv.siteRoute", "Route {route} is the site's own and stops elsewhere: give your route another code", "রুট {route} সাইটের নিজস্ব এবং অন্য জায়গায় থামে: আপনার রুটের অন্য কোড দিন";
    PROMO_CODE = "promo.code", "A promo code is 3 to 20 capital letters and digits", "প্রোমো কোড ৩ থেকে ২০টি বড় হাতের অক্ষর ও সংখ্যা";
    PROMO_KIND = "promo.kind", "A promo is flat (taka) or percent", "প্রোমো হয় নির্দিষ্ট টাকা (flat) বা শতাংশ (percent)";
    CSV_HEADER = "csv.header", "The header must be {header}", "শিরোনাম সারি হতে হবে {header}";
    CSV_COLUMNS = "csv.columns", "This line has {found} cells; it needs {needed}", "এই সারিতে {found}টি ঘর আছে; দরকার {needed}টি";
    CSV_UNREADABLE = "csv.unreadable", "The file cannot be read as CSV: {detail}", "ফাইলটি CSV হিসেবে পড়া যাচ্ছে না: {detail}";
    CSV_MIXED = "csv.mixed", "Schedule {schedule}: {field} differs from its first line", "সময়সূচি {schedule}: {field} এর প্রথম সারির থেকে আলাদা";
    CSV_TOO_BIG = "csv.tooBig", "The file has more than {max} lines", "ফাইলে {max}টির বেশি সারি আছে";
    IMAGE = "content.image", "The image must be PNG, JPEG or WebP of at most {max}", "ছবি PNG, JPEG বা WebP এবং সর্বোচ্চ {max} হতে হবে";
    IMAGE_SIDES = "content.imageSides", "The image is {width} x {height} pixels; at most {max} a side and {pixels} megapixels", "ছবিটি {width} x {height} পিক্সেল; প্রতি পাশে সর্বোচ্চ {max} এবং মোট {pixels} মেগাপিক্সেল";
    IMAGE_PATH = "content.imagePath", "{field} must be an image uploaded here", "{field} এখানে আপলোড করা ছবি হতে হবে";
    LINK = "content.link", "{field} must start with https:// or /", "{field} https:// বা / দিয়ে শুরু হতে হবে";
    FARE_PERIOD_OVERLAP = "fare.periodOverlap", "These dates overlap the fare period {from} to {to}: change that one instead", "এই তারিখগুলো {from} থেকে {to} ভাড়ার সময়ের সাথে মিলে যায়: সেটিই বদলান";
    SHIFT_NOTE = "shift.note", "{note} taka is not a note or coin, or is counted twice", "{note} টাকার নোট বা মুদ্রা নেই, বা দুবার গোনা হয়েছে";
    SHIFT_REASON = "shift.reason", "The cash counted differs by {difference} taka: say why", "গোনা টাকায় {difference} টাকার পার্থক্য: কারণ লিখুন";
    COUNTER_REFERENCE = "counter.reference", "'{value}' is not a bKash transaction id: 8 to 12 letters and digits, as the traveller's app shows it", "'{value}' বিকাশ লেনদেন আইডি নয়: যাত্রীর অ্যাপে যেমন দেখায়, ৮ থেকে ১২টি অক্ষর ও সংখ্যা";
    COUNTER_REFERENCE_CASH = "counter.cashReference", "A cash sale has no payment reference", "নগদ বিক্রিতে কোনো পেমেন্ট রেফারেন্স থাকে না";
    COUNTER_REFERENCE_USED = "counter.referenceUsed", "bKash transaction {value} already paid for ticket {pnr}", "বিকাশ লেনদেন {value} দিয়ে আগেই টিকিট {pnr} কেনা হয়েছে";
    SHIFT_NONE = "shift.none", "Open a shift before selling", "বিক্রির আগে শিফট খুলুন";
    SHIFT_OPEN = "shift.open", "Your shift at {counter} is still open: close it first", "{counter}-এ আপনার শিফট এখনও খোলা: আগে সেটি বন্ধ করুন";
    SEATS_GONE = "counter.seatsGone", "Seats {seats} are no longer free", "আসন {seats} আর খালি নেই";
    SEAT_HELD_BACK = "counter.heldBack", "Seat {seat} is held back ({channel}): the manager releases it", "আসন {seat} আটকে রাখা ({channel}): ম্যানেজার ছাড়বেন";
    NOT_COUNTER_TICKET = "counter.notCounterTicket", "Ticket {pnr} was bought online: the traveller cancels it on the site", "টিকিট {pnr} অনলাইনে কেনা: যাত্রী সাইটে বাতিল করবেন";
    TICKET_DONE = "counter.ticketDone", "Ticket {pnr} is already {status}", "টিকিট {pnr} আগেই {status}";
    DEPARTED = "counter.departed", "This trip has left {stop}", "এই যাত্রা {stop} ছেড়ে গেছে";
    BOARDING_KEYS_FULL = "boarding.keysFull", "All 256 boarding keys are in use: retire an old one first", "২৫৬টি বোর্ডিং কী-ই চালু: আগে একটি পুরনো কী বাতিল করুন";
    BOARDING_KEY_SIGNING = "boarding.keySigning", "Key {key} signs the tickets now: rotate to a new key before retiring it", "কী {key} দিয়ে এখন টিকিট সই হয়: বাতিলের আগে নতুন কী নিন";
    BOARDING_TOO_EARLY = "boarding.tooEarly", "Boarding closes at {time}, {minutes} minutes before departure", "বোর্ডিং বন্ধ হবে {time}-এ, ছাড়ার {minutes} মিনিট আগে";
    BOARDING_NONCE = "boarding.nonce", "A scan's nonce is 8 to 64 letters, digits, - or _", "স্ক্যানের nonce ৮ থেকে ৬৪টি অক্ষর, সংখ্যা, - বা _";
    BOARDING_NONCE_USED = "boarding.nonceUsed", "This nonce was used for another scan", "এই nonce অন্য স্ক্যানে ব্যবহার হয়েছে";
    BOARDING_CODE_OR_PNR = "boarding.codeOrPnr", "Send the scanned code or the PNR typed, one of them", "স্ক্যান করা কোড অথবা টাইপ করা পিএনআর, যেকোনো একটি পাঠান";
    BOARDING_FUTURE = "boarding.future", "The scan's time is ahead of the server's clock: check the phone's time", "স্ক্যানের সময় সার্ভারের ঘড়ির চেয়ে এগিয়ে: ফোনের সময় দেখুন";
    DEVICE_KEY = "boarding.deviceKey", "This phone is not enrolled for boarding, or was revoked: ask the manager for a new code", "এই ফোন বোর্ডিংয়ের জন্য নথিভুক্ত নয়, বা বাতিল হয়েছে: ম্যানেজারের কাছে নতুন কোড চান";
    SAME_CITY = "content.sameCity", "A popular route goes between two different cities", "জনপ্রিয় রুট দুটি আলাদা শহরের মধ্যে";
}

/// The Bangla of a staff message the server said in English (its code and values): the staff
/// site shows a refusal in the language chosen. None for a code that is not a staff message.
pub fn bangla(code: &str, params: &[Param]) -> Option<String> {
    let template = ALL.iter().find(|t| t.code == code)?;
    let pairs: Vec<(&str, &str)> = params.iter().map(|p| (p.name.as_str(), p.value.as_str())).collect();
    Some(fill(template.bn, &pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_staff_message_has_a_unique_code_and_both_languages_with_the_same_values() {
        let mut codes: Vec<&str> = ALL.iter().map(|t| t.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ALL.len(), "a code used twice");
        let names = |s: &str| {
            let mut v: Vec<String> =
                s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(n, _)| n.to_owned())).collect();
            v.sort();
            v
        };
        for t in ALL {
            assert!(!t.bn.is_empty() && t.bn != t.en, "{} has no Bangla", t.code);
            assert_eq!(names(t.en), names(t.bn), "{}: the languages name different values", t.code);
        }
    }

    #[test]
    fn values_fill_both_languages() {
        let said = NOT_FOUND.with(&[("what", "Schedule")]);
        assert_eq!(said.text, "Schedule not found");
        assert_eq!(said.text_bn, "Schedule পাওয়া যায়নি");
    }

    #[test]
    fn a_refusal_said_in_english_reads_in_bangla_from_its_code_and_values() {
        let said = OUT_OF_RANGE.with(&[("field", "fare"), ("min", "1"), ("max", "100000")]);
        assert_eq!(bangla(&said.code, &said.params).as_deref(), Some("fare 1 থেকে 100000 এর মধ্যে হতে হবে"));
        assert_eq!(bangla("booking.unknown", &[]), None);
    }
}
