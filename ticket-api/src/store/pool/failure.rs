//! The one database failure the store's own machinery reports (the SQLite connections of
//! [`super::lite`]; tests that need a failure of a given code), as sqlx reports a database's:
//! a code, a message and a kind, so `ApiError` and the store's callers read every failure alike
//! (`is_unique_violation`, SQLSTATE `40001`).

use std::borrow::Cow;

use sqlx::error::{DatabaseError, ErrorKind};

#[derive(Debug)]
pub struct Failure {
    code: String,
    message: String,
    kind: ErrorKind,
}

impl Failure {
    /// The failure as sqlx's error.
    pub fn error(code: impl Into<String>, message: impl Into<String>, kind: ErrorKind) -> sqlx::Error {
        sqlx::Error::Database(Box::new(Failure { code: code.into(), message: message.into(), kind }))
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

impl DatabaseError for Failure {
    fn message(&self) -> &str {
        &self.message
    }

    fn code(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Borrowed(&self.code))
    }

    fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
        self
    }

    fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
        self
    }

    fn kind(&self) -> ErrorKind {
        match self.kind {
            ErrorKind::UniqueViolation => ErrorKind::UniqueViolation,
            ErrorKind::ForeignKeyViolation => ErrorKind::ForeignKeyViolation,
            ErrorKind::NotNullViolation => ErrorKind::NotNullViolation,
            ErrorKind::CheckViolation => ErrorKind::CheckViolation,
            _ => ErrorKind::Other,
        }
    }
}
