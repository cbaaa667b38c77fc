//! Staff authenticators (issue 35; RFC 6238, through `totp-rs`): 6 digits, 30-second steps, SHA-1 (what
//! every authenticator app reads from a QR), one step of drift either way. A code's step is
//! accepted once per user (RFC 6238 §5.2): the store moves `last_step` forward in the statement
//! that accepts it, so two logins with one code cannot both pass. Recovery codes stand in for a
//! lost phone, each once.

use sha2::{Digest, Sha256};
use totp_rs::{Builder, Secret, Totp};

use crate::store::Exec;

/// The issuer the authenticator app shows beside the account.
pub const ISSUER: &str = "Ticket back office";

/// Recovery codes given at confirmation.
pub const RECOVERY_CODES: usize = 10;

fn totp(secret_base32: &str, account: &str) -> Option<Totp> {
    let secret = Secret::try_from_base32(secret_base32.trim()).ok()?;
    Builder::new().with_secret(secret).with_issuer(Some(ISSUER)).with_account_name(account).build().ok()
}

/// A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32.
pub fn new_secret() -> Result<String, crate::ids::NoRandomness> {
    Ok(Secret::from(crate::ids::random_bytes::<20>()?).to_base32())
}

/// The step `code` matches at `unix_seconds`, if it does.
pub fn step_of(secret_base32: &str, code: &str, unix_seconds: u64) -> Option<i64> {
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    totp(secret_base32, "staff")?.check(code, unix_seconds).and_then(|s| i64::try_from(s).ok())
}

/// The code an authenticator shows at `unix_seconds` (the demo's README, and tests).
pub fn code_at(secret_base32: &str, unix_seconds: u64) -> Option<String> {
    Some(totp(secret_base32, "staff")?.generate(unix_seconds).to_string())
}

/// The `otpauth://` URI an authenticator app reads from the QR.
pub fn otpauth_uri(secret_base32: &str, phone: &str) -> Option<String> {
    totp(secret_base32, phone)?.to_url().ok()
}

/// The URI as an SVG QR code (black on white, a quiet zone around it).
pub fn qr_svg(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(code.render::<qrcode::render::svg::Color<'_>>().min_dimensions(200, 200).build())
}

/// A recovery code: 10 characters a person can copy (no 0/O, 1/I), grouped 5-5.
pub fn new_recovery_code() -> Result<String, crate::ids::NoRandomness> {
    const ALPHABET: &[u8; 32] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let letters: String =
        crate::ids::random_bytes::<10>()?.iter().map(|b| ALPHABET[(*b % 32) as usize] as char).collect();
    Ok(format!("{}-{}", &letters[..5], &letters[5..]))
}

/// What the store keeps of a recovery code: its hash with the user's id (codes are random
/// enough that no secret pepper is needed).
pub fn recovery_hash(user_id: &str, code: &str) -> String {
    let normal: String = code.trim().to_ascii_uppercase().chars().filter(|c| *c != '-' && *c != ' ').collect();
    crate::ids::hex(&Sha256::digest(format!("{user_id}\n{normal}").as_bytes()))
}

/// A user's authenticator as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Stored {
    pub secret: String,
    pub confirmed_at: Option<i64>,
    pub last_step: i64,
}

pub async fn stored<'c>(e: impl Exec<'c>, user_id: &str) -> Result<Option<Stored>, sqlx::Error> {
    sqlx::query_as("SELECT secret, confirmed_at, last_step FROM staff_totp WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(e)
        .await
}

/// Starts (or starts again) an unconfirmed enrolment; never replaces a confirmed one.
pub async fn begin<'c>(e: impl Exec<'c>, user_id: &str, secret: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO staff_totp (user_id, secret, confirmed_at, last_step) VALUES ($1, $2, NULL, 0) \
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = 0 WHERE staff_totp.confirmed_at IS NULL",
    )
    .bind(user_id)
    .bind(secret)
    .execute(e)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Uses `step` for the user: false when it (or a later one) was used already.
pub async fn use_step<'c>(e: impl Exec<'c>, user_id: &str, step: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("UPDATE staff_totp SET last_step = $1 WHERE user_id = $2 AND last_step < $1")
        .bind(step)
        .bind(user_id)
        .execute(e)
        .await?
        .rows_affected()
        == 1)
}

pub async fn confirm<'c>(e: impl Exec<'c>, user_id: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("UPDATE staff_totp SET confirmed_at = $1 WHERE user_id = $2 AND confirmed_at IS NULL")
        .bind(now_ms)
        .bind(user_id)
        .execute(e)
        .await?
        .rows_affected()
        == 1)
}

pub async fn insert_recovery<'c>(e: impl Exec<'c>, user_id: &str, hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO staff_recovery_codes (user_id, code_hash, used_at) VALUES ($1, $2, NULL)")
        .bind(user_id)
        .bind(hash)
        .execute(e)
        .await?;
    Ok(())
}

/// Uses a recovery code: false when it is not the user's or was used.
pub async fn use_recovery<'c>(e: impl Exec<'c>, user_id: &str, hash: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE staff_recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3 AND used_at IS NULL",
    )
    .bind(now_ms)
    .bind(user_id)
    .bind(hash)
    .execute(e)
    .await?
    .rows_affected()
        == 1)
}

/// Whether `code` (an authenticator's 6 digits or a recovery code) proves the user's second
/// factor at `now_ms`, using it up. False without a confirmed authenticator.
pub async fn prove<'c, E: Exec<'c> + Copy>(e: E, user_id: &str, code: &str, now_ms: i64) -> Result<bool, sqlx::Error> {
    let Some(found) = stored(e, user_id).await? else { return Ok(false) };
    if found.confirmed_at.is_none() {
        return Ok(false);
    }
    match step_of(&found.secret, code, (now_ms / 1000).max(0) as u64) {
        Some(step) => use_step(e, user_id, step).await,
        None => use_recovery(e, user_id, &recovery_hash(user_id, code), now_ms).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 Appendix B's SHA-1 key, "12345678901234567890", in base32.
    const RFC_KEY: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn codes_are_rfc_6238s() {
        // Appendix B: T = 59 s gives 94287082 at 8 digits; its last 6 digits are ours.
        assert_eq!(code_at(RFC_KEY, 59).as_deref(), Some("287082"));
        assert_eq!(code_at(RFC_KEY, 1_111_111_109).as_deref(), Some("081804"));
    }

    #[test]
    fn a_code_matches_its_step_and_the_neighbours_only() {
        let now = 1_111_111_109;
        let code = code_at(RFC_KEY, now).expect("a code");
        assert_eq!(step_of(RFC_KEY, &code, now), Some((now / 30) as i64));
        assert!(step_of(RFC_KEY, &code, now + 30).is_some(), "one step of drift");
        assert_eq!(step_of(RFC_KEY, &code, now + 90), None, "not three steps later");
        assert_eq!(step_of(RFC_KEY, "12345", now), None);
        assert_eq!(step_of(RFC_KEY, "<scrip", now), None);
    }

    #[test]
    fn a_new_secret_makes_a_uri_and_a_qr() {
        let secret = new_secret().expect("randomness");
        assert_eq!(secret.len(), 32);
        let uri = otpauth_uri(&secret, "01700000002").expect("a uri");
        assert!(uri.starts_with("otpauth://totp/"), "{uri}");
        assert!(uri.contains(&secret));
        assert!(qr_svg(&uri).expect("a qr").starts_with("<?xml"));
    }

    #[test]
    fn recovery_codes_read_however_they_are_typed() {
        let code = new_recovery_code().expect("randomness");
        assert_eq!(code.len(), 11);
        assert_eq!(recovery_hash("u", &code), recovery_hash("u", &code.to_lowercase().replace('-', " ")));
        assert_ne!(recovery_hash("u", &code), recovery_hash("v", &code), "another user's code is not yours");
    }
}
