//! Renders real tickets and reads them back with poppler's `pdftotext` (the Makefile installs
//! poppler-utils; without it the text checks fail, saying so: a check that skips proves nothing).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::*;

fn sample() -> TicketDocument {
    TicketDocument {
        brand: "Intercity Tickets".into(),
        operator: "Green Line Paribahan".into(),
        service: "Bus".into(),
        pnr: "K7M4QX9A".into(),
        boarding_code: Some("%50MFNUMS3GHY:2WND+B079KF90YM0500H60+FW4/17MH4-3 +5X/H: 49IMWR3L*O7TDB*7:4WG2VSB5J-4+.VIDNZPETNG7IH+DC+34PI67P9$6KBP9EMR2CCR EB3HSVM30".into()),
        status: TicketState::Confirmed,
        passenger_name: "Rahim Uddin".into(),
        passenger_phone: "01712345678".into(),
        from: "Dhaka".into(),
        to: "Chattogram".into(),
        departure_date: "2026-11-23".into(),
        departure_time: "10:30 PM".into(),
        boarding_point: "Rajarbagh Counter, Dhaka".into(),
        boarding_time: "10:15 PM".into(),
        dropping_point: "Dampara Counter, Chattogram".into(),
        coach: "Coach 7021 · AC Business Class (Scania)".into(),
        seats: vec!["A1".into(), "A2".into()],
        fare_lines: vec![
            ("Fare (2 seats)".into(), "1,800 TK".into()),
            ("Promo WINTER10".into(), "- 100 TK".into()),
            ("Processing fee".into(), "50 TK".into()),
        ],
        total: "1,750 TK".into(),
        refund: None,
        policy: vec!["24 hours or more before departure: 15% kept".into(), "Under 6 hours: no cancellation".into()],
        helpline: "16374".into(),
        issued_at: "2026-11-20 09:12 AM".into(),
        language: Language::English,
    }
}

fn bengali() -> TicketDocument {
    TicketDocument {
        passenger_name: "রহিম উদ্দিন".into(),
        operator: "MV Sundarban-10".into(),
        service: "Launch".into(),
        pnr: "W3RT8KPN".into(),
        from: "Dhaka".into(),
        to: "Barishal".into(),
        boarding_point: "Sadarghat Launch Terminal".into(),
        boarding_time: "8:00 PM".into(),
        dropping_point: "Barishal Launch Ghat".into(),
        departure_time: "8:30 PM".into(),
        coach: "Double cabin · 2nd floor".into(),
        seats: vec!["D-204".into()],
        fare_lines: vec![("Double cabin".into(), "2,400 TK".into()), ("Processing fee".into(), "40 TK".into())],
        total: "2,440 TK".into(),
        ..sample()
    }
}

fn cancelled() -> TicketDocument {
    TicketDocument {
        status: TicketState::Cancelled,
        boarding_code: None,
        refund: Some("Refunded 1,575 TK on 2026-11-21".into()),
        ..sample()
    }
}

fn four_seats() -> TicketDocument {
    TicketDocument {
        seats: vec!["B1".into(), "B2".into(), "B3".into(), "B4".into()],
        fare_lines: vec![
            ("Fare (4 seats)".into(), "3,600 TK".into()),
            ("Promo EID200".into(), "- 200 TK".into()),
            ("Insurance".into(), "40 TK".into()),
            ("Processing fee".into(), "60 TK".into()),
        ],
        total: "3,500 TK".into(),
        boarding_point: "Sayedabad Bus Terminal, Counter 12 (opposite the flyover ramp), Dhaka".into(),
        ..sample()
    }
}

fn page_count(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

/// Writes `pdf` under the temp folder, where pdftotext can read it.
fn save(name: &str, pdf: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ticket-api-pdf-{}-{name}.pdf", std::process::id()));
    std::fs::write(&path, pdf).expect("write the sample PDF");
    path
}

/// The page's text. poppler-utils is required (`make test` installs it): a check that quietly
/// skips itself proves nothing.
fn pdftotext(path: &Path) -> Option<String> {
    assert!(
        Path::new("/usr/bin/pdftotext").exists(),
        "pdftotext is missing: apt-get install poppler-utils (make test installs it)"
    );
    let out =
        Command::new("/usr/bin/pdftotext").arg("-enc").arg("UTF-8").arg(path).arg("-").output().expect("run pdftotext");
    assert!(out.status.success(), "pdftotext failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).expect("pdftotext prints UTF-8"))
}

fn render_and_read(name: &str, doc: &TicketDocument) -> (Vec<u8>, Option<String>) {
    let pdf = render(doc).expect("render");
    let path = save(name, &pdf);
    let text = pdftotext(&path);
    std::fs::remove_file(&path).ok();
    (pdf, text)
}

#[test]
fn pdf_confirmed_ticket_is_one_page_with_its_details_in_the_text() {
    let (pdf, text) = render_and_read("confirmed", &sample());
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(page_count(&pdf), 1);
    assert!(pdf.windows(10).any(|w| w == b"/FontFile2"), "fonts are embedded");
    assert!(pdf.windows(10).any(|w| w == b"/ToUnicode"), "glyphs map back to text");
    if let Some(text) = text {
        for expected in [
            "K7M4QX9A",
            "Rahim Uddin",
            "A1, A2",
            "Green Line Paribahan",
            "Dhaka",
            "Chattogram",
            "2026-11-23",
            "10:30 PM",
        ] {
            assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
        }
        for expected in [
            "Rajarbagh Counter, Dhaka",
            "Dampara Counter, Chattogram",
            "Fare (2 seats)",
            "1,800 TK",
            "1,750 TK",
            "16374",
            "CONFIRMED",
        ] {
            assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
        }
        assert!(!text.contains("CANCELLED"));
    }
}

#[test]
fn pdf_bengali_name_is_embedded_and_extracts_in_logical_order() {
    let doc = bengali();
    let (pdf, text) = render_and_read("bengali", &doc);
    assert_eq!(page_count(&pdf), 1);
    assert!(pdf.windows(10).any(|w| w == b"/FontFile2"));
    assert!(pdf.windows(23).any(|w| w == b"NotoSansBengali-Regular"), "the Bengali font is embedded");
    if let Some(text) = text {
        assert!(text.contains("W3RT8KPN"), "{text}");
        assert!(text.contains("রহিম উদ্দিন"), "Bengali name missing from:\n{text}");
        assert!(text.contains("D-204"), "{text}");
    }
}

#[test]
fn pdf_in_bangla_says_everything_around_the_data_in_bangla() {
    // As the server writes it for a traveller who chose Bangla (http::ticket_pdf).
    let doc = TicketDocument {
        language: Language::Bangla,
        operator: "গ্রীন লাইন পরিবহন".into(),
        passenger_name: "রহিম উদ্দিন".into(),
        passenger_phone: "০১৭১২৩৪৫৬৭৮".into(),
        from: "ঢাকা".into(),
        to: "চট্টগ্রাম".into(),
        departure_date: "২৩ নভেম্বর ২০২৬".into(),
        departure_time: "রাত ১০:৩০".into(),
        boarding_point: "রাজারবাগ".into(),
        dropping_point: "দামপাড়া".into(),
        fare_lines: vec![("ভাড়া".into(), "১,৮০০ টাকা".into())],
        total: "১,৮০০ টাকা".into(),
        ..sample()
    };
    let (pdf, text) = render_and_read("bangla", &doc);
    assert_eq!(page_count(&pdf), 1);
    let text = text.expect("pdftotext reads it");
    for expected in [
        "বাসের ই-টিকিট",
        "গ্রীন লাইন পরিবহন",
        "রহিম উদ্দিন",
        "ঢাকা",
        "চট্টগ্রাম",
        "যাত্রী",
        "বোর্ডিং পয়েন্ট",
        "আসন (২)",
        "ভাড়ার হিসাব",
        "১,৮০০ টাকা",
        "মোট",
        "নিশ্চিত",
        "K7M4QX9A",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    for english in ["Passenger", "Boarding point", "FARE DETAILS", "CONFIRMED", "BUS E-TICKET"] {
        assert!(!text.contains(english), "{english:?} left in English:\n{text}");
    }
}

#[test]
fn pdf_cancelled_ticket_says_cancelled_and_shows_the_refund() {
    let (pdf, text) = render_and_read("cancelled", &cancelled());
    assert_eq!(page_count(&pdf), 1);
    if let Some(text) = text {
        assert!(text.contains("CANCELLED"), "{text}");
        assert!(text.contains("Refunded 1,575 TK on 2026-11-21"), "{text}");
        assert!(text.contains("K7M4QX9A"), "{text}");
    }
}

#[test]
fn pdf_four_seats_and_four_fare_lines_fit_one_page() {
    let doc = four_seats();
    let (pdf, text) = render_and_read("four-seats", &doc);
    assert_eq!(page_count(&pdf), 1);
    if let Some(text) = text {
        assert!(text.contains("B1, B2, B3, B4"), "{text}");
        for (label, amount) in &doc.fare_lines {
            assert!(
                text.contains(label.as_str()) && text.contains(amount.as_str()),
                "{label} {amount} missing:\n{text}"
            );
        }
        assert!(text.contains("3,500 TK"), "{text}");
    }
}

/// The tallest ordinary ticket: cancelled (refund lines), Bengali text in several fields, long
/// points, four seats and four fare lines.
fn worst_case() -> TicketDocument {
    TicketDocument {
        status: TicketState::Cancelled,
        boarding_code: None,
        refund: Some("Refunded 3,150 TK to bKash 01712345678 on 2026-11-21 (10% cancellation charge kept)".into()),
        passenger_name: "মোঃ আব্দুর রহমান চৌধুরী".into(),
        boarding_point: "সায়েদাবাদ বাস টার্মিনাল, কাউন্টার ১২ (Sayedabad Bus Terminal, Counter 12), Dhaka".into(),
        dropping_point: "Kolatoli Road Counter, near Hotel Sea Crown, Cox's Bazar".into(),
        to: "কক্সবাজার".into(),
        ..four_seats()
    }
}

#[test]
fn pdf_cancelled_bengali_ticket_with_four_seats_fits_one_page() {
    let (pdf, text) = render_and_read("worst", &worst_case());
    assert_eq!(page_count(&pdf), 1);
    if let Some(text) = text {
        for expected in
            ["মোঃ আব্দুর রহমান চৌধুরী", "কক্সবাজার", "সায়েদাবাদ", "B1, B2, B3, B4", "Processing fee", "CANCELLED", "K7M4QX9A"]
        {
            assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
        }
    }
}

#[test]
fn pdf_many_fare_lines_still_fit_or_fail_as_a_value() {
    let mut doc = cancelled();
    doc.fare_lines = (1..=8).map(|i| (format!("Charge {i}"), format!("{i}0 TK"))).collect();
    let (pdf, text) = render_and_read("eight-fares", &doc);
    assert_eq!(page_count(&pdf), 1);
    if let Some(text) = text {
        assert!(text.contains("Charge 8") && text.contains("80 TK"), "{text}");
    }
    // Too tall for the page in every spacing; and far too many, refused before layout.
    for n in [20, 200] {
        doc.fare_lines = (1..=n).map(|i| (format!("Charge {i}"), format!("{i} TK"))).collect();
        assert_eq!(render(&doc), Err(PdfError::DoesNotFit), "{n} fare lines");
    }
}

#[test]
fn pdf_long_values_are_cut_not_spilled() {
    let mut doc = sample();
    doc.operator = "Shohagh Paribahan Private Limited Dhaka Chattogram Cox's Bazar Express Service".into();
    doc.from = "Chapainawabganj Sadar Upazila".into();
    doc.to = "Cox's Bazar Kolatoli Beach Road".into();
    doc.passenger_name = "Mohammad Abdur Rahman Chowdhury Siddiqui Talukder Bhuiyan Mollah".into();
    doc.seats = (1..=30).map(|i| format!("L{i}")).collect();
    let (pdf, text) = render_and_read("long", &doc);
    assert_eq!(page_count(&pdf), 1);
    if let Some(text) = text {
        assert!(text.contains("K7M4QX9A") && text.contains("L1, L2"), "{text}");
        assert!(text.contains('…'), "cut values end in an ellipsis:\n{text}");
    }
}

#[test]
fn pdf_empty_and_odd_values_still_render() {
    let empty = TicketDocument {
        brand: String::new(),
        operator: String::new(),
        service: String::new(),
        pnr: String::new(),
        boarding_code: Some(String::new()),
        status: TicketState::Cancelled,
        passenger_name: String::new(),
        passenger_phone: String::new(),
        from: String::new(),
        to: String::new(),
        departure_date: String::new(),
        departure_time: String::new(),
        boarding_point: String::new(),
        boarding_time: String::new(),
        dropping_point: String::new(),
        coach: String::new(),
        seats: Vec::new(),
        fare_lines: Vec::new(),
        total: String::new(),
        refund: Some(String::new()),
        policy: Vec::new(),
        helpline: String::new(),
        issued_at: String::new(),
        language: Language::Bangla,
    };
    let pdf = render(&empty).expect("an empty ticket renders");
    assert_eq!(page_count(&pdf), 1);

    let odd = TicketDocument {
        passenger_name: format!("Line\nbreak\t{}", "x".repeat(20_000)),
        coach: "漢字 😀 Ω".into(),
        ..sample()
    };
    let (pdf, text) = render_and_read("odd", &odd);
    assert_eq!(page_count(&pdf), 1);
    if let Some(text) = text {
        assert!(text.contains("Line break"), "{text}");
        assert!(text.contains("漢字"), "missing glyphs still extract as their text:\n{text}");
    }
}

#[test]
fn pdf_same_ticket_same_bytes() {
    assert_eq!(render(&sample()), render(&sample()));
}

#[test]
fn pdf_file_name_is_ascii() {
    assert_eq!(file_name(&sample()), "ticket-K7M4QX9A.pdf");
    let odd = TicketDocument { pnr: "K7M4\"QX9A\r\nরহিম".into(), ..sample() };
    assert_eq!(file_name(&odd), "ticket-K7M4QX9A.pdf");
    let empty = TicketDocument { pnr: "রহিম".into(), ..sample() };
    assert_eq!(file_name(&empty), "ticket.pdf");
}

mod manifests {
    use super::{page_count, pdftotext, save};
    use crate::pdf::Language;
    use crate::pdf::manifest::{ManifestDocument, ManifestLine, ROWS_PER_PAGE, render};

    fn line(i: usize) -> ManifestLine {
        ManifestLine {
            seats: format!("D-{i:03}"),
            passenger: if i.is_multiple_of(2) {
                "রহিম উদ্দিন".into()
            } else {
                format!("Karim Mia {i}")
            },
            phone: "••••••••678".into(),
            points: "Sadarghat – Barishal".into(),
            channel: "Web".into(),
            paid: "450".into(),
            status: if i.is_multiple_of(10) { "No-show".into() } else { "Boarded".into() },
            attention: i.is_multiple_of(10),
        }
    }

    fn launch(rows: usize, language: Language) -> ManifestDocument {
        ManifestDocument {
            operator: "MV Sundarban-10".into(),
            trip: "Dhaka - Barishal · 2026-12-12 20:30 · MV Sundarban-10 (Launch)".into(),
            counts: "600 booked · 540 boarded · 60 no-shows".into(),
            rows: (0..rows).map(line).collect(),
            language,
        }
    }

    #[test]
    fn six_hundred_passengers_run_to_pages_that_each_repeat_the_trip_and_the_head() {
        let started = std::time::Instant::now();
        let pdf = render(&launch(600, Language::English)).expect("render");
        println!("a 600-passenger manifest: {} bytes in {:?} (a debug build)", pdf.len(), started.elapsed());
        let pages = 600usize.div_ceil(ROWS_PER_PAGE);
        assert_eq!(page_count(&pdf), pages);
        let path = save("manifest-600", &pdf);
        let text = pdftotext(&path).expect("pdftotext reads it");
        std::fs::remove_file(&path).ok();
        assert_eq!(text.matches("PASSENGER MANIFEST").count(), pages, "every page says what it is");
        assert_eq!(text.matches("Dhaka - Barishal").count(), pages);
        assert!(text.contains(&format!("Page {pages} of {pages}")));
        assert!(text.contains("Karim Mia 599") && text.contains("D-599"), "the last passenger is there");
        assert!(text.contains("Sadarghat – Barishal"), "where they get on and off, drawn (not a box, not left out)");
        assert_eq!(text.matches("রহিম উদ্দিন").count(), 300, "Bangla names read back as written");
    }

    #[test]
    fn a_bangla_manifest_speaks_bangla_around_the_data() {
        let pdf = render(&launch(3, Language::Bangla)).expect("render");
        assert_eq!(page_count(&pdf), 1);
        let path = save("manifest-bn", &pdf);
        let text = pdftotext(&path).expect("pdftotext reads it");
        std::fs::remove_file(&path).ok();
        for expected in ["যাত্রী তালিকা", "আসন", "অবস্থা", "পৃষ্ঠা ১ / ১", "রহিম উদ্দিন"]
        {
            assert!(text.contains(expected), "{expected} in {text}");
        }
    }

    #[test]
    fn an_empty_manifest_is_one_page() {
        assert_eq!(page_count(&render(&launch(0, Language::English)).expect("render")), 1);
    }
}
