//! Bangladesh mobile numbers (SPEC §5 "Phone").
//!
//! Travellers type or paste numbers in many shapes: `01712345678`, `+880 1712-345678`,
//! `1712345678`, or in Bengali digits. [`normalize`] turns what was typed into what the field
//! keeps; [`validate`] says what is wrong with it, if anything.

use crate::digits::digits_only;
use crate::message::{Message, REQUIRED};

/// Phone length (SPEC §9).
pub const LENGTH: usize = 11;

pub const LENGTH_MESSAGE: Message = Message::new("phone.length", "Phone number must be 11 digits");
pub const INVALID_MESSAGE: Message = Message::new("phone.invalid", "Enter a valid number");

/// Digits only, with the country code and trunk prefix put right, not yet cut to 11 digits.
///
/// A leading `88` is dropped only when what remains is 11 digits starting `01` (a pasted
/// `+880 17...`), so a number that merely starts with 88 is left alone. A 10-digit number starting
/// with 1 is a number typed without its trunk 0 and gets it back. SPEC says "a 10-digit number
/// gets a leading 0"; we leave a 10-digit number that already starts with 0 alone, because that
/// is a number still being typed (`0171234567` + one more digit), and adding a 0 under the
/// traveller's fingers would corrupt it.
fn canonical(digits: String) -> String {
    let digits = match digits.strip_prefix("88") {
        Some(rest) if rest.len() == LENGTH && rest.starts_with("01") => rest.to_owned(),
        _ => digits,
    };
    if digits.len() == LENGTH - 1 && digits.starts_with('1') { format!("0{digits}") } else { digits }
}

/// What a phone field keeps of what was typed: digits only (Bengali digits converted), the
/// country code and trunk prefix put right, at most 11 digits.
///
/// A number being typed with its country code (`+880 17...`, key by key) is kept whole until
/// its 13th digit, when the `88` falls away: cutting it at 11 digits would lose the last two
/// digits the traveller is about to type. No local number starts with 880, so nothing else
/// is affected. A longer paste of a `880...` number is cut to 13 digits first.
pub fn normalize(input: &str) -> String {
    let mut digits = digits_only(input);
    if digits.starts_with("880") {
        digits.truncate(INTERNATIONAL_LENGTH);
    }
    let mut digits = canonical(digits);
    let limit = if digits.starts_with("880") { INTERNATIONAL_LENGTH } else { LENGTH };
    digits.truncate(limit);
    digits
}

/// Length of a number written with its country code: `880` + 10 digits.
const INTERNATIONAL_LENGTH: usize = LENGTH + 2;

/// The number's problem, if any: empty -> 'This field is required'; not 11 digits -> 'Phone
/// number must be 11 digits'; otherwise not `01[3-9]` + 8 digits -> 'Enter a valid number'.
///
/// Extra digits are not cut before the length check: a 12-digit paste is an error to show, not
/// a number to guess at.
pub fn validate(input: &str) -> Option<Message> {
    let digits = canonical(digits_only(input));
    if digits.is_empty() {
        Some(REQUIRED)
    } else if digits.len() != LENGTH {
        Some(LENGTH_MESSAGE)
    } else if !is_mobile(&digits) {
        Some(INVALID_MESSAGE)
    } else {
        None
    }
}

/// `01`, an operator digit 3-9, then 8 digits: the valid shape of an 11-digit mobile number.
fn is_mobile(digits: &str) -> bool {
    let b = digits.as_bytes();
    b.len() == LENGTH
        && b[0] == b'0'
        && b[1] == b'1'
        && (b'3'..=b'9').contains(&b[2])
        && b.iter().all(u8::is_ascii_digit)
}

/// SPEC §5's second, looser check: `0` plus 10 digits, or a digit 1-9 plus 9 digits, on the
/// digits as given (no normalisation).
pub fn is_loose_valid(input: &str) -> bool {
    let b = input.as_bytes();
    let all_digits = b.iter().all(u8::is_ascii_digit);
    all_digits
        && match b.first() {
            Some(b'0') => b.len() == 11,
            Some(b'1'..=b'9') => b.len() == 10,
            _ => false,
        }
}

/// A phone number that passed [`validate`]: once one exists, it is valid.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Phone(String);

impl Phone {
    pub fn parse(input: &str) -> Result<Phone, Message> {
        match validate(input) {
            Some(problem) => Err(problem),
            None => Ok(Phone(canonical(digits_only(input)))),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number as analytics wants it: with the +88 prefix (SPEC §9).
    pub fn international(&self) -> String {
        format!("+88{}", self.0)
    }
}

/// A phone as staff lists show it: all but its last 3 digits hidden (`••••••••678`).
pub fn masked(phone: &str) -> String {
    let digits: Vec<char> = phone.chars().filter(char::is_ascii_digit).collect();
    let shown = digits.len().saturating_sub(3);
    digits.iter().enumerate().map(|(i, d)| if i < shown { '\u{2022}' } else { *d }).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_masked_phone_shows_its_last_three_digits() {
        assert_eq!(masked("01712345678"), "••••••••678");
        assert_eq!(masked("12"), "12");
    }

    use super::*;

    #[test]
    fn a_pasted_international_number_is_kept_local() {
        assert_eq!(normalize("+880 1712-345678"), "01712345678");
        // Typed key by key, every prefix stays a prefix of the final number.
        let typed = "+8801712345678";
        for end in 1..typed.len() {
            let shown = normalize(&typed[..end]);
            assert!("8801712345678".starts_with(&shown) || shown == "01712345678", "{shown}");
        }
        assert_eq!(Phone::parse("+8801712345678").map(|p| p.international()), Ok("+8801712345678".into()));
    }

    #[test]
    fn messages_in_order() {
        assert_eq!(validate(" "), Some(REQUIRED));
        assert_eq!(validate("0171"), Some(LENGTH_MESSAGE));
        assert_eq!(validate("01212345678"), Some(INVALID_MESSAGE));
        assert_eq!(validate("01712345678"), None);
    }
}
