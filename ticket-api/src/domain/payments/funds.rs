//! Where a ticket's money came from, and the way it goes back (issue 37). A ticket is mostly paid
//! by its booking's one session; a date change moves the old ticket's money to the new booking
//! (less the fee) and adds what a dearer trip cost, so a ticket may be paid by several sessions,
//! each at its gateway. A refund goes back the way the newest money came; a fee is kept of the
//! oldest.

use crate::store::payments::{self, Fund, RefundReason};
use crate::store::pool::Tx;

/// Which end of the funds an amount is taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Oldest,
    Newest,
}

/// How much of `amount` each of `funds` (oldest first) gives, taken from `end`: never more than
/// a fund holds, and together no more than they hold.
pub fn split(funds: &[i64], amount: i64, end: End) -> Vec<i64> {
    let mut taken = vec![0; funds.len()];
    let mut left = amount.max(0);
    let n = funds.len();
    for k in 0..n {
        let i = match end {
            End::Oldest => k,
            End::Newest => n - 1 - k,
        };
        let part = left.min(funds[i].max(0));
        taken[i] = part;
        left -= part;
    }
    taken
}

/// `paisa` taken out of `funds` from `end`: what was taken, by fund, and what is left.
pub fn take(funds: &[Fund], paisa: i64, end: End) -> (Vec<Fund>, Vec<Fund>) {
    let parts = split(&funds.iter().map(|f| f.paisa).collect::<Vec<_>>(), paisa, end);
    let with = |f: &Fund, paisa: i64| Fund { session: f.session.clone(), paisa };
    let taken = funds.iter().zip(&parts).filter(|(_, p)| **p > 0).map(|(f, p)| with(f, *p)).collect();
    let left = funds.iter().zip(&parts).filter(|(f, p)| f.paisa > **p).map(|(f, p)| with(f, f.paisa - p)).collect();
    (taken, left)
}

/// Asks for `paisa` of what paid for the booking `tnx_id` back, newest money first, in the
/// caller's transaction: the refunds' ids (none for a booking paid at a counter, or nothing to
/// give).
pub async fn refund(
    tx: &mut Tx,
    tnx_id: &str,
    paisa: i64,
    reason: RefundReason,
    now: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let funds = payments::funds_of(tx, tnx_id).await?;
    let (back, _) = take(&funds, paisa, End::Newest);
    let mut ids = Vec::with_capacity(back.len());
    for fund in back {
        ids.push(payments::request_refund(&mut **tx, &fund.session, tnx_id, fund.paisa, reason, now).await?);
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refund_goes_back_the_way_the_newest_money_came() {
        // 1,080 Tk brought from a changed ticket, then 420 Tk paid for the dearer date.
        assert_eq!(split(&[108_000, 42_000], 30_000, End::Newest), vec![0, 30_000]);
        assert_eq!(split(&[108_000, 42_000], 100_000, End::Newest), vec![58_000, 42_000]);
        assert_eq!(split(&[108_000, 42_000], 150_000, End::Newest), vec![108_000, 42_000]);
    }

    #[test]
    fn a_fee_is_kept_of_the_oldest_money() {
        assert_eq!(split(&[120_000, 42_000], 12_000, End::Oldest), vec![12_000, 0]);
        assert_eq!(split(&[10_000, 42_000], 12_000, End::Oldest), vec![10_000, 2_000]);
    }

    #[test]
    fn never_more_than_the_funds_hold_and_nothing_for_nothing() {
        assert_eq!(split(&[5_000], 9_000, End::Newest), vec![5_000]);
        assert_eq!(split(&[5_000, 1_000], 0, End::Newest), vec![0, 0]);
        assert_eq!(split(&[5_000], -100, End::Oldest), vec![0]);
        assert_eq!(split(&[], 100, End::Newest), Vec::<i64>::new());
    }
}
