//! The audit log (issue 35): every staff write appends one entry, in the write's transaction:
//! who (user, role, operator), what (call and object), before and after, when, from where.
//!
//! Entries are hash-chained: an entry's hash covers its fields and the hash before it, so an
//! entry changed in the database breaks the chain from there on, and [`verify`] names the first
//! broken one. Appending first takes the head row (`audit_head`, one UPDATE): on PostgreSQL a row
//! lock, on SQLite the write lock, so audited writes are appended one at a time and the chain
//! never forks. That serialises the back office's writes, which are a manager's clicks, never
//! the traveller's stampede (no traveller call touches the head).

use sha2::{Digest, Sha256};

use crate::store::Exec;
use crate::store::pool::TxConn;

/// The head of the chain, taken for this transaction: the next entry's number and the hash it
/// follows.
#[derive(Debug)]
pub struct Head {
    seq: i64,
    prev_hash: String,
}

/// Takes the head for this transaction; the write's statements come after.
pub async fn take_head(tx: &mut TxConn) -> Result<Head, sqlx::Error> {
    let (seq, prev_hash): (i64, String) =
        sqlx::query_as("UPDATE audit_head SET seq = seq + 1 WHERE id = 1 RETURNING seq, hash")
            .fetch_one(&mut *tx)
            .await?;
    Ok(Head { seq, prev_hash })
}

/// One entry's fields.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Entry {
    pub seq: i64,
    pub at: i64,
    pub user_id: String,
    pub role: String,
    /// '' for the site's own objects.
    pub operator_id: String,
    pub call: String,
    pub object: String,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
    pub client_address: String,
    pub prev_hash: String,
    pub hash: String,
}

/// The hash of an entry's fields after `prev_hash`: SHA-256 of a JSON array of them (JSON keeps
/// every field's bounds, so no two entries encode alike).
pub fn hash_of(e: &Entry) -> String {
    let fields = serde_json::json!([
        e.prev_hash,
        e.seq,
        e.at,
        e.user_id,
        e.role,
        e.operator_id,
        e.call,
        e.object,
        e.before_json,
        e.after_json,
        e.client_address
    ]);
    crate::ids::hex(&Sha256::digest(fields.to_string().as_bytes()))
}

/// What a write says of itself.
#[derive(Debug, Clone)]
pub struct Record<'a> {
    pub at: i64,
    pub user_id: &'a str,
    pub role: &'a str,
    pub operator_id: Option<&'a str>,
    pub call: &'a str,
    pub object: &'a str,
    pub before: Option<String>,
    pub after: Option<String>,
    pub address: &'a str,
}

/// Appends the entry at the head taken, and moves the head to it.
pub async fn append(tx: &mut TxConn, head: Head, record: Record<'_>) -> Result<i64, sqlx::Error> {
    let mut entry = Entry {
        seq: head.seq,
        at: record.at,
        user_id: record.user_id.to_owned(),
        role: record.role.to_owned(),
        operator_id: record.operator_id.unwrap_or("").to_owned(),
        call: record.call.to_owned(),
        object: record.object.to_owned(),
        before_json: record.before,
        after_json: record.after,
        client_address: record.address.to_owned(),
        prev_hash: head.prev_hash,
        hash: String::new(),
    };
    entry.hash = hash_of(&entry);
    sqlx::query(
        "INSERT INTO audit_log (seq, at, user_id, role, operator_id, call, object, before_json, after_json, \
         client_address, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(entry.seq)
    .bind(entry.at)
    .bind(&entry.user_id)
    .bind(&entry.role)
    .bind(&entry.operator_id)
    .bind(&entry.call)
    .bind(&entry.object)
    .bind(&entry.before_json)
    .bind(&entry.after_json)
    .bind(&entry.client_address)
    .bind(&entry.prev_hash)
    .bind(&entry.hash)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE audit_head SET hash = $1 WHERE id = 1").bind(&entry.hash).execute(&mut *tx).await?;
    Ok(entry.seq)
}

const COLUMNS: &str =
    "seq, at, user_id, role, operator_id, call, object, before_json, after_json, client_address, prev_hash, hash";

/// Entries newest first, below `before`, of the operators given (all when `None`).
pub async fn page<'c>(
    e: impl Exec<'c>,
    operators: Option<&[String]>,
    before: i64,
    limit: i64,
) -> Result<Vec<Entry>, sqlx::Error> {
    match operators {
        None => {
            let sql = format!("SELECT {COLUMNS} FROM audit_log WHERE seq < $1 ORDER BY seq DESC LIMIT $2");
            sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(before).bind(limit).fetch_all(e).await
        }
        Some(ops) => {
            let marks: Vec<String> = (0..ops.len()).map(|i| format!("${}", i + 3)).collect();
            let sql = format!(
                "SELECT {COLUMNS} FROM audit_log WHERE seq < $1 AND operator_id IN ({}) ORDER BY seq DESC LIMIT $2",
                if marks.is_empty() { "NULL".to_owned() } else { marks.join(", ") }
            );
            let mut q = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(before).bind(limit);
            for op in ops {
                q = q.bind(op);
            }
            q.fetch_all(e).await
        }
    }
}

/// Where the chain breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    /// The entry's hash is not that of its fields (it was edited).
    Altered(i64),
    /// The entry does not follow the one before (one was removed, or put in).
    Unlinked(i64),
    /// The head names an end the log does not reach (entries were removed from the end).
    Truncated { head: i64, last: i64 },
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Broken::Altered(seq) => write!(f, "entry {seq} was altered: its hash does not match its fields"),
            Broken::Unlinked(seq) => write!(f, "entry {seq} does not follow the entry before it"),
            Broken::Truncated { head, last } => {
                write!(f, "the log ends at entry {last} but its head says {head}: entries were removed")
            }
        }
    }
}

/// The chain checked from the first entry, a page at a time; the number of entries when whole.
pub async fn verify<'c, E: Exec<'c> + Copy>(e: E) -> Result<Result<i64, Broken>, sqlx::Error> {
    const PAGE: i64 = 1_000;
    let (mut prev_hash, mut expected, mut count) = (String::new(), 1i64, 0i64);
    loop {
        let sql = format!("SELECT {COLUMNS} FROM audit_log WHERE seq >= $1 ORDER BY seq LIMIT $2");
        let rows: Vec<Entry> = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(expected).bind(PAGE).fetch_all(e).await?;
        let done = (rows.len() as i64) < PAGE;
        for entry in rows {
            if entry.seq != expected || entry.prev_hash != prev_hash {
                return Ok(Err(Broken::Unlinked(entry.seq)));
            }
            if hash_of(&entry) != entry.hash {
                return Ok(Err(Broken::Altered(entry.seq)));
            }
            prev_hash = entry.hash;
            expected += 1;
            count += 1;
        }
        if done {
            break;
        }
    }
    // A write that rolled back leaves no entry and its head move rolls back with it: the head
    // names the last entry exactly.
    let (head, hash): (i64, String) =
        sqlx::query_as("SELECT seq, hash FROM audit_head WHERE id = 1").fetch_one(e).await?;
    if head != count || hash != prev_hash {
        return Ok(Err(Broken::Truncated { head, last: count }));
    }
    Ok(Ok(count))
}
