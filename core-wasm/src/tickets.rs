//! A traveller's found tickets as cancellations change them (SPEC §4), and what cancelling one
//! would cost under the policy it was sold under (issue 37): the site asks before the traveller
//! confirms, the ticket API when it cancels, with the same function.

use crate::contract::tickets::{CancelTicketResponse, Ticket, TicketStatus};
use crate::policy::{self, ChangeQuote, PolicyQuote};
use crate::pricing::Taka;
use crate::time::{DateTime, WireDateTime};

/// When the ticket's traveller leaves (Dhaka wall clock), if the ticket says.
pub fn departs(ticket: &Ticket) -> Option<DateTime> {
    WireDateTime::parse(ticket.departure_date_time.as_deref()?).ok().map(WireDateTime::to_dhaka)
}

/// Whether the ticket's refund is handed back at a counter: it was paid there in cash, or by
/// bKash to the counter's number, not through a gateway that can send money back.
pub fn refund_at_counter(ticket: &Ticket) -> bool {
    ticket.payment_history.gateway.as_deref().and_then(crate::staff::counter::PayMethod::parse).is_some()
}

/// What cancelling `ticket` at `now` (Dhaka wall clock) keeps and gives back, or why it cannot
/// be cancelled: by its policy, or free until departure once the operator changed the trip.
/// None for a ticket no longer confirmed, or one that does not say its policy, price or time.
pub fn cancel_quote(ticket: &Ticket, now: DateTime) -> Option<PolicyQuote> {
    if ticket.payment_history.ticket_status != TicketStatus::Confirmed {
        return None;
    }
    let policy = ticket.policy.as_ref()?;
    let paid = ticket.payment_history.paid_amount?.round() as Taka;
    let departs = departs(ticket)?;
    Some(if ticket.cancel_free {
        policy::cancel_free(paid, now, departs)
    } else {
        policy::cancel(policy, paid, now, departs)
    })
}

/// What changing `ticket` at `now` to a trip leaving at `to_departs` that costs `new_amount`
/// comes to: by its policy's date-change rule, or free until departure once the operator changed
/// the trip. None for a ticket no longer confirmed, or one that does not say its policy, price or
/// time.
pub fn change_quote(ticket: &Ticket, new_amount: Taka, to_departs: DateTime, now: DateTime) -> Option<ChangeQuote> {
    if ticket.payment_history.ticket_status != TicketStatus::Confirmed {
        return None;
    }
    let policy = ticket.policy.as_ref()?;
    let paid = ticket.payment_history.paid_amount?.round() as Taka;
    let departs = departs(ticket)?;
    let rule = if ticket.cancel_free { policy::change_free } else { policy::change };
    Some(rule(policy, paid, new_amount, now, departs, to_departs))
}

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
