//! One-time codes (DESIGN §3 "OTP and SMS"): 4 digits, stored hashed, valid 5 minutes, at most
//! 5 wrong tries per code, one send per (phone, purpose) per 115 s (the site's 120 s countdown
//! starts when a send succeeds, so a resend at zero is always allowed), and daily caps per phone
//! and per client address. Every OTP error message contains 'OTP': the site keeps its OTP popup
//! open for those (SPEC §8).

use core_wasm::server_messages::{self as say, Said};
use sha2::{Digest, Sha256};
use sqlx::AnyPool;

use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::ids::{NoRandomness, new_id, random_bytes};
use crate::store::otp as store;

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
    ) -> impl std::future::Future<Output = Result<(), ApiError>> + Send;
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Outbox;

impl SmsSender for Outbox {
    async fn send(&self, pool: &AnyPool, phone: &str, body: &str) -> Result<(), ApiError> {
        store::queue_sms(pool, &new_id("sms")?, phone, body, now_unix_ms()).await?;
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
fn new_code() -> Result<String, NoRandomness> {
    loop {
        let n = u16::from_le_bytes(random_bytes()?);
        // Reject the top of the range so every code is equally likely.
        if n < 60_000 {
            return Ok(format!("{:04}", n % 10_000));
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
    if store::sent_to_phone(pool, phone, now - DAY_MS).await? >= DAILY_PER_PHONE {
        return Err(too_many(say::OTP_PHONE_DAILY.into()));
    }
    if store::sent_from_address(pool, address, now - DAY_MS).await? >= DAILY_PER_ADDRESS {
        return Err(too_many(say::OTP_ADDRESS_DAILY.into()));
    }
    // The resend wait is claimed, not checked: of sends arriving together one goes. (It also
    // keeps the phone's daily count from being raced past.)
    if !store::claim_send(pool, phone, purpose.key(), now, now - RESEND_AFTER_MS).await? {
        let last = store::last_sent(pool, phone, purpose.key()).await?.unwrap_or(now);
        let wait = ((RESEND_AFTER_MS - (now - last)).max(1) + 999) / 1000;
        return Err(too_many(say::OTP_WAIT.with(&[("seconds", &wait.to_string())])));
    }
    let code = new_code()?;
    let code_hash = hash(secret, phone, purpose, &code);
    let new = store::NewCode {
        id: &new_id("otp")?,
        phone,
        purpose: purpose.key(),
        code_hash: &code_hash,
        expires_at: now + VALID_MS,
        sent_at: now,
        client_address: address,
    };
    store::insert(pool, &new).await?;
    let what = match purpose {
        Purpose::Search => "to find your tickets",
        Purpose::Cancel => "to cancel your ticket",
    };
    Outbox.send(pool, phone, &format!("Your OTP {what} is {code}. It expires in 5 minutes. Never share it.")).await?;
    Ok((RESEND_AFTER_MS / 1000) as u32)
}

/// Checks a code: the latest unused code of (phone, purpose), unexpired, with tries left. Every
/// check takes a try first, atomically (at most [`MAX_WRONG`] checks per code, even for guesses
/// sent at once); a right code is then used up.
pub async fn verify(pool: &AnyPool, secret: &[u8], phone: &str, purpose: Purpose, code: &str) -> Result<(), ApiError> {
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
