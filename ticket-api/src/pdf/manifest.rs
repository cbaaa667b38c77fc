//! A trip's manifest as A4 pages (issue 36): what a supervisor prints for the gangway or keeps
//! with the trip's papers. Every page repeats the trip's line and the table's head, so a loose
//! page still says what it belongs to; a launch's 600 passengers run to a dozen pages. Names may
//! be Bangla (shaped as on the e-ticket); what the page says around them is in the language
//! asked for.

use core_wasm::contract::boarding::{Manifest, PassengerStatus, SaleChannel};

use super::canvas::{Canvas, Rgb};
use super::fonts::{Fonts, Weight};
use super::writer::{self, Info};
use super::{Language, PdfError};

/// A4 portrait in points.
const WIDTH: f32 = 595.28;
const HEIGHT: f32 = 841.89;
const MARGIN: f32 = 28.0;
const ROW: f32 = 15.0;
const SIZE: f32 = 8.0;
const HEAD_TOP: f32 = MARGIN + 62.0;
const FOOT: f32 = HEIGHT - MARGIN - 6.0;
/// Rows that fit under the head and above the footer.
pub(super) const ROWS_PER_PAGE: usize = ((FOOT - 12.0 - HEAD_TOP - ROW) / ROW) as usize;
// A page of a launch's manifest holds at least 40 passengers (600 in 15 pages at most).
const _: () = assert!(ROWS_PER_PAGE >= 40);

const INK: Rgb = Rgb(0.11, 0.15, 0.19);
const MUTED: Rgb = Rgb(0.42, 0.45, 0.5);
const RULE: Rgb = Rgb(0.82, 0.84, 0.87);
const BAND: Rgb = Rgb(0.95, 0.96, 0.97);
const RED: Rgb = Rgb(0.77, 0.12, 0.14);

/// Column widths, left to right: seats, passenger, phone, on – off, sold, paid, status.
const COLUMNS: [f32; 7] = [58.0, 140.0, 70.0, 128.0, 42.0, 44.0, 57.28];

/// The manifest, already in words: the caller formats times, amounts and statuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestDocument {
    pub operator: String,
    /// `Dhaka - Barishal · 2026-12-12 20:30 · MV Sundarban-10 (Launch)`.
    pub trip: String,
    /// `40 booked · 38 boarded · 2 no-shows`, and a launch's decks.
    pub counts: String,
    pub rows: Vec<ManifestLine>,
    pub language: Language,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestLine {
    pub seats: String,
    pub passenger: String,
    pub phone: String,
    pub points: String,
    pub channel: String,
    pub paid: String,
    pub status: String,
    /// Drawn in red: a no-show, or a scan flagged.
    pub attention: bool,
}

struct Words {
    title: &'static str,
    heads: [&'static str; 7],
    /// `{n}` of `{total}`.
    page: &'static str,
}

const ENGLISH: Words = Words {
    title: "PASSENGER MANIFEST",
    heads: ["Seats", "Passenger", "Phone", "Gets on – off", "Sold", "Paid", "Status"],
    page: "Page {n} of {total}",
};

const BANGLA: Words = Words {
    title: "যাত্রী তালিকা",
    heads: ["আসন", "যাত্রী", "ফোন", "ওঠা – নামা", "বিক্রি", "ভাড়া", "অবস্থা"],
    page: "পৃষ্ঠা {n} / {total}",
};

fn head(canvas: &mut Canvas<'_>, doc: &ManifestDocument, words: &Words, page: usize, pages: usize) {
    canvas.text_at(words.title, Weight::Bold, 9.0, MARGIN, MARGIN + 10.0, MUTED);
    let operator = canvas.wrap(&doc.operator, Weight::Bold, 14.0, WIDTH - 2.0 * MARGIN, 1);
    if let Some(line) = operator.first() {
        canvas.text(line, MARGIN, MARGIN + 28.0, 14.0, INK);
    }
    for (i, text) in [&doc.trip, &doc.counts].into_iter().enumerate() {
        if let Some(line) = canvas.wrap(text, Weight::Regular, 9.5, WIDTH - 2.0 * MARGIN, 1).first() {
            canvas.text(line, MARGIN, MARGIN + 42.0 + 12.0 * i as f32, 9.5, INK);
        }
    }
    canvas.fill_rect(MARGIN, HEAD_TOP, WIDTH - 2.0 * MARGIN, ROW, BAND);
    let mut x = MARGIN + 3.0;
    for (title, width) in words.heads.iter().zip(COLUMNS) {
        canvas.text_at(title, Weight::Bold, SIZE, x, HEAD_TOP + 10.5, INK);
        x += width;
    }
    let number =
        doc.language.digits(&words.page.replace("{n}", &page.to_string()).replace("{total}", &pages.to_string()));
    canvas.text_right(&number, Weight::Regular, SIZE, WIDTH - MARGIN, FOOT, MUTED);
}

fn row(canvas: &mut Canvas<'_>, line: &ManifestLine, top: f32) {
    let cells = [&line.seats, &line.passenger, &line.phone, &line.points, &line.channel, &line.paid, &line.status];
    let color = if line.attention { RED } else { INK };
    let mut x = MARGIN + 3.0;
    for (cell, width) in cells.into_iter().zip(COLUMNS) {
        // A name no embedded font draws is left out rather than drawn as boxes.
        let text = if canvas.fonts.draws(cell) { cell.as_str() } else { "—" };
        if let Some(shaped) = canvas.wrap(text, Weight::Regular, SIZE, width - 6.0, 1).first() {
            canvas.text(shaped, x, top + 10.5, SIZE, color);
        }
        x += width;
    }
    canvas.line(MARGIN, top + ROW, WIDTH - MARGIN, top + ROW, 0.4, RULE);
}

/// Renders the manifest, as many A4 pages as its rows need (one, with only the head, if none).
pub fn render(doc: &ManifestDocument) -> Result<Vec<u8>, PdfError> {
    let fonts = Fonts::shared()?;
    let words = match doc.language {
        Language::English => &ENGLISH,
        Language::Bangla => &BANGLA,
    };
    let pages = doc.rows.len().div_ceil(ROWS_PER_PAGE).max(1);
    let mut canvas = Canvas::new(fonts, WIDTH, HEIGHT);
    for page in 0..pages {
        if page > 0 {
            canvas.next_page();
        }
        head(&mut canvas, doc, words, page + 1, pages);
        let rows = doc.rows.iter().skip(page * ROWS_PER_PAGE).take(ROWS_PER_PAGE);
        for (i, line) in rows.enumerate() {
            row(&mut canvas, line, HEAD_TOP + ROW * (i as f32 + 1.0));
        }
    }
    let title = format!("{} {}", words.title, doc.trip);
    writer::assemble(fonts, canvas.finish(), &Info { title: &title, author: &doc.operator })
}

/// The document of a manifest in `language`: statuses, channels, counts and digits in its words.
pub fn document(m: &Manifest, language: Language) -> ManifestDocument {
    let bn = language == Language::Bangla;
    let status = |s: PassengerStatus| match (s, bn) {
        (PassengerStatus::Booked, false) => "Booked",
        (PassengerStatus::Boarded, false) => "Boarded",
        (PassengerStatus::NoShow, false) => "No-show",
        (PassengerStatus::Booked, true) => "বুক করা",
        (PassengerStatus::Boarded, true) => "উঠেছেন",
        (PassengerStatus::NoShow, true) => "অনুপস্থিত",
    };
    let channel = |c: SaleChannel| match (c, bn) {
        (SaleChannel::Web, false) => "Web",
        (SaleChannel::Counter, false) => "Counter",
        (SaleChannel::Web, true) => "ওয়েব",
        (SaleChannel::Counter, true) => "কাউন্টার",
    };
    let mut counts = if bn {
        format!("বুক {} · উঠেছেন {} · অনুপস্থিত {}", m.booked, m.boarded, m.no_shows)
    } else {
        format!("{} booked · {} boarded · {} no-shows", m.booked, m.boarded, m.no_shows)
    };
    if m.decks.len() > 1 || m.trip.service == core_wasm::service::Service::Launch {
        for d in &m.decks {
            counts.push_str(&format!(" · {}: {}/{}", d.deck, d.boarded, d.capacity));
        }
    }
    let rows = m
        .passengers
        .iter()
        .map(|p| {
            let mut words = status(p.status).to_owned();
            if !p.flags.is_empty() {
                let flagged = if bn {
                    format!(" · {}টি চিহ্নিত", p.flags.len())
                } else {
                    format!(" · {} flagged", p.flags.len())
                };
                words.push_str(&flagged);
            }
            ManifestLine {
                seats: p.seats.join(" "),
                passenger: format!("{} ({})", p.passenger_name, p.pnr),
                phone: p.phone.clone(),
                points: [p.boarding_point.as_deref(), p.dropping_point.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" – "),
                channel: channel(p.channel).to_owned(),
                paid: language.digits(&p.paid.to_string()),
                status: words,
                attention: p.status == PassengerStatus::NoShow || !p.flags.is_empty(),
            }
        })
        .collect();
    ManifestDocument {
        operator: m.trip.operator_name.clone(),
        trip: language.digits(&format!("{} · {} · {}", m.trip.route_name, m.trip.departs, m.trip.vehicle)),
        counts: language.digits(&counts),
        rows,
        language,
    }
}

/// The download's name: `manifest-<trip>.pdf`, ASCII only.
pub fn file_name(trip_id: &str) -> String {
    let id: String = trip_id.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').take(80).collect();
    format!("manifest-{id}.pdf")
}
