//! One-time codes (DESIGN §3 "OTP and SMS"): 4 digits, stored hashed, valid 5 minutes, at most
//! 5 wrong tries per code, one send per (phone, purpose) per 115 s (the site's 120 s countdown
//! starts when a send succeeds, so a resend at zero is always allowed), and daily caps per phone
//! and per client address. Every OTP error message contains 'OTP': the site keeps its OTP popup
//! open for those (SPEC §8).

use core_wasm::server_messages::{self as say, Said};
use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};

use crate::error::ApiError;
use crate::ids::new_id;
use crate::wire::now_unix_ms;

pub const CODE_DIGITS: usize = 4;
pub const VALID_MS: i64 = 5 * 60 * 1000;
pub const MAX_WRONG: i64 = 5;
pub const RESEND_AFTER_MS: i64 = 115 * 1000;
pub const DAILY_PER_PHONE: i64 = 10;
pub const DAILY_PER_ADDRESS: i64 = 50;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Search,
    Cancel,
}

impl Purpose {
    fn key(self) -> &'static str {
        match self {
            Purpose::Search => "search",
            Purpose::Cancel => "cancel",
        }
    }
}

/// Sends text messages. The default writes to the outbox table and the log; an SMS gateway
/// is another implementation.
pub trait SmsSender {
    fn send(
        &self,
        pool: &AnyPool,
        phone: &str,
        body: &str,
    ) -> impl std::future::Future<Output = Result<(), sqlx::Error>> + Send;
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Outbox;

impl SmsSender for Outbox {
    async fn send(&self, pool: &AnyPool, phone: &str, body: &str) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO sms_outbox (id, phone, body, created_at) VALUES ($1, $2, $3, $4)")
            .bind(new_id("sms"))
            .bind(phone)
            .bind(body)
            .bind(now_unix_ms())
            .execute(pool)
            .await?;
        tracing::info!(phone, "SMS queued in the outbox");
        Ok(())
    }
}

fn hash(secret: &[u8], phone: &str, purpose: Purpose, code: &str) -> String {
    let mut h = Sha256::new();
    h.update(secret);
    h.update(phone.as_bytes());
    h.update(purpose.key().as_bytes());
    h.update(code.as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A uniformly random code of [`CODE_DIGITS`] digits.
fn new_code() -> String {
    loop {
        let mut b = [0u8; 2];
        if getrandom::fill(&mut b).is_err() {
            let nanos =
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.subsec_nanos());
            return format!("{:04}", nanos % 10_000);
        }
        let n = u16::from_le_bytes(b);
        // Reject the top of the range so every code is equally likely.
        if n < 60_000 {
            return format!("{:04}", n % 10_000);
        }
    }
}

fn too_many(message: Said) -> ApiError {
    ApiError::TooMany(message)
}

/// Sends a new code to `phone` for `purpose`, within the limits; returns seconds until another
/// may be sent.
pub async fn send(
    pool: &AnyPool,
    secret: &[u8],
    phone: &str,
    purpose: Purpose,
    address: &str,
) -> Result<u32, ApiError> {
    let now = now_unix_ms();
    let last = sqlx::query("SELECT MAX(sent_at) AS last FROM otp_codes WHERE phone = $1 AND purpose = $2")
        .bind(phone)
        .bind(purpose.key())
        .fetch_one(pool)
        .await?
        .try_get::<Option<i64>, _>("last")?;
    if let Some(last) = last.filter(|l| now - l < RESEND_AFTER_MS) {
        let wait = (RESEND_AFTER_MS - (now - last) + 999) / 1000;
        return Err(too_many(say::OTP_WAIT.with(&[("seconds", &wait.to_string())])));
    }
    let count = |sql: &'static str, value: String| async move {
        sqlx::query(sql).bind(value).bind(now - DAY_MS).fetch_one(pool).await?.try_get::<i64, _>("n")
    };
    if count("SELECT COUNT(*) AS n FROM otp_codes WHERE phone = $1 AND sent_at > $2", phone.to_owned()).await?
        >= DAILY_PER_PHONE
    {
        return Err(too_many(say::OTP_PHONE_DAILY.into()));
    }
    if count("SELECT COUNT(*) AS n FROM otp_codes WHERE client_address = $1 AND sent_at > $2", address.to_owned())
        .await?
        >= DAILY_PER_ADDRESS
    {
        return Err(too_many(say::OTP_ADDRESS_DAILY.into()));
    }
    let code = new_code();
    sqlx::query(
        "INSERT INTO otp_codes (id, phone, purpose, code_hash, expires_at, attempts, used, sent_at, client_address) \
         VALUES ($1, $2, $3, $4, $5, 0, 0, $6, $7)",
    )
    .bind(new_id("otp"))
    .bind(phone)
    .bind(purpose.key())
    .bind(hash(secret, phone, purpose, &code))
    .bind(now + VALID_MS)
    .bind(now)
    .bind(address)
    .execute(pool)
    .await?;
    let what = match purpose {
        Purpose::Search => "to find your tickets",
        Purpose::Cancel => "to cancel your ticket",
    };
    Outbox.send(pool, phone, &format!("Your OTP {what} is {code}. It expires in 5 minutes. Never share it.")).await?;
    Ok((RESEND_AFTER_MS / 1000) as u32)
}

/// Checks a code: the latest unused code of (phone, purpose), unexpired, with tries left. A
/// right code is used up; a wrong one counts a try.
pub async fn verify(pool: &AnyPool, secret: &[u8], phone: &str, purpose: Purpose, code: &str) -> Result<(), ApiError> {
    let code = core_wasm::digits::digits_only(code);
    if code.len() != CODE_DIGITS {
        return Err(ApiError::bad(say::OTP_FORMAT));
    }
    let now = now_unix_ms();
    let row = sqlx::query(
        "SELECT id, code_hash, expires_at, attempts FROM otp_codes WHERE phone = $1 AND purpose = $2 AND used = 0 \
         ORDER BY sent_at DESC LIMIT 1",
    )
    .bind(phone)
    .bind(purpose.key())
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::bad(say::OTP_NONE))?;
    let id: String = row.try_get("id")?;
    if row.try_get::<i64, _>("expires_at")? <= now {
        return Err(ApiError::bad(say::OTP_EXPIRED));
    }
    if row.try_get::<i64, _>("attempts")? >= MAX_WRONG {
        return Err(ApiError::bad(say::OTP_LOCKED));
    }
    if row.try_get::<String, _>("code_hash")? == hash(secret, phone, purpose, &code) {
        // Used once: a replayed code finds nothing.
        let used =
            sqlx::query("UPDATE otp_codes SET used = 1 WHERE id = $1 AND used = 0").bind(&id).execute(pool).await?;
        if used.rows_affected() == 1 {
            return Ok(());
        }
        return Err(ApiError::bad(say::OTP_USED));
    }
    sqlx::query("UPDATE otp_codes SET attempts = attempts + 1 WHERE id = $1").bind(&id).execute(pool).await?;
    Err(ApiError::bad(say::OTP_WRONG))
}
