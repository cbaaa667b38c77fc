//! Phones enrolled to board offline (issue 36). A manager adds a device and reads its one-time
//! code to the supervisor; the supervisor's phone, logged in, takes the code and gets a device
//! key it keeps. Trip packs and offline scans need the key (`Device-Key: id:key`); a revoked
//! device gets neither, and its phone wipes what it kept. Codes and keys are stored as their
//! SHA-256 only.

use core_wasm::contract::boarding::{BoardingDevice, BoardingDevices, DeviceEnrolment, EnrolledDevice, NewDevice};
use core_wasm::staff::messages as say;
use sha2::{Digest, Sha256};

use super::access::{Staff, not_found};
use super::write;
use crate::AppState;
use crate::clock::now_unix_ms;
use crate::error::ApiError;
use crate::ids::{hex, new_id, random_bytes};

/// How long an enrolment code may be used.
const ENROL_MINUTES: i64 = 15;
/// The code's letters: read aloud from a manager's screen, as a PNR is.
const CODE_LETTERS: usize = 8;

fn digest(text: &str) -> String {
    hex(&Sha256::digest(text.trim().to_ascii_uppercase().as_bytes()))
}

#[derive(Debug, sqlx::FromRow)]
struct DeviceRow {
    id: String,
    operator_id: String,
    name: String,
    created_at: i64,
    enrolled_at: Option<i64>,
    revoked_at: Option<i64>,
    key_hash: Option<String>,
}

impl From<DeviceRow> for BoardingDevice {
    fn from(r: DeviceRow) -> BoardingDevice {
        BoardingDevice {
            id: r.id,
            operator_id: r.operator_id,
            name: r.name,
            created_at: r.created_at,
            enrolled_at: r.enrolled_at,
            revoked_at: r.revoked_at,
        }
    }
}

const COLUMNS: &str = "id, operator_id, name, created_at, enrolled_at, revoked_at, key_hash";

async fn device(state: &AppState, id: &str) -> Result<Option<DeviceRow>, ApiError> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM boarding_devices WHERE id = $1")))
        .bind(id.trim())
        .fetch_optional(&state.pool)
        .await?)
}

/// `GET staff/boarding/devices`.
pub async fn list(state: &AppState, staff: &Staff) -> Result<BoardingDevices, ApiError> {
    let rows: Vec<DeviceRow> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM boarding_devices ORDER BY created_at DESC")))
            .fetch_all(&state.pool)
            .await?;
    let devices = rows.into_iter().filter(|r| staff.reach.covers(Some(&r.operator_id))).map(Into::into).collect();
    Ok(BoardingDevices { devices })
}

/// `POST staff/boarding/devices`.
pub async fn add(state: &AppState, staff: &Staff, given: &NewDevice) -> Result<DeviceEnrolment, ApiError> {
    let operator = staff.operator_for(given.operator_id.as_deref())?.ok_or_else(|| not_found("Operator"))?;
    let name = write::text("name", &given.name, 60)?;
    let letters = core_wasm::boarding::PNR_ALPHABET;
    let code: String =
        random_bytes::<CODE_LETTERS>()?.iter().map(|b| char::from(letters[usize::from(*b % 32)])).collect();
    let now = now_unix_ms();
    let expires_at = now + ENROL_MINUTES * 60_000;
    let row = DeviceRow {
        id: new_id("device")?,
        operator_id: operator.clone(),
        name,
        created_at: now,
        enrolled_at: None,
        revoked_at: None,
        key_hash: None,
    };
    let mut w = write::begin(state).await?;
    sqlx::query(
        "INSERT INTO boarding_devices (id, operator_id, name, enrol_hash, enrol_expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&row.id)
    .bind(&operator)
    .bind(&row.name)
    .bind(digest(&code))
    .bind(expires_at)
    .bind(now)
    .execute(&mut *w.tx)
    .await?;
    let device = BoardingDevice::from(row);
    w.finish(state, staff, Some(&operator), &format!("device {}", device.id), None, Some(&device)).await?;
    Ok(DeviceEnrolment { device, enrol_code: code, expires_at })
}

/// `POST staff/boarding/devices/enrol`: the code works once, before it expires, for a
/// supervisor of the device's operator; the device key is answered only here.
pub async fn enrol(state: &AppState, staff: &Staff, code: &str) -> Result<EnrolledDevice, ApiError> {
    let hash = digest(code);
    let found: Option<DeviceRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM boarding_devices WHERE enrol_hash = $1 AND revoked_at IS NULL"
    )))
    .bind(&hash)
    .fetch_optional(&state.pool)
    .await?;
    let row = found.filter(|r| staff.reach.covers(Some(&r.operator_id))).ok_or_else(|| not_found("Enrolment code"))?;
    let key = hex(&random_bytes::<32>()?);
    let now = now_unix_ms();
    let mut w = write::begin(state).await?;
    // Claimed in one statement: of two phones with one code, one gets the device.
    let taken = sqlx::query(
        "UPDATE boarding_devices SET key_hash = $1, enrolled_at = $2, enrol_hash = NULL, enrol_expires_at = NULL \
         WHERE id = $3 AND enrol_hash = $4 AND enrol_expires_at > $2 AND revoked_at IS NULL",
    )
    .bind(digest(&key))
    .bind(now)
    .bind(&row.id)
    .bind(&hash)
    .execute(&mut *w.tx)
    .await?;
    if taken.rows_affected() != 1 {
        return Err(not_found("Enrolment code"));
    }
    let device = BoardingDevice { enrolled_at: Some(now), ..BoardingDevice::from(row) };
    w.finish(state, staff, Some(&device.operator_id), &format!("device {}", device.id), None, Some(&"enrolled"))
        .await?;
    Ok(EnrolledDevice { device_key: format!("{}:{key}", device.id), device })
}

/// `POST staff/boarding/devices/revoke`.
pub async fn revoke(state: &AppState, staff: &Staff, id: &str) -> Result<BoardingDevice, ApiError> {
    let row = device(state, id).await?.filter(|r| staff.reach.covers(Some(&r.operator_id)));
    let row = row.ok_or_else(|| not_found("Device"))?;
    let now = now_unix_ms();
    let mut w = write::begin(state).await?;
    sqlx::query("UPDATE boarding_devices SET revoked_at = $1, enrol_hash = NULL WHERE id = $2 AND revoked_at IS NULL")
        .bind(now)
        .bind(&row.id)
        .execute(&mut *w.tx)
        .await?;
    let device = BoardingDevice { revoked_at: row.revoked_at.or(Some(now)), ..BoardingDevice::from(row) };
    w.finish(state, staff, Some(&device.operator_id), &format!("device {}", device.id), None, Some(&"revoked")).await?;
    Ok(device)
}

/// The enrolled, unrevoked device of `operator` that `Device-Key` (`id:key`) proves: its id.
/// Anything else is refused alike, so a guess learns nothing.
pub async fn proven(state: &AppState, operator: &str, device_key: Option<&str>) -> Result<String, ApiError> {
    let refused = || ApiError::Forbidden(say::DEVICE_KEY.with(&[]).into());
    let (id, key) = device_key.and_then(|k| k.trim().split_once(':')).ok_or_else(refused)?;
    let row = device(state, id).await?.ok_or_else(refused)?;
    let fine = row.operator_id == operator
        && row.revoked_at.is_none()
        && row.key_hash.as_deref().is_some_and(|h| crate::domain::tokens::same(h.as_bytes(), digest(key).as_bytes()));
    if fine { Ok(row.id) } else { Err(refused()) }
}
