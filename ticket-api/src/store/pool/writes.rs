//! Writes that read nothing between them, sent as one (issue 17).
//!
//! On PostgreSQL every statement is a round trip to another process, and the round trips, not
//! the work, were most of a sale's cost: a transaction of four writes was six of them (`BEGIN`,
//! the writes, `COMMIT`). There the writes go as one statement, each but the last a
//! data-modifying `WITH`: one round trip, atomic as any statement is ([`Writes::run`]), or the
//! last of a transaction that read what it needed first ([`Writes::run_in`]). SQLite has no
//! such statement, and its statements cost no round trip: there they run one after another.
//! Either way all of them are written or none.
//!
//! No two writes of one `Writes` may write the same table. On PostgreSQL they share one
//! snapshot and none sees the rows another writes: of two changes to one row only one is made,
//! silently. CockroachDB, which runs such statements too, refuses two writes of one table in
//! them (cockroachdb/cockroach#71595). A foreign key to a row written beside it holds: keys
//! are checked when the statement ends.

use sqlx::any::AnyArguments;
use sqlx::{Any, AssertSqlSafe, Execute};

use super::{Backend, Pool, Tx, parts};

/// The writes, in the order they are written (on SQLite; on PostgreSQL at once).
#[derive(Default)]
pub struct Writes(Vec<Write>);

/// One write: its statement, the table it writes, its values.
struct Write {
    sql: String,
    table: String,
    arguments: AnyArguments,
}

impl std::fmt::Debug for Writes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter().map(|w| &w.sql)).finish()
    }
}

impl Writes {
    pub fn new() -> Writes {
        Writes::default()
    }

    /// Adds one write (an `INSERT`, `UPDATE` or `DELETE` with numbered placeholders, `$1` and
    /// on); an error if another of them writes the same table, or it is no such write.
    pub fn push<'q>(&mut self, query: impl Execute<'q, Any>) -> Result<(), sqlx::Error> {
        let (sql, arguments) = parts(query)?;
        let sql = sql.as_str();
        let table = written_table(sql)
            .ok_or_else(|| sqlx::Error::Protocol(format!("not a write to send with others: {sql}")))?;
        if self.0.iter().any(|w| w.table == table) {
            return Err(sqlx::Error::Protocol(format!("two writes of {table} cannot be sent together")));
        }
        self.0.push(Write { sql: sql.to_owned(), table: table.to_owned(), arguments: arguments.unwrap_or_default() });
        Ok(())
    }

    /// Writes them all, or none.
    pub async fn run(self, pool: &Pool) -> Result<(), sqlx::Error> {
        if self.0.is_empty() {
            return Ok(());
        }
        match pool.backend() {
            Backend::Postgres => {
                let (sql, arguments) = self.joined();
                sqlx::query_with(AssertSqlSafe(sql), arguments).execute(pool).await?;
            }
            Backend::Sqlite => {
                let mut tx = pool.begin().await?;
                self.run_in(&mut tx).await?;
                tx.commit().await?;
            }
        }
        Ok(())
    }

    /// Writes them in the transaction, after what it has read and written.
    pub async fn run_in(self, tx: &mut Tx) -> Result<(), sqlx::Error> {
        if self.0.is_empty() {
            return Ok(());
        }
        if tx.backend() == Backend::Postgres {
            let (sql, arguments) = self.joined();
            sqlx::query_with(AssertSqlSafe(sql), arguments).execute(&mut **tx).await?;
        } else {
            for Write { sql, arguments, .. } in self.0 {
                sqlx::query_with(AssertSqlSafe(sql), arguments).execute(&mut **tx).await?;
            }
        }
        Ok(())
    }

    /// The writes as one PostgreSQL statement, their placeholders numbered on from the one before.
    fn joined(self) -> (String, AnyArguments) {
        let mut statements = Vec::with_capacity(self.0.len());
        let mut all = AnyArguments::default();
        for Write { sql, arguments, .. } in self.0 {
            statements.push(renumber(&sql, all.values.0.len()));
            all.values.0.extend(arguments.values.0);
        }
        let last = statements.pop().unwrap_or_default();
        if statements.is_empty() {
            return (last, all);
        }
        let with: Vec<String> = statements.iter().enumerate().map(|(n, write)| format!("w{n} AS ({write})")).collect();
        (format!("WITH {} {last}", with.join(", ")), all)
    }
}

/// The table an `INSERT INTO`, `UPDATE` or `DELETE FROM` statement writes.
fn written_table(sql: &str) -> Option<&str> {
    let mut words = sql.split_whitespace();
    let verb = words.next()?.to_ascii_uppercase();
    let table = match verb.as_str() {
        "UPDATE" => words.next()?,
        "INSERT" | "DELETE" => {
            let joint = if verb == "INSERT" { "INTO" } else { "FROM" };
            if !words.next()?.eq_ignore_ascii_case(joint) {
                return None;
            }
            words.next()?
        }
        _ => return None,
    };
    table.split('(').next().filter(|t| !t.is_empty())
}

/// `sql` with each placeholder `$n` made `$(n + by)`. The store's SQL has no `$` but in its
/// placeholders (its values are all bound).
fn renumber(sql: &str, by: usize) -> String {
    if by == 0 {
        return sql.to_owned();
    }
    let mut out = String::with_capacity(sql.len() + 8);
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        match rest[..digits].parse::<usize>() {
            Ok(n) => out.push_str(&(n + by).to_string()),
            Err(_) => out.push_str(&rest[..digits]),
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_on_and_nothing_else_changes() {
        assert_eq!(
            renumber("UPDATE t SET a = $1 WHERE b = $2 AND c IN ($10, $2)", 3),
            "UPDATE t SET a = $4 WHERE b = $5 AND c IN ($13, $5)"
        );
        assert_eq!(renumber("SELECT 1", 7), "SELECT 1");
        assert_eq!(renumber("VALUES ($9)", 0), "VALUES ($9)");
        assert_eq!(renumber("a $ b", 2), "a $ b");
    }

    #[test]
    fn on_postgresql_the_writes_are_one_statement_and_their_values_one_list() {
        let mut writes = Writes::new();
        writes.push(sqlx::query("UPDATE a SET x = $1 WHERE id = $2").bind(1_i64).bind("one")).unwrap();
        writes.push(sqlx::query("DELETE FROM b WHERE id = $1").bind("two")).unwrap();
        writes.push(sqlx::query("INSERT INTO c (id, n) VALUES ($1, $2)").bind("three").bind(3_i64)).unwrap();
        let (sql, arguments) = writes.joined();
        assert_eq!(
            sql,
            "WITH w0 AS (UPDATE a SET x = $1 WHERE id = $2), w1 AS (DELETE FROM b WHERE id = $3) \
             INSERT INTO c (id, n) VALUES ($4, $5)"
        );
        assert_eq!(arguments.values.0.len(), 5);
    }

    #[test]
    fn a_table_is_written_once_in_one_statement() {
        let mut writes = Writes::new();
        writes.push(sqlx::query("UPDATE holds SET expires_at = $1 WHERE id = $2").bind(1_i64).bind("h")).unwrap();
        let again = writes.push(sqlx::query("DELETE FROM holds WHERE id = $1").bind("old"));
        assert!(again.unwrap_err().to_string().contains("two writes of holds"));
        writes.push(sqlx::query("INSERT INTO hold_seats(hold_id) VALUES ($1)").bind("h")).unwrap();
        assert!(writes.push(sqlx::query("SELECT 1")).is_err());
        assert_eq!(written_table("INSERT INTO booking_seats (booking_id) VALUES ($1)"), Some("booking_seats"));
        assert_eq!(written_table("delete from tickets where id = $1"), Some("tickets"));
    }

    #[test]
    fn one_write_is_sent_as_it_is() {
        let mut writes = Writes::new();
        writes.push(sqlx::query("DELETE FROM b WHERE id = $1").bind("two")).unwrap();
        assert_eq!(writes.joined().0, "DELETE FROM b WHERE id = $1");
    }
}
