//! The waiting-room calls (issue 16): `common/queue/join` and `common/queue/status`. A status
//! poll is answered from memory (waiting_room/room.rs): it reads the token, writes nothing.

use axum::Json;
use axum::extract::State;
use axum::http::Uri;
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::queue::{QueueAdmission, QueueJoinRequest, QueueStanding};
use core_wasm::server_messages as say;

use crate::AppState;
use crate::clock::{now_unix_ms, wire_instant};
use crate::domain::identity::Caller;
use crate::domain::trip::TripInfo;
use crate::error::ApiError;
use crate::http::extract::{Body, ok};
use crate::waiting_room::{RoomError, Standing};

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

impl From<RoomError> for ApiError {
    fn from(e: RoomError) -> ApiError {
        ApiError::Internal(format!("waiting room: {e}"))
    }
}

/// Who the caller is to the queue (`Caller::queue_identity`).
fn queued_as(caller: &Caller) -> Result<String, ApiError> {
    Ok(caller.queue_identity(&caller.acting_for(None, None)?))
}

fn answer(standing: Standing, now_ms: i64) -> QueueStanding {
    let admitted = standing.admitted;
    QueueStanding {
        queue_id: standing.place_id,
        phase: standing.phase,
        opens_at: standing.opens_at,
        closes_at: standing.closes_at,
        position: standing.position.map(|p| p + 1),
        ahead: standing.position.map(|p| p.saturating_sub(admitted)),
        total: standing.total,
        wait_seconds: standing.wait_seconds,
        admission: standing.admission.map(|(token, ends_ms)| QueueAdmission {
            token,
            expires_at: wire_instant(ends_ms),
            seconds_left: u64::try_from((ends_ms - now_ms).max(0) / 1000).unwrap_or(0),
        }),
        lapsed: standing.lapsed,
        seed_hash: standing.seed_hash,
        seed: standing.seed,
        poll_after_ms: standing.poll_after_ms,
    }
}

/// `common/queue/join`: a place in the queue of the sale window covering the trip now; the
/// visitor's own place when they have one.
pub async fn join(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<QueueJoinRequest>,
) -> Answer<QueueStanding> {
    let visitor = queued_as(&caller)?;
    let network = state.network.get(&state.pool).await?;
    let trip = TripInfo::find(&state.pool, &network, &request.trip_id).await?;
    let now = now_unix_ms();
    let opening = trip.opening(&state.waiting_room, now).ok_or_else(|| ApiError::conflict(say::QUEUE_NONE))?;
    let standing = state.waiting_room.join(&opening, &visitor, &trip.id, now).await?;
    Ok(ok(answer(standing, now)))
}

/// The `queueId` of a status poll's query string
/// ([`core_wasm::contract::queue::QueueStatusQuery`]), read without the
/// general query extractor: polls are a stampede's most frequent call.
fn asked_place(uri: &Uri) -> Option<String> {
    let (_, id) = form_urlencoded::parse(uri.query()?.as_bytes()).find(|(name, _)| name == "queueId")?;
    Some(id.trim().to_owned()).filter(|id| !id.is_empty())
}

/// `common/queue/status?queueId=`: where the caller's place stands; another visitor's place is
/// as unknown as a made-up one.
pub async fn status(State(state): State<AppState>, caller: Caller, uri: Uri) -> Answer<QueueStanding> {
    let place = asked_place(&uri).ok_or_else(|| ApiError::bad(say::QUEUE_NOT_FOUND))?;
    let visitor = queued_as(&caller)?;
    let now = now_unix_ms();
    let standing = state.waiting_room.status(&place, &visitor, now).await?;
    let standing = standing.ok_or_else(|| ApiError::not_found(say::QUEUE_NOT_FOUND))?;
    Ok(ok(answer(standing, now)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poll_names_its_place_in_the_query_string() {
        let place = |uri: &str| asked_place(&uri.parse().unwrap());
        assert_eq!(place("/status?queueId=place-1a2b").as_deref(), Some("place-1a2b"));
        assert_eq!(place("/status?x=1&queueId=%20place-1%2B2%20").as_deref(), Some("place-1+2"));
        assert_eq!(place("/status?queueId="), None);
        assert_eq!(place("/status?queueid=place-1"), None);
        assert_eq!(place("/status"), None);
    }
}
