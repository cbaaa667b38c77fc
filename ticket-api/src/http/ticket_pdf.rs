//! `download-ticket-pdf/{id}`: the e-ticket as a PDF (src/pdf renders it), for bus and launch.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use core_wasm::contract::tickets::{Ticket, TicketStatus};

use crate::AppState;
use crate::domain::identity::Caller;
use crate::domain::{access, views};
use crate::error::ApiError;
use crate::http::extract::Speaks;
use crate::language::Language;
use crate::pdf::{self, TicketDocument, TicketState};
use crate::store::content;

/// The departure's date and time as the language writes them (empty when unreadable).
fn shown(wire: Option<&str>, language: Language) -> (String, String) {
    let moment = wire.and_then(|w| core_wasm::time::WireDateTime::parse(w).ok()).map(|w| w.to_dhaka());
    moment.map(|m| (language.date(m.date), language.clock(m))).unwrap_or_default()
}

/// `english`, or its Bangla sibling while the ticket is written in Bangla and the data has one.
fn pick(language: Language, english: &Option<String>, bangla: &Option<String>) -> String {
    let bangla = bangla.as_ref().filter(|b| language == Language::Bangla && !b.trim().is_empty());
    bangla.or(english.as_ref()).cloned().unwrap_or_default()
}

fn document(ticket: &Ticket, helpline: String, language: Language) -> TicketDocument {
    let (date, time) = shown(ticket.departure_date_time.as_deref(), language);
    let paid = ticket.payment_history.paid_amount.unwrap_or(0.0);
    let cancelled = matches!(ticket.payment_history.ticket_status, TicketStatus::Cancelled | TicketStatus::Refunded);
    TicketDocument {
        // A brand name is not translated.
        brand: "Intercity Tickets".into(),
        operator: pick(language, &ticket.company_name, &ticket.company_name_bn),
        service: if ticket.service == Some(core_wasm::service::Service::Launch) {
            "Launch".into()
        } else {
            "Bus".into()
        },
        pnr: ticket.pnr.clone().unwrap_or_default(),
        boarding_code: ticket.boarding_code.clone(),
        status: if cancelled { TicketState::Cancelled } else { TicketState::Confirmed },
        passenger_name: ticket.passenger_name.clone().unwrap_or_default(),
        passenger_phone: language.digits(ticket.phone.as_deref().unwrap_or_default()),
        from: pick(language, &ticket.from, &ticket.from_bn),
        to: pick(language, &ticket.to, &ticket.to_bn),
        departure_date: date,
        departure_time: time.clone(),
        boarding_point: pick(language, &ticket.boarding_point, &ticket.boarding_point_bn),
        boarding_time: time,
        dropping_point: pick(language, &ticket.dropping_point, &ticket.dropping_point_bn),
        coach: pick(language, &ticket.vehicle, &ticket.vehicle_bn),
        seats: ticket.seats.clone(),
        fare_lines: ticket
            .fare_lines
            .iter()
            .map(|l| (pick(language, &Some(l.label.clone()), &l.label_bn), language.taka(l.amount)))
            .collect(),
        total: language.taka(paid),
        refund: if cancelled {
            ticket.payment_history.refund_amount.map(|r| match language {
                Language::English => format!("Refunded {}", language.taka(r)),
                Language::Bangla => format!("ফেরত {}", language.taka(r)),
            })
        } else {
            None
        },
        policy: ticket.policy.as_ref().map(|p| core_wasm::policy::describe(p, language)).unwrap_or_default(),
        helpline: language.digits(&helpline),
        issued_at: String::new(),
        language,
    }
}

/// The owner's ticket, or one of a phone the caller proved (404 for anyone else).
pub async fn download(
    State(state): State<AppState>,
    caller: Caller,
    Speaks(language): Speaks,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let row = access::ticket(&state, &caller, &id).await?;
    answer(&state, &row.id, language).await
}

/// The ticket's PDF as an attachment (for its owner here; for a counter's staff in
/// `staff::http`).
pub async fn answer(state: &AppState, ticket_id: &str, language: Language) -> Result<Response, ApiError> {
    let ticket = views::ticket(state, ticket_id).await?;
    let helpline = content::setting(&state.pool, "helpline").await?.unwrap_or_else(|| "16374".into());
    let doc = document(&ticket, helpline, language);
    let name = pdf::file_name(&doc);
    // Rendering takes milliseconds of CPU: off the async threads.
    let bytes = tokio::task::spawn_blocking(move || pdf::render(&doc))
        .await
        .map_err(|e| ApiError::Internal(format!("pdf task: {e}")))?
        .map_err(|e| ApiError::Internal(format!("pdf: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        bytes,
    )
        .into_response())
}
