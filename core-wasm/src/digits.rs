//! Digits as travellers type them: ASCII or Bengali (০-৯).
//!
//! Phone keyboards in Bangladesh often produce Bengali digits; every numeric input (phone, OTP,
//! seat and bus counts, budget) accepts them and keeps ASCII digits only.

/// The ASCII digit for an ASCII or Bengali digit, `None` for anything else.
pub fn ascii_digit(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        '০'..='৯' => char::from_digit(c as u32 - '০' as u32, 10),
        _ => None,
    }
}

/// Keeps only the digits of `input`, Bengali ones converted to ASCII.
pub fn digits_only(input: &str) -> String {
    input.chars().filter_map(ascii_digit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bengali_digits_become_ascii() {
        assert_eq!(digits_only("০১৭-১২৩ ৯"), "0171239");
    }
}
