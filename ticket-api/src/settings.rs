//! Reading settings from the environment, the same way in both servers: every setting listed with
//! its default and meaning (what `--help` prints), an empty value counting as unset (env files
//! often carry `NAME=`), and a bad value stopping the server before it listens with a message
//! naming the variable, its value and what it must be.

use std::fmt;

/// One environment variable a server reads.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    pub name: &'static str,
    /// What applies when the variable is unset or empty, as a reader would write it.
    pub default: &'static str,
    pub meaning: &'static str,
}

/// A setting whose value cannot be used. The message names the variable and the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub variable: &'static str,
    pub value: String,
    pub reason: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}={:?}: {}", self.variable, self.value, self.reason)
    }
}

impl std::error::Error for ConfigError {}

/// Looks settings up and wraps a parser's complaint with the variable's name and value.
pub struct Reader<'a> {
    lookup: &'a dyn Fn(&str) -> Option<String>,
}

impl fmt::Debug for Reader<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Reader")
    }
}

impl<'a> Reader<'a> {
    pub fn new(lookup: &'a dyn Fn(&str) -> Option<String>) -> Reader<'a> {
        Reader { lookup }
    }

    /// The parsed value, or `None` when unset or empty.
    pub fn optional<T>(
        &self,
        variable: &'static str,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<Option<T>, ConfigError> {
        let Some(raw) = (self.lookup)(variable) else {
            return Ok(None);
        };
        let value = raw.trim();
        if value.is_empty() {
            return Ok(None);
        }
        parse(value).map(Some).map_err(|reason| ConfigError { variable, value: raw.clone(), reason })
    }

    /// The parsed value, or `default` when unset or empty.
    pub fn parse<T>(
        &self,
        variable: &'static str,
        default: T,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, ConfigError> {
        Ok(self.optional(variable, parse)?.unwrap_or(default))
    }

    /// A whole number at least `min`.
    pub fn number(&self, variable: &'static str, default: u32, min: u32) -> Result<u32, ConfigError> {
        self.parse(variable, default, |v| match v.parse::<u32>() {
            Ok(n) if n >= min => Ok(n),
            Ok(_) => Err(format!("must be at least {min}")),
            Err(_) => Err("must be a whole number".to_owned()),
        })
    }

    /// An on/off switch.
    pub fn flag(&self, variable: &'static str, default: bool) -> Result<bool, ConfigError> {
        self.parse(variable, default, parse_flag)
    }
}

/// 1/true/yes/on or 0/false/no/off, any case.
pub fn parse_flag(value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err("must be 1 (on) or 0 (off)".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_reads_the_same_words_everywhere() {
        for (value, expected) in [("1", true), ("yes", true), ("ON", true), ("true", true), ("0", false), ("no", false)]
        {
            assert_eq!(parse_flag(value), Ok(expected), "{value}");
        }
        assert!(parse_flag("maybe").is_err());
    }

    #[test]
    fn empty_is_unset_and_errors_name_the_variable() {
        let get = |name: &str| match name {
            "EMPTY" => Some("  ".to_owned()),
            "BAD" => Some("x1".to_owned()),
            _ => None,
        };
        let read = Reader::new(&get);
        assert_eq!(read.number("EMPTY", 7, 1), Ok(7));
        let err = read.number("BAD", 7, 1).unwrap_err();
        assert_eq!(err.to_string(), "invalid BAD=\"x1\": must be a whole number");
    }
}
