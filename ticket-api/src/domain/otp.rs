//! One-time codes (DESIGN §3 "OTP and SMS"): 4 digits, stored as a keyed hash (`OTP_SECRET`,
//! apart from the token secret), valid 5 minutes, at most 5 wrong tries per code, one send per
//! (phone, purpose) per 115 s (the site's 120 s countdown starts when a send succeeds, so a
//! resend at zero is always allowed), and at most [`HOURLY_PER_PHONE`] codes to a phone in an
//! hour: a stranger can make a phone wait an hour at worst, never a day. Sends per client
//! address are rate-limited in front of the call (`http::limits`). A send that fails consumes
//! nothing. Every OTP error message contains 'OTP': the site keeps its OTP popup open for those
//! (SPEC §8).
//!
//! Each purpose keeps its codes, resend wait and tries apart (a code's hash names its purpose):
//! a code sent to find tickets never logs in, and a login code never finds or cancels. The
//! hourly cap counts the phone's codes of every purpose together.

use core_wasm::server_messages::{self as say, Said};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::ids::{NoRandomness, random_bytes};
use crate::language::Language;
use crate::store::otp as store;

pub const CODE_DIGITS: usize = 4;
pub const VALID_MS: i64 = 5 * 60 * 1000;
pub const MAX_WRONG: i64 = 5;
pub const RESEND_AFTER_MS: i64 = 115 * 1000;
pub const HOURLY_PER_PHONE: i64 = 10;
const HOUR_MS: i64 = 60 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Search,
    Cancel,
    /// Changing a ticket's date (issue 37).
    Change,
    /// Logging in (issue 13).
    Login,
}

impl Purpose {
    fn key(self) -> &'static str {
        match self {
            Purpose::Search => "search",
            Purpose::Cancel => "cancel",
            Purpose::Change => "change",
            Purpose::Login => "login",
        }
    }
}

/// The SMS that carries a code, in the traveller's language. The code stays in ASCII digits in
/// both: a phone's SMS code autofill reads those, and the OTP boxes take either.
fn sms_text(purpose: Purpose, code: &str, language: Language) -> String {
    match (language, purpose) {
        (Language::English, Purpose::Search) => {
            format!("Your OTP to find your tickets is {code}. It expires in 5 minutes. Never share it.")
        }
        (Language::English, Purpose::Cancel) => {
            format!("Your OTP to cancel your ticket is {code}. It expires in 5 minutes. Never share it.")
        }
        (Language::English, Purpose::Change) => {
            format!("Your OTP to change your ticket's date is {code}. It expires in 5 minutes. Never share it.")
        }
        (Language::English, Purpose::Login) => {
            format!("Your OTP to log in is {code}. It expires in 5 minutes. Never share it.")
        }
        (Language::Bangla, Purpose::Search) => {
            format!("টিকিট খুঁজতে আপনার OTP {code}। কোডটি ৫ মিনিট কাজ করবে। কাউকে জানাবেন না।")
        }
        (Language::Bangla, Purpose::Cancel) => {
            format!("টিকিট বাতিল করতে আপনার OTP {code}। কোডটি ৫ মিনিট কাজ করবে। কাউকে জানাবেন না।")
        }
        (Language::Bangla, Purpose::Change) => {
            format!("টিকিটের তারিখ বদলাতে আপনার OTP {code}। কোডটি ৫ মিনিট কাজ করবে। কাউকে জানাবেন না।")
        }
        (Language::Bangla, Purpose::Login) => {
            format!("লগ ইন করতে আপনার OTP {code}। কোডটি ৫ মিনিট কাজ করবে। কাউকে জানাবেন না।")
        }
    }
}

/// HMAC-SHA-256 of the phone, purpose and code under the OTP key: without the key a stored hash
/// cannot be checked against the 10,000 codes.
fn hash(secret: &[u8], phone: &str, purpose: Purpose, code: &str) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret) else {
        // HMAC takes a key of any length; this cannot happen.
        return String::new();
    };
    for part in [phone, purpose.key(), code] {
        mac.update(part.as_bytes());
        mac.update(&[0]);
    }
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// A uniformly random code of [`CODE_DIGITS`] digits.
fn new_code() -> Result<String, NoRandomness> {
    loop {
        let n = u16::from_le_bytes(random_bytes()?);
        // Reject the top of the range so every code is equally likely.
        if n < 60_000 {
            return Ok(format!("{:04}", n % 10_000));
        }
    }
}

fn too_many(message: Said, wait_ms: i64) -> ApiError {
    ApiError::TooMany(message, (wait_ms.max(1000) + 999) as u64 / 1000)
}

/// Sends a new code to `phone` for `purpose` in `language`, within the limits; returns seconds
/// until another may be sent.
pub async fn send(
    state: &AppState,
    phone: &str,
    purpose: Purpose,
    address: &str,
    language: Language,
) -> Result<u32, ApiError> {
    let pool = &state.pool;
    let now = now_unix_ms();
    let sent = store::sent_to_phone(pool, phone, now - HOUR_MS).await?;
    if sent.len() as i64 >= HOURLY_PER_PHONE {
        let wait = sent.iter().min().map_or(HOUR_MS, |first| first + HOUR_MS - now);
        let minutes = ((wait.max(60_000) + 59_999) / 60_000).to_string();
        return Err(too_many(say::OTP_PHONE_HOURLY.with(&[("minutes", &minutes)]), wait));
    }
    // The resend wait is claimed, not checked: of sends arriving together one goes (which also
    // keeps the phone's hourly count from being raced past).
    if !store::claim_send(pool, phone, purpose.key(), now, now - RESEND_AFTER_MS).await? {
        let last = store::last_sent(pool, phone, purpose.key()).await?.unwrap_or(now);
        let wait = RESEND_AFTER_MS - (now - last);
        let seconds = ((wait.max(1000) + 999) / 1000).to_string();
        return Err(too_many(say::OTP_WAIT.with(&[("seconds", &seconds)]), wait));
    }
    let code = new_code()?;
    let text = sms_text(purpose, &code, language);
    if let Err(e) = state.sms.send(pool, phone, &text).await {
        // Not sent, nothing consumed: the traveller may ask again at once.
        store::unclaim_send(pool, phone, purpose.key(), now).await?;
        return Err(e);
    }
    let code_hash = hash(&state.config.otp_secret, phone, purpose, &code);
    let new = store::NewCode {
        id: &crate::ids::new_id("otp")?,
        phone,
        purpose: purpose.key(),
        code_hash: &code_hash,
        expires_at: now + VALID_MS,
        sent_at: now,
        client_address: address,
    };
    store::insert(pool, &new).await?;
    Ok((RESEND_AFTER_MS / 1000) as u32)
}

/// Checks a code: the latest unused code of (phone, purpose), unexpired, with tries left. Every
/// check takes a try first, atomically (at most [`MAX_WRONG`] checks per code, even for guesses
/// sent at once); a right code is then used up.
pub async fn verify(state: &AppState, phone: &str, purpose: Purpose, code: &str) -> Result<(), ApiError> {
    let (pool, secret) = (&state.pool, &state.config.otp_secret);
    let code = core_wasm::digits::digits_only(code);
    if code.len() != CODE_DIGITS {
        return Err(ApiError::bad(say::OTP_FORMAT));
    }
    let now = now_unix_ms();
    let Some(row) = store::take_try(pool, phone, purpose.key(), now, MAX_WRONG).await? else {
        // No try left to take: say why.
        let row =
            store::latest_unused(pool, phone, purpose.key()).await?.ok_or_else(|| ApiError::bad(say::OTP_NONE))?;
        return Err(ApiError::bad(if row.expires_at <= now { say::OTP_EXPIRED } else { say::OTP_LOCKED }));
    };
    if row.code_hash == hash(secret, phone, purpose, &code) {
        // Used once: a replayed code finds nothing.
        if store::use_up(pool, &row.id).await? {
            return Ok(());
        }
        return Err(ApiError::bad(say::OTP_USED));
    }
    Err(ApiError::bad(say::OTP_WRONG))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_bound_to_its_purpose() {
        let secret = b"a secret";
        let login = hash(secret, "01712345678", Purpose::Login, "1234");
        assert_ne!(login, hash(secret, "01712345678", Purpose::Search, "1234"), "a find-ticket code never logs in");
        assert_ne!(login, hash(secret, "01712345678", Purpose::Cancel, "1234"));
        assert_eq!(login, hash(secret, "01712345678", Purpose::Login, "1234"));
    }

    #[test]
    fn the_login_sms_says_what_it_is_for_with_the_code_in_ascii_digits() {
        let english = sms_text(Purpose::Login, "0427", Language::English);
        assert!(english.starts_with("Your OTP to log in is 0427."), "{english}");
        let bangla = sms_text(Purpose::Login, "0427", Language::Bangla);
        assert!(bangla.contains("লগ ইন") && bangla.contains("OTP 0427"), "{bangla}");
    }
}
