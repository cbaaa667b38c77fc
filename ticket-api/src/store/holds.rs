//! `holds` and `hold_seats`: a visitor's seat-lock on a trip. Its rows in `seat_claims` carry
//! `claim_id = holds.id` (the inventory module writes those).

use super::pool::Tx;

use super::Exec;
use super::pool::Writes;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HoldRow {
    pub id: String,
    pub trip_id: String,
    pub visitor: String,
    pub from_stop: i64,
    pub to_stop: i64,
    pub boarding_point: Option<String>,
    pub dropping_point: Option<String>,
    pub expires_at: i64,
    pub created_at: i64,
    /// When the visitor first locked this trip: the hold never lives past this plus the cap.
    pub first_locked_at: i64,
    pub client_address: String,
}

/// Takes the quota locks of the visitor and of the client address, with the other writes of
/// its call: held until the transaction ends, so that seat-locks sent together are counted one
/// after another ([`before_lock`]), never all against the same count. A transaction that runs
/// alone holds them already. The locks are taken in one order everywhere (the visitor's, then
/// the address's), so two seat-locks never wait on each other in a cycle.
pub fn lock_quotas(writes: &mut Writes, tx: &Tx, visitor: &str, address: &str) -> Result<(), sqlx::Error> {
    if tx.runs_alone() {
        return Ok(());
    }
    writes.push(
        sqlx::query(
            "INSERT INTO hold_quota_locks (lock_key) VALUES ($1), ($2) \
             ON CONFLICT (lock_key) DO UPDATE SET lock_key = excluded.lock_key",
        )
        .bind(format!("owner:{visitor}"))
        .bind(format!("address:{address}")),
    )
}

/// What a seat-lock reads before it claims, under the quota locks ([`lock_quotas`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeforeLock {
    /// Seats held elsewhere by the visitor and from the client address.
    pub held: HeldSeats,
    /// The visitor's holds on the trip, live or not: the new one replaces them.
    pub replaced: Vec<Replaced>,
}

/// Seats held now by the visitor and from the client address, on trips other than the one
/// being locked (whose hold the new lock replaces).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldSeats {
    pub by_visitor: i64,
    pub from_address: i64,
}

/// A hold a new lock replaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    pub id: String,
    /// When the visitor first locked the trip: the new hold keeps it while it still counts.
    pub first_locked_at: i64,
}

/// [`BeforeLock`] at `now_ms` for the visitor's lock of `trip_id` from `address`, in one read:
/// a row of the counts, once for each hold replaced (or once with none).
pub async fn before_lock(
    tx: &mut Tx,
    visitor: &str,
    address: &str,
    trip_id: &str,
    now_ms: i64,
) -> Result<BeforeLock, sqlx::Error> {
    let rows: Vec<BeforeLockRow> = sqlx::query_as(
        "SELECT c.by_visitor, c.from_address, h.id AS replaced_id, h.first_locked_at AS replaced_first_locked_at \
         FROM (SELECT \
           (SELECT COUNT(*) FROM hold_seats s JOIN holds h ON h.id = s.hold_id \
            WHERE h.visitor = $1 AND h.expires_at > $3 AND h.trip_id <> $4) AS by_visitor, \
           (SELECT COUNT(*) FROM hold_seats s JOIN holds h ON h.id = s.hold_id \
            WHERE h.client_address = $2 AND h.expires_at > $3 AND h.trip_id <> $4) AS from_address) c \
         LEFT JOIN holds h ON h.visitor = $1 AND h.trip_id = $4",
    )
    .bind(visitor)
    .bind(address)
    .bind(now_ms)
    .bind(trip_id)
    .fetch_all(&mut **tx)
    .await?;
    let held = rows
        .first()
        .map(|r| HeldSeats { by_visitor: r.by_visitor, from_address: r.from_address })
        .ok_or_else(|| sqlx::Error::Protocol("the counts before a seat-lock read no row".into()))?;
    let replaced = rows
        .into_iter()
        .filter_map(|r| Some(Replaced { id: r.replaced_id?, first_locked_at: r.replaced_first_locked_at? }))
        .collect();
    Ok(BeforeLock { held, replaced })
}

#[derive(sqlx::FromRow)]
struct BeforeLockRow {
    by_visitor: i64,
    from_address: i64,
    replaced_id: Option<String>,
    replaced_first_locked_at: Option<i64>,
}

/// What a seat-lock's churn guard reads (issue 39): seats of the trip whose hold from the same
/// client address, by another owner, ran to its life cap and ended within the last `life_ms`
/// (each with when it ended); and the owner's holds that ended unpaid within the last
/// `unpaid_window_ms` (a paid hold is deleted when its ticket is issued), with the latest end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Churn {
    pub cooling: Vec<(String, i64)>,
    pub unpaid: i64,
    pub last_unpaid_end: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct ChurnRow {
    seat: Option<String>,
    ended: i64,
}

/// [`Churn`] for `owner`'s lock of `trip_id` from `address` at `now_ms`, in one read.
pub async fn churn(
    tx: &mut Tx,
    owner: &str,
    address: &str,
    trip_id: &str,
    now_ms: i64,
    life_ms: i64,
    unpaid_window_ms: i64,
) -> Result<Churn, sqlx::Error> {
    let rows: Vec<ChurnRow> = sqlx::query_as(
        "SELECT s.seat_no AS seat, h.expires_at AS ended FROM holds h JOIN hold_seats s ON s.hold_id = h.id \
         WHERE h.client_address = $1 AND h.trip_id = $2 AND h.visitor <> $3 AND h.expires_at <= $4 \
         AND h.expires_at > $4 - $5 AND h.expires_at >= h.first_locked_at + $5 \
         UNION ALL \
         SELECT NULL AS seat, h.expires_at AS ended FROM holds h \
         WHERE h.visitor = $3 AND h.expires_at <= $4 AND h.expires_at > $4 - $6",
    )
    .bind(address)
    .bind(trip_id)
    .bind(owner)
    .bind(now_ms)
    .bind(life_ms)
    .bind(unpaid_window_ms)
    .fetch_all(&mut **tx)
    .await?;
    let mut churn = Churn::default();
    for row in rows {
        match row.seat {
            Some(seat) => churn.cooling.push((seat, row.ended)),
            None => {
                churn.unpaid += 1;
                churn.last_unpaid_end = churn.last_unpaid_end.max(Some(row.ended));
            }
        }
    }
    Ok(churn)
}

/// The visitor's hold on the trip that is still live at `now_ms`, with its seats in the order
/// chosen: the latest, should a login have brought the user a second one (their visitor's,
/// beside their own from elsewhere).
pub async fn live_of_visitor<'c>(
    e: impl Exec<'c>,
    trip_id: &str,
    visitor: &str,
    now_ms: i64,
) -> Result<Option<(HoldRow, Vec<String>)>, sqlx::Error> {
    let rows: Vec<HeldSeatRow> = sqlx::query_as(
        "SELECT h.*, s.seat_no AS held_seat FROM holds h JOIN hold_seats s ON s.hold_id = h.id \
         WHERE h.id = (SELECT id FROM holds WHERE trip_id = $1 AND visitor = $2 AND expires_at > $3 \
                       ORDER BY created_at DESC, id LIMIT 1) \
         ORDER BY s.ordinal",
    )
    .bind(trip_id)
    .bind(visitor)
    .bind(now_ms)
    .fetch_all(e)
    .await?;
    Ok(super::gather_seats(rows.into_iter().map(|row| (row.hold, Some(row.held_seat)))))
}

/// A hold joined with one of its seats.
#[derive(sqlx::FromRow)]
struct HeldSeatRow {
    #[sqlx(flatten)]
    hold: HoldRow,
    held_seat: String,
}

/// Takes the quota locks of several owners (a login's visitor and user), as [`lock_quotas`]
/// takes one owner's: owners' keys in sorted order, each before any address's (seat-lock takes
/// its owner's, then its address's), so no two transactions wait on each other in a cycle. A
/// seat-lock in flight for one of them finishes first, and its hold is then seen.
pub async fn lock_owners(tx: &mut Tx, owners: &[&str]) -> Result<(), sqlx::Error> {
    lock_keys(tx, owners.iter().map(|o| format!("owner:{o}")).collect()).await
}

/// Takes the lock rows `keys` (of `hold_quota_locks`, each caller with a prefix of its own:
/// `owner:`, `address:`, `queue turns:`) until the transaction ends, in sorted order, so that two
/// transactions taking several never wait on each other in a cycle. A transaction that runs
/// alone holds them already.
pub async fn lock_keys(tx: &mut Tx, mut keys: Vec<String>) -> Result<(), sqlx::Error> {
    if tx.runs_alone() {
        return Ok(());
    }
    keys.sort();
    keys.dedup();
    let sql = format!(
        "INSERT INTO hold_quota_locks (lock_key) VALUES {} ON CONFLICT (lock_key) DO UPDATE SET lock_key = excluded.lock_key",
        super::values_list(keys.len(), 1)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for key in &keys {
        query = query.bind(key.as_str());
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

/// Gives every hold of owner `from` to owner `to` (a login), under both owners' quota locks: the
/// trips they are on, for the claims cache (a hold's owner is what a seat view leaves out as the
/// viewer's own).
pub async fn move_owner(tx: &mut Tx, from: &str, to: &str) -> Result<Vec<String>, sqlx::Error> {
    lock_owners(tx, &[from, to]).await?;
    sqlx::query_scalar("UPDATE holds SET visitor = $1 WHERE visitor = $2 RETURNING trip_id")
        .bind(to)
        .bind(from)
        .fetch_all(&mut **tx)
        .await
}

/// Gives owner `from`'s live hold on one trip to owner `to`, under both owners' quota locks: a
/// hold a seat-lock made with the visitor's token after its login had moved the others. True
/// when there was one.
pub async fn adopt(tx: &mut Tx, trip_id: &str, from: &str, to: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    lock_owners(tx, &[from, to]).await?;
    let moved = sqlx::query("UPDATE holds SET visitor = $1 WHERE visitor = $2 AND trip_id = $3 AND expires_at > $4")
        .bind(to)
        .bind(from)
        .bind(trip_id)
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    Ok(moved.rows_affected() > 0)
}

/// One live hold of an owner, as a login weighs it against the per-visitor cap.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OwnedHold {
    pub id: String,
    pub trip_id: String,
    pub created_at: i64,
    pub seats: i64,
    /// Pending bookings being paid with it (0 or 1).
    pub booked: i64,
}

/// The owner's live holds, each with its seat count and whether a pending booking pays for it.
pub async fn live_of_owner(tx: &mut Tx, owner: &str, now_ms: i64) -> Result<Vec<OwnedHold>, sqlx::Error> {
    sqlx::query_as(
        "SELECT h.id, h.trip_id, h.created_at, \
         (SELECT COUNT(*) FROM hold_seats s WHERE s.hold_id = h.id) AS seats, \
         (SELECT COUNT(*) FROM bookings b WHERE b.hold_id = h.id AND b.status = 'pending') AS booked \
         FROM holds h WHERE h.visitor = $1 AND h.expires_at > $2",
    )
    .bind(owner)
    .bind(now_ms)
    .fetch_all(&mut **tx)
    .await
}

/// Which of an owner's holds go when they hold more than `cap` seats (two visitors' holds met at
/// a login): holds being paid for stay (a payment may be under way), then the newest while they
/// fit; the rest are released.
pub fn over_cap(mut held: Vec<OwnedHold>, cap: i64) -> Vec<OwnedHold> {
    held.sort_by(|a, b| b.booked.cmp(&a.booked).then(b.created_at.cmp(&a.created_at)).then(a.id.cmp(&b.id)));
    let mut kept = 0;
    let mut released = Vec::new();
    for hold in held {
        if hold.booked > 0 || kept + hold.seats <= cap {
            kept += hold.seats;
        } else {
            released.push(hold);
        }
    }
    released
}

/// When the hold ends, if it still exists.
pub async fn expires_at<'c>(e: impl Exec<'c>, hold_id: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT expires_at FROM holds WHERE id = $1").bind(hold_id).fetch_optional(e).await
}

/// Writes a hold and its seats, with the other writes of its call.
pub fn insert(writes: &mut Writes, hold: &HoldRow, seats: &[String]) -> Result<(), sqlx::Error> {
    writes.push(
        sqlx::query(
            "INSERT INTO holds (id, trip_id, visitor, from_stop, to_stop, boarding_point, dropping_point, expires_at, \
             created_at, first_locked_at, client_address) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&hold.id)
        .bind(&hold.trip_id)
        .bind(&hold.visitor)
        .bind(hold.from_stop)
        .bind(hold.to_stop)
        .bind(hold.boarding_point.as_deref())
        .bind(hold.dropping_point.as_deref())
        .bind(hold.expires_at)
        .bind(hold.created_at)
        .bind(hold.first_locked_at)
        .bind(&hold.client_address),
    )?;
    if let Some(seats) = super::seats_insert("hold_seats", "hold_id", &hold.id, seats) {
        writes.push(seats)?;
    }
    Ok(())
}

/// Deletes a hold, with the other writes of its call; its seats go with it (`hold_seats`
/// cascades, foreign keys being on in both stores).
pub fn delete(writes: &mut Writes, hold_id: &str) -> Result<(), sqlx::Error> {
    writes.push(sqlx::query("DELETE FROM holds WHERE id = $1").bind(hold_id))
}

/// Moves a hold's end, with the other writes of its call.
pub fn set_expiry(writes: &mut Writes, hold_id: &str, until_ms: i64) -> Result<(), sqlx::Error> {
    writes.push(sqlx::query("UPDATE holds SET expires_at = $1 WHERE id = $2").bind(until_ms).bind(hold_id))
}

/// Drops one seat from a hold.
pub async fn remove_seat<'c>(e: impl Exec<'c>, hold_id: &str, seat_no: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM hold_seats WHERE hold_id = $1 AND seat_no = $2")
        .bind(hold_id)
        .bind(seat_no)
        .execute(e)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{OwnedHold, over_cap};

    fn hold(id: &str, created_at: i64, seats: i64, booked: i64) -> OwnedHold {
        OwnedHold { id: id.into(), trip_id: "t".into(), created_at, seats, booked }
    }

    #[test]
    fn a_login_keeps_holds_being_paid_then_the_newest_up_to_the_cap() {
        let held = vec![hold("old", 1, 4, 0), hold("older", 0, 4, 0), hold("new", 3, 4, 0), hold("newer", 4, 4, 0)];
        let gone: Vec<String> = over_cap(held, 8).into_iter().map(|h| h.id).collect();
        assert_eq!(gone, ["old", "older"]);
        let held = vec![hold("paying", 0, 4, 1), hold("new", 3, 4, 0), hold("newer", 4, 3, 0), hold("small", 2, 1, 0)];
        let gone: Vec<String> = over_cap(held, 8).into_iter().map(|h| h.id).collect();
        assert_eq!(gone, ["new"], "the newest that fit beside the one being paid");
        assert!(over_cap(vec![hold("a", 0, 8, 0)], 8).is_empty());
    }
}
