//! `messages`: text messages to travellers about their tickets, one per topic, waiting for the
//! sender (`domain::messages`) until sent or given up.

use super::Exec;
use super::pool::Writes;

/// What a message is about; one message per topic however often it is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Topic<'a> {
    /// The ticket, when issued.
    Ticket(&'a str),
    /// The operator cancelled the ticket's trip.
    Cancelled(&'a str),
    /// The ticket's trip changed time or boarding point (the change's time keeps two changes apart).
    Changed(&'a str, i64),
}

impl Topic<'_> {
    pub fn key(&self) -> String {
        match self {
            Topic::Ticket(id) => format!("ticket:{id}"),
            Topic::Cancelled(id) => format!("cancelled:{id}"),
            Topic::Changed(id, at) => format!("changed:{id}:{at}"),
        }
    }
}

/// A topic read back: its kind and the ticket it names.
pub fn parse_topic(key: &str) -> Option<Topic<'_>> {
    let (kind, rest) = key.split_once(':')?;
    match kind {
        "ticket" => Some(Topic::Ticket(rest)),
        "cancelled" => Some(Topic::Cancelled(rest)),
        "changed" => {
            let (id, at) = rest.rsplit_once(':')?;
            Some(Topic::Changed(id, at.parse().ok()?))
        }
        _ => None,
    }
}

const INSERT: &str = "INSERT INTO messages (id, topic, phone, body, created_at, attempts, next_at) \
     VALUES ($1, $2, $3, '', $4, 0, $4) ON CONFLICT (topic) DO NOTHING";

/// A message to `phone` about `topic`, with the other writes of its call (its text is written
/// when it is sent, in the traveller's language, from the ticket as it then stands).
pub fn queue(writes: &mut Writes, topic: &Topic<'_>, phone: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    let id = crate::ids::new_id("msg").map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
    writes.push(sqlx::query(INSERT).bind(id).bind(topic.key()).bind(phone.to_owned()).bind(now_ms))
}

/// The same, as a statement of its own in a transaction.
pub async fn queue_now<'c>(e: impl Exec<'c>, topic: &Topic<'_>, phone: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    let id = crate::ids::new_id("msg").map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
    sqlx::query(INSERT).bind(id).bind(topic.key()).bind(phone).bind(now_ms).execute(e).await?;
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MessageRow {
    pub id: String,
    pub topic: String,
    pub phone: String,
    pub attempts: i64,
    pub next_at: i64,
}

/// Messages due, oldest first.
pub async fn due<'c>(e: impl Exec<'c>, now_ms: i64, limit: i64) -> Result<Vec<MessageRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, topic, phone, attempts, next_at FROM messages WHERE sent_at IS NULL AND failed_at IS NULL \
         AND next_at <= $1 ORDER BY next_at LIMIT $2",
    )
    .bind(now_ms)
    .bind(limit)
    .fetch_all(e)
    .await
}

/// Takes a due message for one attempt: one statement, so of several processes one sends it;
/// `lease_until` is when another may try if this one never says how it went.
pub async fn claim<'c>(e: impl Exec<'c>, m: &MessageRow, lease_until: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE messages SET attempts = attempts + 1, next_at = $1 WHERE id = $2 AND next_at = $3 \
         AND sent_at IS NULL AND failed_at IS NULL",
    )
    .bind(lease_until)
    .bind(&m.id)
    .bind(m.next_at)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn sent<'c>(e: impl Exec<'c>, id: &str, body: &str, now_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE messages SET sent_at = $1, body = $2, last_error = NULL WHERE id = $3")
        .bind(now_ms)
        .bind(body)
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// Not sent this time: tried again at `next_at`, or given up (`failed`).
pub async fn not_sent<'c>(
    e: impl Exec<'c>,
    id: &str,
    error: &str,
    next_at: i64,
    failed: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE messages SET next_at = $1, failed_at = $2, last_error = $3 WHERE id = $4")
        .bind(next_at)
        .bind(failed)
        .bind(error)
        .bind(id)
        .execute(e)
        .await?;
    Ok(())
}

/// Messages about a trip's cancellation: sent, and still waiting (not given up).
pub async fn cancellation_counts<'c>(e: impl Exec<'c>, trip_id: &str) -> Result<(i64, i64), sqlx::Error> {
    sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN m.sent_at IS NOT NULL THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN m.sent_at IS NULL AND m.failed_at IS NULL THEN 1 ELSE 0 END), 0) \
         FROM messages m JOIN tickets t ON m.topic = 'cancelled:' || t.id JOIN bookings b ON b.id = t.booking_id \
         WHERE b.trip_id = $1",
    )
    .bind(trip_id)
    .fetch_one(e)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_reads_back_as_written() {
        for topic in [Topic::Ticket("ticket_1"), Topic::Cancelled("ticket_2"), Topic::Changed("ticket_3", 1_700)] {
            assert_eq!(parse_topic(&topic.key()), Some(topic));
        }
        assert_eq!(parse_topic("other:x"), None);
    }
}
