//! A traveller's found tickets as cancellations change them (SPEC §4).

use crate::contract::tickets::{CancelTicketResponse, Ticket};

/// After a successful cancel, the ticket with `ticket_id` takes the response's status, refund and
/// fee; the others are unchanged.
pub fn apply_cancel(mut tickets: Vec<Ticket>, ticket_id: &str, response: &CancelTicketResponse) -> Vec<Ticket> {
    for ticket in tickets.iter_mut().filter(|t| t.id == ticket_id) {
        ticket.payment_history.ticket_status = response.ticket_status;
        ticket.payment_history.refund_amount = Some(response.refund_amount);
        ticket.payment_history.cancellation_fee = Some(response.cancellation_fee);
        ticket.payment_history.refund_status = response.refund_status;
    }
    tickets
}
