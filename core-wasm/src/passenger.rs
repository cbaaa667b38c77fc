//! A passenger's name as booked (payment-pending, the launch's passenger details): required, at
//! most [`NAME_MAX_CHARS`] characters, and with a letter one can see. A name of zero-width spaces
//! (or other invisible characters) trims to nothing on a screen and prints as a blank on the
//! ticket, so it is refused with its own message, not accepted as a name.

use crate::server_messages::{NAME_INVISIBLE, NAME_REQUIRED, NAME_TOO_LONG, Template};

/// Longest accepted name, in characters.
pub const NAME_MAX_CHARS: usize = 100;

/// Characters that take no space and show nothing: format characters (zero-width spaces and
/// joiners, direction marks and embeddings, word joiners, the BOM, the soft hyphen) and the
/// Hangul fillers, which are letters by category but blank.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// The name trimmed, or what is wrong with it.
pub fn check_name(name: &str) -> Result<&str, Template> {
    if name.trim().is_empty() {
        return Err(NAME_REQUIRED);
    }
    let name = name.trim_matches(|c: char| c.is_whitespace() || is_invisible(c));
    if !name.chars().any(|c| c.is_alphabetic() && !is_invisible(c)) {
        return Err(NAME_INVISIBLE);
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(NAME_TOO_LONG);
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_needs_a_letter_one_can_see() {
        assert_eq!(check_name("  Rahim Uddin "), Ok("Rahim Uddin"));
        assert_eq!(check_name("রহিম উদ্দিন"), Ok("রহিম উদ্দিন"));
        assert_eq!(check_name("محمد أحمد"), Ok("محمد أحمد"));
        assert_eq!(check_name("王小明"), Ok("王小明"));
        assert_eq!(check_name(""), Err(NAME_REQUIRED));
        assert_eq!(check_name("   "), Err(NAME_REQUIRED));
        assert_eq!(check_name("\u{200B}\u{200B}\u{200B}"), Err(NAME_INVISIBLE), "zero-width spaces only");
        assert_eq!(check_name("\u{200B}Rahim\u{FEFF}"), Ok("Rahim"));
        assert_eq!(check_name("\u{200B} \u{3164} \u{200D}"), Err(NAME_INVISIBLE), "a Hangul filler is a blank letter");
        assert_eq!(check_name("--- ..."), Err(NAME_INVISIBLE));
        assert_eq!(check_name(&"a".repeat(101)), Err(NAME_TOO_LONG));
        assert_eq!(check_name(&"a".repeat(100)).map(str::len), Ok(100));
    }
}
