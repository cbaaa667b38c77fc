//! The text messages a traveller gets about a ticket (issue 37): the ticket itself when it is
//! issued, a trip the operator cancelled, a trip whose time or boarding point changed. Each is
//! written in the traveller's language and fits in two segments; [`segments`] counts them as a
//! phone network does.
//!
//! A message all in the GSM 7-bit alphabet (English) takes 160 characters alone and 153 a
//! segment when split (an escaped character such as `€` or `[` counts two); any other character
//! (Bangla) makes the whole message UCS-2: 70 UTF-16 units alone, 67 a segment when split.

use serde::{Deserialize, Serialize};

use crate::language::Language;
use crate::time::DateTime;

/// The most segments a ticket's message may take: a third would cost a third message's price
/// and arrive out of order on some phones.
pub const MAX_SEGMENTS: usize = 2;

/// GSM 03.38's basic alphabet (one septet each).
const GSM_BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/// Its extension table (an escape and a septet each).
const GSM_EXTENDED: &str = "\u{c}^{}\\[~]|€";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Encoding {
    Gsm7,
    Ucs2,
}

/// How a message travels: its encoding, its length in that encoding's units, its segments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Segments {
    pub encoding: Encoding,
    pub units: usize,
    pub count: usize,
}

/// Septets of `text` if every character is in the GSM alphabet.
fn gsm_septets(text: &str) -> Option<usize> {
    text.chars().try_fold(0, |n, c| {
        if GSM_BASIC.contains(c) {
            Some(n + 1)
        } else if GSM_EXTENDED.contains(c) {
            Some(n + 2)
        } else {
            None
        }
    })
}

/// The segments `text` takes.
pub fn segments(text: &str) -> Segments {
    let (encoding, units, alone, each) = match gsm_septets(text) {
        Some(septets) => (Encoding::Gsm7, septets, 160, 153),
        None => (Encoding::Ucs2, text.encode_utf16().count(), 70, 67),
    };
    let count = match units {
        0 => 0,
        n if n <= alone => 1,
        n => n.div_ceil(each),
    };
    Segments { encoding, units, count }
}

/// What a ticket's message says. Names are in the traveller's language already.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketNote<'a> {
    pub pnr: &'a str,
    pub operator: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub departs: DateTime,
    pub seats: &'a [String],
    pub boarding_point: Option<&'a str>,
}

/// `12 Dec 10:30 PM` / `১২ ডিসেম্বর রাত ১০:৩০`: short, as a message has room for.
fn when(departs: DateTime, language: Language) -> String {
    match language {
        Language::English => {
            const MONTHS: [&str; 12] =
                ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
            let month = MONTHS[usize::from(departs.date.month().clamp(1, 12)) - 1];
            format!("{} {month} {}", departs.date.day(), departs.clock_12h())
        }
        Language::Bangla => {
            let long = language.date(departs.date);
            // '১২ ডিসেম্বর ২০২৬' without the year
            let day_month = long.rsplit_once(' ').map_or(long.as_str(), |(head, _)| head).to_owned();
            format!("{day_month} {}", language.clock(departs))
        }
    }
}

/// `text` cut to at most `max` characters, an ellipsis marking the cut.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let kept: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

/// How a line gives way when a message is too long.
#[derive(Clone, Copy)]
enum Give {
    /// Left out whole (a name that helps but is not needed).
    Drop(usize),
    /// Shortened from its end a character at a time, then left out when little is left.
    Cut(usize),
}

/// Builds a message from its lines, giving way in the order of `give` until the whole fits in
/// [`MAX_SEGMENTS`]; the lines with the PNR, the time and the seats are never given.
fn fit(lines: &mut [String], give: &[Give]) -> String {
    let join = |lines: &[String]| lines.iter().filter(|l| !l.is_empty()).cloned().collect::<Vec<_>>().join("\n");
    for &rule in give {
        while segments(&join(lines)).count > MAX_SEGMENTS {
            let i = match rule {
                Give::Drop(i) | Give::Cut(i) => i,
            };
            let length = lines[i].chars().count();
            if length == 0 {
                break;
            }
            lines[i] = match rule {
                Give::Cut(_) if length > 8 => cut(&lines[i], length - 1),
                _ => String::new(),
            };
        }
    }
    join(lines)
}

/// The ticket as a message: PNR, route, departure, seats and boarding point.
pub fn ticket(note: &TicketNote<'_>, language: Language) -> String {
    let seats = note.seats.join(",");
    let when = when(note.departs, language);
    let mut lines = match language {
        Language::English => vec![
            format!("Ticket {} confirmed", note.pnr),
            format!("{when}, {}-{}", note.from, note.to),
            format!("Seats {seats}"),
            note.boarding_point.map(|p| format!("Board at {p}")).unwrap_or_default(),
            note.operator.to_owned(),
        ],
        Language::Bangla => vec![
            format!("টিকিট {} নিশ্চিত", note.pnr),
            format!("{when}, {}-{}", note.from, note.to),
            format!("আসন {seats}"),
            note.boarding_point.map(|p| format!("উঠবেন {p}")).unwrap_or_default(),
            note.operator.to_owned(),
        ],
    };
    fit(&mut lines, &[Give::Drop(4), Give::Cut(3), Give::Cut(1)])
}

/// What an operator's cancelled trip means for one ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelNote<'a> {
    pub pnr: &'a str,
    pub operator: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub departs: DateTime,
    pub reason: &'a str,
    /// The whole amount paid, back to the traveller.
    pub refund: i64,
    /// Paid in cash at a counter: collected there, not sent back.
    pub at_counter: bool,
}

/// An operator cancelled the trip: which, why and how the money comes back.
pub fn trip_cancelled(note: &CancelNote<'_>, language: Language) -> String {
    let when = when(note.departs, language);
    let refund = language.taka(note.refund as f64);
    let mut lines = match language {
        Language::English => vec![
            format!("Ticket {}: trip cancelled", note.pnr),
            format!("{when}, {}-{}", note.from, note.to),
            if note.at_counter {
                format!("Collect {refund} at a counter")
            } else {
                format!("{refund} refunded in full")
            },
            format!("Reason: {}", note.reason),
            note.operator.to_owned(),
        ],
        Language::Bangla => vec![
            format!("টিকিট {}: যাত্রা বাতিল", note.pnr),
            format!("{when}, {}-{}", note.from, note.to),
            if note.at_counter {
                format!("কাউন্টার থেকে {refund} নিন")
            } else {
                format!("{refund} পুরো ফেরত")
            },
            format!("কারণ: {}", note.reason),
            note.operator.to_owned(),
        ],
    };
    fit(&mut lines, &[Give::Drop(4), Give::Cut(3), Give::Cut(1)])
}

/// What changed on a trip with sales.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeNote<'a> {
    pub pnr: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub departs: DateTime,
    pub boarding_point: Option<&'a str>,
}

/// The trip's new time or boarding point, and that the ticket may now be cancelled free.
pub fn trip_changed(note: &ChangeNote<'_>, language: Language) -> String {
    let when = when(note.departs, language);
    let mut lines = match language {
        Language::English => vec![
            format!("Ticket {}: your trip changed", note.pnr),
            format!("Now {when}, {}-{}", note.from, note.to),
            note.boarding_point.map(|p| format!("Board at {p}")).unwrap_or_default(),
            "You may cancel free of charge".to_owned(),
        ],
        Language::Bangla => vec![
            format!("টিকিট {}: যাত্রা বদলেছে", note.pnr),
            format!("এখন {when}, {}-{}", note.from, note.to),
            note.boarding_point.map(|p| format!("উঠবেন {p}")).unwrap_or_default(),
            "বিনা খরচে বাতিল করতে পারেন".to_owned(),
        ],
    };
    fit(&mut lines, &[Give::Cut(2), Give::Cut(1)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime {
        crate::time::parse_local(text).unwrap()
    }

    #[test]
    fn segments_are_counted_as_a_network_counts_them() {
        let count = |text: &str| segments(text).count;
        assert_eq!(count(""), 0);
        assert_eq!(count(&"a".repeat(160)), 1);
        assert_eq!(count(&"a".repeat(161)), 2);
        assert_eq!(count(&"a".repeat(306)), 2);
        assert_eq!(count(&"a".repeat(307)), 3);
        // an escaped character counts two septets
        assert_eq!(segments(&"€".repeat(80)), Segments { encoding: Encoding::Gsm7, units: 160, count: 1 });
        assert_eq!(count(&format!("{}€", "a".repeat(159))), 2);
        // one Bangla letter makes the whole message UCS-2
        assert_eq!(segments(&"ক".repeat(70)), Segments { encoding: Encoding::Ucs2, units: 70, count: 1 });
        assert_eq!(count(&"ক".repeat(71)), 2);
        assert_eq!(count(&"ক".repeat(134)), 2);
        assert_eq!(count(&"ক".repeat(135)), 3);
        assert_eq!(segments(&format!("{}ক", "a".repeat(69))).count, 1);
        assert_eq!(segments(&format!("{}ক", "a".repeat(70))).count, 2);
        // a character outside the BMP is two UTF-16 units
        assert_eq!(segments("😀").units, 2);
    }

    fn seats(labels: &[&str]) -> Vec<String> {
        labels.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_ticket_says_pnr_route_time_seats_and_where_to_board() {
        let seats = seats(&["A1", "A2"]);
        let note = TicketNote {
            pnr: "BX7K2M9P",
            operator: "Bhaluka Express",
            from: "Dhaka",
            to: "Chattogram",
            departs: at("2026-12-12 22:30"),
            seats: &seats,
            boarding_point: Some("Kallyanpur"),
        };
        assert_eq!(
            ticket(&note, Language::English),
            "Ticket BX7K2M9P confirmed\n12 Dec 10:30 PM, Dhaka-Chattogram\nSeats A1,A2\nBoard at Kallyanpur\nBhaluka Express"
        );
        let bn =
            TicketNote {
                operator: "ভালুকা এক্সপ্রেস", from: "ঢাকা", to: "চট্টগ্রাম", boarding_point: Some("কল্যাণপুর"), ..note
            };
        let text = ticket(&bn, Language::Bangla);
        assert_eq!(text, "টিকিট BX7K2M9P নিশ্চিত\n১২ ডিসেম্বর রাত ১০:৩০, ঢাকা-চট্টগ্রাম\nআসন A1,A2\nউঠবেন কল্যাণপুর\nভালুকা এক্সপ্রেস");
        assert!(segments(&text).count <= MAX_SEGMENTS);
    }

    #[test]
    fn a_long_ticket_loses_the_operator_then_shortens_the_point_but_never_the_pnr_or_seats() {
        let seats = seats(&["S_CHAIR-A1", "S_CHAIR-A2", "S_CHAIR-A3", "S_CHAIR-A4"]);
        let note = TicketNote {
            pnr: "BX7K2M9P",
            operator: "সুন্দরবন নেভিগেশন কোম্পানি লিমিটেড",
            from: "ঢাকা সদরঘাট",
            to: "বরিশাল নদীবন্দর",
            departs: at("2026-12-12 20:30"),
            seats: &seats,
            boarding_point: Some("সদরঘাট লঞ্চ টার্মিনাল, পন্টুন নম্বর ১১, পুরান ঢাকা"),
        };
        let text = ticket(&note, Language::Bangla);
        assert_eq!(segments(&text).count, 2, "{text}");
        assert!(text.contains("BX7K2M9P") && text.contains("S_CHAIR-A1,S_CHAIR-A2,S_CHAIR-A3,S_CHAIR-A4"), "{text}");
        assert!(!text.contains("সুন্দরবন"), "{text}");
        assert!(text.contains("উঠবেন সদরঘাট"), "{text}");
        let english = TicketNote { operator: "Sundarban Navigation", boarding_point: Some("Sadarghat"), ..note };
        assert_eq!(segments(&ticket(&english, Language::English)).count, 2);
    }

    #[test]
    fn a_cancelled_trip_says_how_the_money_comes_back() {
        let note = CancelNote {
            pnr: "BX7K2M9P",
            operator: "Bhaluka Express",
            from: "Dhaka",
            to: "Sylhet",
            departs: at("2026-12-12 07:00"),
            reason: "Road closed by flood",
            refund: 1_250,
            at_counter: false,
        };
        assert_eq!(
            trip_cancelled(&note, Language::English),
            "Ticket BX7K2M9P: trip cancelled\n12 Dec 07:00 AM, Dhaka-Sylhet\n1,250 TK refunded in full\nReason: Road closed by flood\nBhaluka Express"
        );
        let cash = CancelNote {
            at_counter: true, operator: "ভালুকা", from: "ঢাকা", to: "সিলেট", ..note
        };
        let text = trip_cancelled(&cash, Language::Bangla);
        assert!(text.contains("কাউন্টার থেকে ১,২৫০ টাকা নিন"), "{text}");
        let long = CancelNote { reason: &"বন্যায় রাস্তা বন্ধ ".repeat(20), ..cash };
        let text = trip_cancelled(&long, Language::Bangla);
        assert!(segments(&text).count <= MAX_SEGMENTS && text.contains("BX7K2M9P"), "{text}");
    }

    #[test]
    fn a_changed_trip_tells_the_new_time_and_the_free_cancel() {
        let note = ChangeNote {
            pnr: "BX7K2M9P",
            from: "ঢাকা",
            to: "সিলেট",
            departs: at("2026-12-12 08:15"),
            boarding_point: Some("আবদুল্লাহপুর"),
        };
        let text = trip_changed(&note, Language::Bangla);
        assert!(text.contains("সকাল ৮:১৫") && text.contains("বিনা খরচে"), "{text}");
        assert!(segments(&text).count <= MAX_SEGMENTS);
    }
}
