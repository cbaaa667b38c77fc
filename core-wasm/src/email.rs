//! E-mail addresses (SPEC §5): a local part, `@`, a domain, and a top-level part of 2-4 letters.
//!
//! Hand-written rather than a regex: the pattern is simple, and a regex engine would triple the
//! size of the wasm the site sends to slow phones (TOOLCHAIN.md).

use crate::message::{Message, REQUIRED};

/// SPEC's message, its grammar kept as SPEC spells it.
pub const INVALID_MESSAGE: Message = Message::new("email.invalid", "This field is must be an email");

/// The address's problem, if any. Surrounding whitespace is ignored.
pub fn validate(input: &str) -> Option<Message> {
    let email = input.trim();
    if email.is_empty() {
        Some(REQUIRED)
    } else if is_email(email) {
        None
    } else {
        Some(INVALID_MESSAGE)
    }
}

fn is_local_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "._%+-".contains(c)
}

fn is_label(label: &str) -> bool {
    !label.is_empty()
        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && !label.starts_with('-')
        && !label.ends_with('-')
}

/// `local@label(.label)*.tld` where tld is 2-4 ASCII letters.
pub fn is_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let Some((host, tld)) = domain.rsplit_once('.') else {
        return false;
    };
    !local.is_empty()
        && local.chars().all(is_local_char)
        && host.split('.').all(is_label)
        && (2..=4).contains(&tld.len())
        && tld.chars().all(|c| c.is_ascii_alphabetic())
}

/// An e-mail address that passed [`validate`], trimmed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(input: &str) -> Result<Email, Message> {
        match validate(input) {
            Some(problem) => Err(problem),
            None => Ok(Email(input.trim().to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_shapes() {
        assert!(is_email("rahim.uddin@mail.com.bd"));
        assert!(!is_email("rahim@mail.museum"));
        assert!(!is_email("rahim@@mail.com"));
        assert_eq!(validate("x"), Some(INVALID_MESSAGE));
    }
}
