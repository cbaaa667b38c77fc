//! The PDF e-ticket: one A5 portrait page a traveller shows at the counter or the ghat, on a phone
//! or printed.
//!
//! The page carries the operator, PNR (also as a QR code), passenger, route, date and time,
//! boarding and dropping points, coach or ship, seats, fare breakdown, total and helpline. A
//! cancelled ticket says so four times: the brand band turns red and reads CANCELLED TICKET, a red
//! CANCELLED badge sits by the PNR over "Not valid for travel." and the refund line, and a
//! see-through CANCELLED stamp lies across the journey details.
//!
//! How the text gets onto the page, and why:
//! - Fonts are Noto Sans (Latin) and Noto Sans Bengali, embedded in the binary (`assets/fonts`,
//!   OFL) so a fresh machine needs no font install, and subset per ticket so a PDF stays small.
//! - Every string is split into Latin and Bengali runs and shaped with rustybuzz (the HarfBuzz
//!   algorithm), so Bengali conjuncts form and pre-base vowel signs (ি, ে, ৈ) move before their
//!   consonant, as a reader expects.
//! - Shaping reorders glyphs, so a glyph-to-character map alone would extract "িরহম" for
//!   "রহিম". Each Bengali run is therefore wrapped in an `/ActualText` span holding the logical
//!   string; viewers and `pdftotext` copy that. Every glyph also gets a ToUnicode entry as a
//!   fallback for readers that ignore ActualText.
//! - A5 rather than A4: most travellers open the ticket on a phone, where an A5 page shows the
//!   text larger, and it still prints well on A4 paper.
//!
//! [`render`] is CPU work (a few milliseconds in a release build, shaping and font subsetting):
//! an async handler should call it through `tokio::task::spawn_blocking`.

mod canvas;
mod fonts;
mod labels;
mod layout;
pub mod manifest;
mod qr;
mod writer;

#[cfg(test)]
mod tests;

use std::fmt;

pub use crate::language::Language;

/// Everything printed on an e-ticket, already formatted for display (dates, times and amounts are
/// the caller's business: the core's `time` module and the invoice rules decide them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketDocument {
    /// Site or operator brand shown on top, e.g. "Intercity Tickets".
    pub brand: String,
    /// "Green Line Paribahan", or a launch such as "MV Sundarban-10".
    pub operator: String,
    /// "Bus" or "Launch".
    pub service: String,
    /// e.g. "K7M4QX9A" (no 0/O/1/I).
    pub pnr: String,
    /// The signed boarding code the QR holds (issue 36); none (a cancelled ticket): the PNR.
    pub boarding_code: Option<String>,
    pub status: TicketState,
    /// May be Bengali script, e.g. "রহিম উদ্দিন".
    pub passenger_name: String,
    pub passenger_phone: String,
    pub from: String,
    pub to: String,
    /// e.g. "2026-11-23".
    pub departure_date: String,
    /// e.g. "10:30 PM".
    pub departure_time: String,
    pub boarding_point: String,
    pub boarding_time: String,
    pub dropping_point: String,
    /// Coach number and class, or ship and class/cabin.
    pub coach: String,
    pub seats: Vec<String>,
    /// Label and amount text, e.g. ("Fare (2 seats)", "TK 1,800").
    pub fare_lines: Vec<(String, String)>,
    /// e.g. "TK 1,750".
    pub total: String,
    /// For cancelled tickets, e.g. "Refunded TK 1,575 on 2026-11-21".
    pub refund: Option<String>,
    /// The cancellation and date-change policy the ticket keeps, a line each in its language
    /// (issue 37): as many as the page has room for below the fares.
    pub policy: Vec<String>,
    /// e.g. "16374".
    pub helpline: String,
    pub issued_at: String,
    /// What the page says around the data is in this language; the data comes written already.
    pub language: Language,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicketState {
    Confirmed,
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PdfError {
    /// An embedded font could not be parsed (a broken asset: a build problem, not bad input).
    Font(&'static str),
    /// An embedded font could not be subset for this ticket.
    Subset { font: &'static str, reason: String },
    /// The PNR could not be encoded as a QR code (far too long).
    Qr(String),
    /// The content needs more than one page even in the compact layout (hundreds of fare lines).
    DoesNotFit,
}

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdfError::Font(name) => write!(f, "pdf: the embedded font {name} could not be read"),
            PdfError::Subset { font, reason } => write!(f, "pdf: could not subset the font {font}: {reason}"),
            PdfError::Qr(reason) => write!(f, "pdf: the PNR cannot be drawn as a QR code: {reason}"),
            PdfError::DoesNotFit => write!(f, "pdf: the ticket does not fit on one page"),
        }
    }
}

impl std::error::Error for PdfError {}

/// Renders the e-ticket as a one-page PDF.
pub fn render(doc: &TicketDocument) -> Result<Vec<u8>, PdfError> {
    let fonts = fonts::Fonts::shared()?;
    let page = layout::draw(fonts, doc)?;
    let title = format!("E-ticket {}", doc.pnr);
    writer::assemble(fonts, page, &writer::Info { title: &title, author: &doc.brand })
}

/// The download's file name, ASCII only so it fits a `Content-Disposition` header unquoted:
/// `ticket-K7M4QX9A.pdf`. Anything but letters, digits, `-` and `_` is dropped from the PNR.
pub fn file_name(doc: &TicketDocument) -> String {
    let pnr: String =
        doc.pnr.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').take(64).collect();
    if pnr.is_empty() { "ticket.pdf".to_owned() } else { format!("ticket-{pnr}.pdf") }
}
