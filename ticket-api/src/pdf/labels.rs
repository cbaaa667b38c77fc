//! What the e-ticket says around the traveller's data, in each language the server writes
//! (`crate::language`). In the words a counter's printed ticket uses (যাত্রী, আসন, বোর্ডিং পয়েন্ট,
//! ভাড়া); PNR stays as printed. A count (`{n}`) is written in the language's digits by the layout.

use crate::language::Language;

pub(super) struct Labels {
    pub bus_ticket: &'static str,
    pub launch_ticket: &'static str,
    /// Another service's band: `{service}` is the service as given.
    pub other_ticket: &'static str,
    pub cancelled_ticket: &'static str,
    pub helpline: &'static str,
    pub scan_for_pnr: &'static str,
    pub pnr: &'static str,
    pub confirmed: &'static str,
    pub cancelled: &'static str,
    pub not_valid: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub passenger: &'static str,
    /// In place of a name no embedded font can draw: `{pnr}` is the ticket's.
    pub name_as_booked: &'static str,
    pub mobile: &'static str,
    pub journey_date: &'static str,
    pub departure_time: &'static str,
    pub boarding_point: &'static str,
    pub boarding_ghat: &'static str,
    pub boarding_time: &'static str,
    pub dropping_point: &'static str,
    pub destination_ghat: &'static str,
    /// `{n}` seats of a launch (seats and cabins alike).
    pub seats_or_cabins: &'static str,
    pub one_seat: &'static str,
    /// `{n}` seats.
    pub seats: &'static str,
    pub fare_details: &'static str,
    pub total: &'static str,
    /// `{time}` the ticket was issued.
    pub issued: &'static str,
    pub note_cancelled: &'static str,
    pub note_launch: &'static str,
    pub note_bus: &'static str,
}

const ENGLISH: Labels = Labels {
    bus_ticket: "BUS E-TICKET",
    launch_ticket: "LAUNCH E-TICKET",
    other_ticket: "{service} E-TICKET",
    cancelled_ticket: "CANCELLED TICKET",
    helpline: "Helpline",
    scan_for_pnr: "Scan for PNR",
    pnr: "PNR",
    confirmed: "CONFIRMED",
    cancelled: "CANCELLED",
    not_valid: "Not valid for travel.",
    from: "FROM",
    to: "TO",
    passenger: "Passenger",
    name_as_booked: "Name as booked for PNR {pnr}",
    mobile: "Mobile",
    journey_date: "Journey date",
    departure_time: "Departure time",
    boarding_point: "Boarding point",
    boarding_ghat: "Boarding ghat",
    boarding_time: "Boarding time",
    dropping_point: "Dropping point",
    destination_ghat: "Destination ghat",
    seats_or_cabins: "Seat / cabin ({n})",
    one_seat: "Seat (1)",
    seats: "Seats ({n})",
    fare_details: "FARE DETAILS",
    total: "Total",
    issued: "Issued {time}",
    note_cancelled: "This ticket has been cancelled and cannot be used for travel. For questions about the refund, call the helpline with your PNR.",
    note_launch: "Please reach the ghat at least 30 minutes before departure and show this e-ticket (on your phone or printed) with your PNR to the launch staff.",
    note_bus: "Please reach the boarding point at least 30 minutes before departure and show this e-ticket (on your phone or printed) with your PNR to the counter staff.",
};

const BANGLA: Labels = Labels {
    bus_ticket: "বাসের ই-টিকিট",
    launch_ticket: "লঞ্চের ই-টিকিট",
    other_ticket: "{service} ই-টিকিট",
    cancelled_ticket: "বাতিল টিকিট",
    helpline: "হেল্পলাইন",
    scan_for_pnr: "স্ক্যান করলে PNR",
    pnr: "PNR",
    confirmed: "নিশ্চিত",
    cancelled: "বাতিল",
    not_valid: "এই টিকিটে যাত্রা করা যাবে না।",
    from: "যাত্রা শুরু",
    to: "গন্তব্য",
    passenger: "যাত্রী",
    name_as_booked: "PNR {pnr}-এ বুক করা নাম",
    mobile: "মোবাইল",
    journey_date: "যাত্রার তারিখ",
    departure_time: "ছাড়ার সময়",
    boarding_point: "বোর্ডিং পয়েন্ট",
    boarding_ghat: "ওঠার ঘাট",
    boarding_time: "ওঠার সময়",
    dropping_point: "ড্রপিং পয়েন্ট",
    destination_ghat: "নামার ঘাট",
    seats_or_cabins: "আসন / কেবিন ({n})",
    one_seat: "আসন (১)",
    seats: "আসন ({n})",
    fare_details: "ভাড়ার হিসাব",
    total: "মোট",
    issued: "ইস্যু {time}",
    note_cancelled: "এই টিকিট বাতিল হয়েছে, এতে যাত্রা করা যাবে না। টাকা ফেরতের বিষয়ে জানতে PNR নিয়ে হেল্পলাইনে ফোন করুন।",
    note_launch: "ছাড়ার অন্তত ৩০ মিনিট আগে ঘাটে পৌঁছান এবং লঞ্চের কর্মীকে PNR সহ এই ই-টিকিট (ফোনে বা ছাপা) দেখান।",
    note_bus: "ছাড়ার অন্তত ৩০ মিনিট আগে বোর্ডিং পয়েন্টে পৌঁছান এবং কাউন্টারে PNR সহ এই ই-টিকিট (ফোনে বা ছাপা) দেখান।",
};

pub(super) fn of(language: Language) -> &'static Labels {
    match language {
        Language::English => &ENGLISH,
        Language::Bangla => &BANGLA,
    }
}
