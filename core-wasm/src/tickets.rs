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
    let quote = if ticket.cancel_free {
        policy::cancel_free(paid, now, departs)
    } else {
        policy::reschedule(policy, paid, now, departs)
    };
    Some(policy::settle(policy, quote, new_amount, now, to_departs))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{parse_local, to_wire};

    /// A confirmed ticket of 1,200 Tk under Bhaluka's 10 % date change, leaving 11 December 20:00.
    fn ticket(cancel_free: bool) -> Ticket {
        serde_json::from_value(serde_json::json!({
            "_id": "t1",
            "departureDateTime": to_wire("2026-12-11", "20:00").unwrap(),
            "paymentHistory": {"ticketStatus": "confirmed", "paidAmount": 1200},
            "policy": {"slabs": [{"hours": 24, "fee": {"kind": "percent", "percent": 15}}],
                "reschedule": {"hours": 12, "fee": {"kind": "percent", "percent": 10}}},
            "cancelFree": cancel_free,
        }))
        .unwrap()
    }

    #[test]
    fn a_change_follows_the_tickets_policy_or_is_free_once_the_operator_moved_the_trip() {
        let (to, now) = (parse_local("2026-12-13 20:00").unwrap(), parse_local("2026-12-11 07:00").unwrap());
        let quote = |free| change_quote(&ticket(free), 1_500, to, now);
        assert_eq!(
            quote(false),
            Some(ChangeQuote::Allowed { fee: 120, credit: 1_080, pay: 420, refund: 0, notice_minutes: 780 })
        );
        assert_eq!(
            quote(true),
            Some(ChangeQuote::Allowed { fee: 0, credit: 1_200, pay: 300, refund: 0, notice_minutes: 780 })
        );
        // Two hours before: too late by the policy, still free for a moved trip.
        let late = parse_local("2026-12-11 18:00").unwrap();
        assert!(matches!(change_quote(&ticket(false), 900, to, late), Some(ChangeQuote::Refused { .. })));
        assert_eq!(
            change_quote(&ticket(true), 900, to, late),
            Some(ChangeQuote::Allowed { fee: 0, credit: 1_200, pay: 0, refund: 300, notice_minutes: 120 })
        );
    }
}
