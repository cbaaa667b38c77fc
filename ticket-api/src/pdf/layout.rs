//! The ticket's design on an A5 page: brand band, operator and PNR beside the QR code, the route,
//! the journey details in two columns, the fare breakdown, and a footer with the helpline.
//!
//! Everything must fit one page. Long values wrap to a few lines and then end in "…"; only the
//! fare lines are unbounded, so the page is laid out in a normal, then a snug, then a compact
//! spacing, and a ticket that fits none is an error rather than a second page.

use super::canvas::{Canvas, Page, Rgb};
use super::fonts::{Fonts, Weight};
use super::{PdfError, TicketDocument, TicketState, labels, qr};

/// A5 portrait in points.
const WIDTH: f32 = 419.53;
const HEIGHT: f32 = 595.28;
const MARGIN: f32 = 28.0;
const CONTENT: f32 = WIDTH - 2.0 * MARGIN;

const BRAND: Rgb = Rgb(0.0, 0.42, 0.31);
const INK: Rgb = Rgb(0.11, 0.15, 0.19);
const MUTED: Rgb = Rgb(0.42, 0.45, 0.5);
const RULE: Rgb = Rgb(0.82, 0.84, 0.87);
const PANEL: Rgb = Rgb(0.95, 0.96, 0.97);
const RED: Rgb = Rgb(0.77, 0.12, 0.14);
const GREEN: Rgb = Rgb(0.1, 0.5, 0.24);
const WHITE: Rgb = Rgb(1.0, 1.0, 1.0);
const ON_BAND: Rgb = Rgb(0.87, 0.94, 0.91);

const HEADER_HEIGHT: f32 = 50.0;
const QR_SIZE: f32 = 100.0;
const FOOTER_TOP: f32 = HEIGHT - MARGIN - 46.0;

/// Vertical spacing; tighter ones are tried in turn when a looser one overflows the page.
#[derive(Debug, Clone, Copy)]
struct Spacing {
    section_gap: f32,
    row_pad: f32,
    fare_leading: f32,
    route_height: f32,
}

const NORMAL: Spacing = Spacing { section_gap: 14.0, row_pad: 9.0, fare_leading: 15.0, route_height: 54.0 };
const SNUG: Spacing = Spacing { section_gap: 11.0, row_pad: 6.5, fare_leading: 13.0, route_height: 50.0 };
const COMPACT: Spacing = Spacing { section_gap: 8.0, row_pad: 5.0, fare_leading: 11.5, route_height: 46.0 };

/// More fare lines than this cannot fit whatever the spacing; refused before any drawing.
const MAX_FARE_LINES: usize = 24;
/// The policy's lines a ticket prints at most (more are on the site).
const MAX_POLICY_LINES: usize = 8;
/// Longer values are cut before layout: no field shows more, and wrapping stays cheap.
const MAX_CHARS: usize = 240;

pub(super) fn draw(fonts: &Fonts, doc: &TicketDocument) -> Result<Page, PdfError> {
    if doc.fare_lines.len() > MAX_FARE_LINES {
        return Err(PdfError::DoesNotFit);
    }
    let doc = &tidy(doc);
    for spacing in [NORMAL, SNUG, COMPACT] {
        let mut canvas = Canvas::new(fonts, WIDTH, HEIGHT);
        let bottom = draw_ticket(&mut canvas, doc, spacing)?;
        if bottom <= FOOTER_TOP - 6.0 {
            return Ok(canvas.finish());
        }
    }
    Err(PdfError::DoesNotFit)
}

/// The document with control characters (a stray newline from a form) turned into spaces and
/// every value cut to [`MAX_CHARS`], seats to 200.
fn tidy(doc: &TicketDocument) -> TicketDocument {
    let t = |s: &str| -> String {
        s.chars().take(MAX_CHARS).map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_owned()
    };
    TicketDocument {
        brand: t(&doc.brand),
        operator: t(&doc.operator),
        service: t(&doc.service),
        pnr: t(&doc.pnr),
        // Signed text, never cut (a cut code would not verify): one too long is left out.
        boarding_code: doc.boarding_code.clone().filter(|c| c.len() <= core_wasm::boarding::MAX_CODE_CHARS),
        status: doc.status,
        passenger_name: t(&doc.passenger_name),
        passenger_phone: t(&doc.passenger_phone),
        from: t(&doc.from),
        to: t(&doc.to),
        departure_date: t(&doc.departure_date),
        departure_time: t(&doc.departure_time),
        boarding_point: t(&doc.boarding_point),
        boarding_time: t(&doc.boarding_time),
        dropping_point: t(&doc.dropping_point),
        coach: t(&doc.coach),
        seats: doc.seats.iter().take(200).map(|s| t(s)).collect(),
        fare_lines: doc.fare_lines.iter().map(|(label, amount)| (t(label), t(amount))).collect(),
        total: t(&doc.total),
        refund: doc.refund.as_deref().map(t),
        policy: doc.policy.iter().take(MAX_POLICY_LINES).map(|l| t(l)).collect(),
        helpline: t(&doc.helpline),
        issued_at: t(&doc.issued_at),
        language: doc.language,
    }
}

fn is_launch(doc: &TicketDocument) -> bool {
    doc.service.trim().eq_ignore_ascii_case("launch")
}

/// Draws the whole ticket; returns where the body ends (the footer has its own fixed place).
fn draw_ticket(c: &mut Canvas<'_>, doc: &TicketDocument, spacing: Spacing) -> Result<f32, PdfError> {
    let cancelled = doc.status == TicketState::Cancelled;
    header(c, doc, cancelled);
    let mut y = top_block(c, doc, cancelled)?;
    y = route(c, doc, y, spacing);
    let details_top = y + spacing.section_gap;
    let details_bottom = details(c, doc, details_top, spacing);
    y = fares(c, doc, details_bottom + spacing.section_gap - 4.0, spacing);
    if !cancelled {
        y = policy(c, doc, y + spacing.section_gap);
    }
    footer(c, doc, cancelled);
    if cancelled {
        // Over the journey details, where nobody can miss it.
        let centre = (details_top + details_bottom) / 2.0;
        c.stamp(labels::of(doc.language).cancelled, 50.0, (WIDTH / 2.0, centre), 18_f32.to_radians(), RED);
    }
    Ok(y)
}

/// The brand band. A cancelled ticket's band turns red and says so.
fn header(c: &mut Canvas<'_>, doc: &TicketDocument, cancelled: bool) {
    c.fill_rect(0.0, 0.0, WIDTH, HEADER_HEIGHT, if cancelled { RED } else { BRAND });
    let brand_width = CONTENT * 0.58;
    let size = c.fit_size(&doc.brand, Weight::Bold, 15.0, 10.0, brand_width);
    if let Some(line) = c.wrap(&doc.brand, Weight::Bold, size, brand_width, 1).first() {
        c.text(line, MARGIN, 31.0, size, WHITE);
    }
    let l = labels::of(doc.language);
    let kind = if cancelled {
        l.cancelled_ticket.to_owned()
    } else if is_launch(doc) {
        l.launch_ticket.to_owned()
    } else if doc.service.trim().eq_ignore_ascii_case("bus") || doc.service.trim().is_empty() {
        l.bus_ticket.to_owned()
    } else {
        l.other_ticket.replace("{service}", &doc.service.trim().to_uppercase())
    };
    c.text_right(&kind, Weight::Bold, 9.5, WIDTH - MARGIN, 23.0, WHITE);
    let helpline = format!("{} {}", l.helpline, doc.helpline);
    c.text_right(&helpline, Weight::Regular, 8.5, WIDTH - MARGIN, 36.0, ON_BAND);
}

/// Operator, coach, PNR and status on the left; the QR code of the PNR on the right.
fn top_block(c: &mut Canvas<'_>, doc: &TicketDocument, cancelled: bool) -> Result<f32, PdfError> {
    let qr_x = WIDTH - MARGIN - QR_SIZE + 10.0;
    let qr_top = HEADER_HEIGHT + 4.0;
    qr::draw(c, doc.boarding_code.as_deref().unwrap_or(&doc.pnr), qr_x, qr_top, QR_SIZE, INK)?;
    let l = labels::of(doc.language);
    let caption = if doc.boarding_code.is_some() { l.scan_to_board } else { l.scan_for_pnr };
    let caption_width = c.measure(caption, Weight::Regular, 6.5);
    c.text_at(caption, Weight::Regular, 6.5, qr_x + (QR_SIZE - caption_width) / 2.0, qr_top + QR_SIZE - 3.0, MUTED);

    let left_width = qr_x - MARGIN - 6.0;
    let mut y = HEADER_HEIGHT + 12.0;
    let size = c.fit_size(&doc.operator, Weight::Bold, 16.0, 12.0, left_width);
    for line in c.wrap(&doc.operator, Weight::Bold, size, left_width, 2) {
        y += size * 1.22;
        c.text(&line, MARGIN, y, size, INK);
    }
    for line in c.wrap(&doc.coach, Weight::Regular, 9.5, left_width, 2) {
        y += 12.5;
        c.text(&line, MARGIN, y, 9.5, MUTED);
    }

    y += 19.0;
    c.text_at(l.pnr, Weight::Bold, 7.5, MARGIN, y, MUTED);
    y += 21.0;
    let pnr_size = c.fit_size(&doc.pnr, Weight::Bold, 21.0, 12.0, left_width - 90.0);
    let pnr_width = c.text_at(&doc.pnr, Weight::Bold, pnr_size, MARGIN, y, INK);
    let (status, color) = if cancelled { (l.cancelled, RED) } else { (l.confirmed, GREEN) };
    let pill_text = c.measure(status, Weight::Bold, 7.5);
    let pill_x = MARGIN + pnr_width + 10.0;
    c.fill_round_rect(pill_x, y - 13.0, pill_text + 14.0, 15.0, 7.5, color);
    c.text_at(status, Weight::Bold, 7.5, pill_x + 7.0, y - 3.0, WHITE);

    if cancelled {
        y += 15.0;
        c.text_at(l.not_valid, Weight::Bold, 9.0, MARGIN, y, RED);
        if let Some(refund) = doc.refund.as_deref().filter(|r| !r.trim().is_empty()) {
            for line in c.wrap(refund, Weight::Regular, 9.0, left_width, 2) {
                y += 12.0;
                c.text(&line, MARGIN, y, 9.0, INK);
            }
        }
    }
    Ok((y + 12.0).max(qr_top + QR_SIZE + 4.0))
}

/// From and to cities in a panel, an arrow between them.
fn route(c: &mut Canvas<'_>, doc: &TicketDocument, top: f32, spacing: Spacing) -> f32 {
    let height = spacing.route_height;
    c.fill_round_rect(MARGIN, top, CONTENT, height, 6.0, PANEL);
    let label_y = top + height * 0.3;
    let city_y = top + height * 0.72;
    let inner = 14.0;
    let city_width = (CONTENT - 2.0 * inner - 60.0) / 2.0;
    let size = c.fit_size(&doc.from, Weight::Bold, 17.0, 10.0, city_width).min(c.fit_size(
        &doc.to,
        Weight::Bold,
        17.0,
        10.0,
        city_width,
    ));

    let l = labels::of(doc.language);
    c.text_at(l.from, Weight::Bold, 7.0, MARGIN + inner, label_y, MUTED);
    c.text_right(l.to, Weight::Bold, 7.0, WIDTH - MARGIN - inner, label_y, MUTED);
    if let Some(from) = c.wrap(&doc.from, Weight::Bold, size, city_width, 1).first() {
        c.text(from, MARGIN + inner, city_y, size, INK);
    }
    if let Some(to) = c.wrap(&doc.to, Weight::Bold, size, city_width, 1).first() {
        let width = to.width(size);
        c.text(to, WIDTH - MARGIN - inner - width, city_y, size, INK);
    }

    let (mid, arrow_y) = (WIDTH / 2.0, city_y - size * 0.35);
    c.line(mid - 22.0, arrow_y, mid + 16.0, arrow_y, 1.4, BRAND);
    c.fill_triangle([(mid + 23.0, arrow_y), (mid + 14.0, arrow_y - 4.5), (mid + 14.0, arrow_y + 4.5)], BRAND);
    top + height
}

/// A labelled value in the details grid.
struct Field {
    label: String,
    value: String,
    weight: Weight,
    size: f32,
    max_lines: usize,
}

fn field(label: &str, value: &str, weight: Weight, size: f32, max_lines: usize) -> Field {
    let value = if value.trim().is_empty() { "—" } else { value };
    Field { label: label.to_uppercase(), value: value.to_owned(), weight, size, max_lines }
}

/// The journey details, two columns.
fn details(c: &mut Canvas<'_>, doc: &TicketDocument, top: f32, spacing: Spacing) -> f32 {
    let launch = is_launch(doc);
    let l = labels::of(doc.language);
    let count = doc.language.digits(&doc.seats.len().to_string());
    let seats_label = match (launch, doc.seats.len()) {
        (true, _) => l.seats_or_cabins.replace("{n}", &count),
        (false, 1) => l.one_seat.to_owned(),
        (false, _) => l.seats.replace("{n}", &count),
    };
    // A name in a script the ticket has no face for would print as a blank: the ticket says
    // whose it is by its PNR instead (the booking keeps the name as typed).
    let name = if c.fonts.draws(&doc.passenger_name) {
        doc.passenger_name.clone()
    } else {
        l.name_as_booked.replace("{pnr}", &doc.pnr)
    };
    let rows = [
        [
            field(l.passenger, &name, Weight::Bold, 11.0, 2),
            field(l.mobile, &doc.passenger_phone, Weight::Regular, 10.5, 1),
        ],
        [
            field(l.journey_date, &doc.departure_date, Weight::Bold, 10.5, 1),
            field(l.departure_time, &doc.departure_time, Weight::Bold, 10.5, 1),
        ],
        [
            field(
                if launch { l.boarding_ghat } else { l.boarding_point },
                &doc.boarding_point,
                Weight::Regular,
                10.0,
                3,
            ),
            field(l.boarding_time, &doc.boarding_time, Weight::Regular, 10.0, 1),
        ],
        [
            field(
                if launch { l.destination_ghat } else { l.dropping_point },
                &doc.dropping_point,
                Weight::Regular,
                10.0,
                3,
            ),
            field(&seats_label, &doc.seats.join(", "), Weight::Bold, 12.0, 4),
        ],
    ];

    let gutter = 20.0;
    let column = (CONTENT - gutter) / 2.0;
    let mut y = top;
    for row in &rows {
        let mut row_bottom = y;
        for (i, cell) in row.iter().enumerate() {
            let x = MARGIN + i as f32 * (column + gutter);
            let mut line_y = y + 8.0;
            c.text_at(&cell.label, Weight::Bold, 6.8, x, line_y, MUTED);
            line_y += 3.0;
            let leading = cell.size * 1.3;
            for line in c.wrap(&cell.value, cell.weight, cell.size, column, cell.max_lines) {
                line_y += leading;
                c.text(&line, x, line_y, cell.size, INK);
            }
            row_bottom = row_bottom.max(line_y);
        }
        y = row_bottom + spacing.row_pad;
    }
    y
}

/// The fare breakdown and total, below a dashed tear line.
fn fares(c: &mut Canvas<'_>, doc: &TicketDocument, top: f32, spacing: Spacing) -> f32 {
    c.dashed_line(MARGIN, WIDTH - MARGIN, top, RULE);
    let mut y = top + 16.0;
    let l = labels::of(doc.language);
    c.text_at(l.fare_details, Weight::Bold, 6.8, MARGIN, y, MUTED);
    y += 2.0;
    for (label, amount) in &doc.fare_lines {
        y += spacing.fare_leading;
        let amount_width = c.measure(amount, Weight::Regular, 9.5);
        let label_width = CONTENT - amount_width - 16.0;
        if let Some(line) = c.wrap(label, Weight::Regular, 9.5, label_width, 1).first() {
            c.text(line, MARGIN, y, 9.5, INK);
        }
        c.text_right(amount, Weight::Regular, 9.5, WIDTH - MARGIN, y, INK);
    }
    y += 7.0;
    c.line(MARGIN, y, WIDTH - MARGIN, y, 0.6, RULE);
    y += 17.0;
    c.text_at(l.total, Weight::Bold, 12.0, MARGIN, y, INK);
    let color = if doc.status == TicketState::Cancelled { INK } else { BRAND };
    c.text_right(&doc.total, Weight::Bold, 12.0, WIDTH - MARGIN, y, color);
    y + 4.0
}

/// The policy in small print, as many lines as fit above the footer (never a reason for the
/// page not to fit: a line that would not fit is left out, the site has them all).
fn policy(c: &mut Canvas<'_>, doc: &TicketDocument, top: f32) -> f32 {
    const LEADING: f32 = 9.5;
    let room = FOOTER_TOP - 6.0;
    if doc.policy.is_empty() || top + 10.0 + LEADING > room {
        return top;
    }
    let mut y = top + 8.0;
    c.text_at(labels::of(doc.language).policy, Weight::Bold, 6.8, MARGIN, y, MUTED);
    for line in &doc.policy {
        if y + LEADING > room {
            break;
        }
        y += LEADING;
        if let Some(shown) = c.wrap(line, Weight::Regular, 7.5, CONTENT, 1).first() {
            c.text(shown, MARGIN, y, 7.5, INK);
        }
    }
    y
}

/// Helpline, issue time and what to do, at a fixed place at the bottom of the page.
fn footer(c: &mut Canvas<'_>, doc: &TicketDocument, cancelled: bool) {
    c.line(MARGIN, FOOTER_TOP, WIDTH - MARGIN, FOOTER_TOP, 0.6, RULE);
    let mut y = FOOTER_TOP + 16.0;
    let l = labels::of(doc.language);
    let label_width = c.text_at(&format!("{} ", l.helpline), Weight::Regular, 9.0, MARGIN, y, MUTED);
    c.text_at(&doc.helpline, Weight::Bold, 11.0, MARGIN + label_width, y, INK);
    let issued = l.issued.replace("{time}", &doc.issued_at);
    c.text_right(&issued, Weight::Regular, 8.0, WIDTH - MARGIN, y, MUTED);
    let note = if cancelled {
        l.note_cancelled
    } else if is_launch(doc) {
        l.note_launch
    } else {
        l.note_bus
    };
    for line in c.wrap(note, Weight::Regular, 7.5, CONTENT, 2) {
        y += 11.0;
        c.text(&line, MARGIN, y, 7.5, MUTED);
    }
}
