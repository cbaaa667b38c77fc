//! kill -9 in the middle of a burst of bookings: after a restart every ticket a traveller was
//! told about is there, no seat stays held past its hold, sold seats all belong to tickets, and
//! SQLite passes its integrity check. kill -9 in the middle of an operator's cancelled trip
//! (issue 37), on SQLite and PostgreSQL: after a restart every payment is refunded once, none
//! missed, and each traveller is told once. Runs the real `ticket-api` binary.
#![allow(clippy::unwrap_used)]

mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use sqlx::Row;

fn start(db: &std::path::Path, port: u16) -> Child {
    start_on(&format!("sqlite://{}", db.display()), port, &[])
}

fn start_on(database_url: &str, port: u16, extra: &[(&str, &str)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ticket-api"))
        .envs(extra.iter().copied())
        .env("DATABASE_URL", database_url)
        .env("PORT", port.to_string())
        .env("HOST", "127.0.0.1")
        .env("DEMO_MODE", "1")
        .env("DEMO_DAYS", "2")
        .env("HOLD_SECONDS", "3")
        .env("TOKEN_SECRET", "crash test")
        // A burst from one address is this test's load, not an attack.
        .env("RATE_LIMITS", "off")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// seat-lock -> payment-pending -> sandbox Pay; the transaction id once the traveller is sent
/// to the success page, with the traveller's token (their ticket is theirs to read).
async fn sale(addr: SocketAddr, trip: &str, seat: &str) -> Option<(String, String)> {
    // Each traveller is a visitor of their own.
    let grant = json!({"grant_type": "client_credentials", "client_id": "web"});
    let (_, _, token) = common::http(addr, "POST", "/oauth/access_token", None, Some(&grant)).await;
    let token = token["access_token"].as_str()?.to_owned();
    let token = token.as_str();
    let lock = json!({"tripId": trip, "seats": [seat]});
    let (status, _, _) = common::http(addr, "POST", "/v1/api/intercity/seat-lock", Some(token), Some(&lock)).await;
    if status != 200 {
        return None;
    }
    let details =
        json!({"tripId": trip, "seats": [seat], "name": "Crash Test", "phone": "01712345678", "gender": "male"});
    let (status, _, booking) =
        common::http(addr, "POST", "/v1/api/intercity/payment-pending", Some(token), Some(&details)).await;
    if status != 200 {
        return None;
    }
    let tnx = booking["data"]["tnxId"].as_str()?.to_owned();
    let pay = json!({"tnxId": tnx, "gateway": "sandbox"});
    let (status, _, session) =
        common::http(addr, "POST", "/v1/api/intercity/update-gateway", Some(token), Some(&pay)).await;
    if status != 200 {
        return None;
    }
    let page = session["data"]["redirectUrl"].as_str()?.to_owned();
    let (status, head, _) = common::http(addr, "POST", &format!("{page}/pay"), None, None).await;
    (status == 303 && head.contains(&format!("/bus/payment/success?tnxId={tnx}"))).then(|| (tnx, token.to_owned()))
}

#[tokio::test]
async fn kill_9_mid_burst_loses_no_ticket_and_holds_no_seat_forever() {
    let dir = std::env::temp_dir().join(format!("ticket-api-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("crash.db");
    let port = common::free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut server = start(&db, port);
    let token = common::ready(addr).await;

    let tomorrow = common::today().add_days(1).to_string();
    let (_, _, found) = common::http(
        addr,
        "POST",
        "/v1/api/intercity/get-schedule-trips",
        Some(&token),
        Some(&json!({"from": "Dhaka", "to": "Chattogram", "journeyDate": tomorrow})),
    )
    .await;
    let mut targets: Vec<(String, String)> = Vec::new();
    for trip in found["data"]["trips"].as_array().unwrap().iter().take(6) {
        let id = trip["_id"].as_str().unwrap().to_owned();
        let (_, _, view) =
            common::http(addr, "POST", "/v1/api/intercity/get-seat-view", Some(&token), Some(&json!({"tripId": id})))
                .await;
        for seat in view["data"]["seatPlan"]["seatList"].as_array().unwrap() {
            if seat["status"] == "available" {
                targets.push((id.clone(), seat["seatNo"].as_str().unwrap().to_owned()));
            }
        }
    }
    assert!(targets.len() >= 60, "enough free seats: {}", targets.len());

    // A burst of sales; the server dies in the middle of it.
    let (sold_tx, mut sold_rx) = tokio::sync::mpsc::unbounded_channel();
    let mut tasks = Vec::new();
    for (trip, seat) in targets.into_iter().take(120) {
        let sold_tx = sold_tx.clone();
        tasks.push(tokio::spawn(async move {
            if let Some(tnx) = sale(addr, &trip, &seat).await {
                let _ = sold_tx.send(tnx);
            }
        }));
    }
    drop(sold_tx);
    let mut acknowledged: Vec<(String, String)> = Vec::new();
    while acknowledged.len() < 10 {
        match tokio::time::timeout(Duration::from_secs(20), sold_rx.recv()).await {
            Ok(Some(tnx)) => acknowledged.push(tnx),
            _ => break,
        }
    }
    server.kill().unwrap(); // SIGKILL: no shutdown, no flush
    server.wait().unwrap();
    for task in tasks {
        let _ = task.await;
    }
    while let Ok(tnx) = sold_rx.try_recv() {
        acknowledged.push(tnx);
    }
    assert!(acknowledged.len() >= 10, "sales completed before the crash: {}", acknowledged.len());

    let mut server = start(&db, port);
    common::ready(addr).await;
    for (tnx, token) in &acknowledged {
        let (status, _, ticket) = common::http(
            addr,
            "POST",
            "/v1/api/intercity/get-ticket-info-by-txn-id",
            Some(token),
            Some(&json!({"tnxId": tnx})),
        )
        .await;
        assert_eq!(status, 200, "ticket of {tnx} survives: {ticket}");
        assert_eq!(ticket["data"]["paymentHistory"]["ticketStatus"], Value::from("confirmed"));
    }
    tokio::time::sleep(Duration::from_millis(3500)).await;
    server.kill().unwrap();
    server.wait().unwrap();

    let (pool, _) = ticket_api::store::pool::open(&format!("sqlite://{}", db.display()), 1).await.unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let held: i64 = sqlx::query("SELECT COUNT(*) AS n FROM seat_claims WHERE state = 'held' AND expires_at > $1")
        .bind(now)
        .fetch_one(&pool)
        .await
        .unwrap()
        .get("n");
    assert_eq!(held, 0, "no seat is held past its hold");
    let orphans: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM seat_claims c WHERE c.state = 'sold' AND c.claim_id LIKE 'booking-%' \
         AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.booking_id = c.claim_id)",
    )
    .fetch_one(&pool)
    .await
    .unwrap()
    .get("n");
    assert_eq!(orphans, 0, "every sold seat belongs to a ticket");
    let unticketed: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM payments p JOIN bookings b ON b.tnx_id = p.tnx_id \
         WHERE p.outcome = 'paid' AND b.status NOT IN ('ticketed', 'refunded')",
    )
    .fetch_one(&pool)
    .await
    .unwrap()
    .get("n");
    assert_eq!(unticketed, 0, "every payment has its ticket or its refund");
    let integrity: String = sqlx::query("PRAGMA integrity_check").fetch_one(&pool).await.unwrap().get(0);
    assert_eq!(integrity, "ok");
    pool.close().await;
    std::fs::remove_dir_all(&dir).ok();
}

/// The operator's cancellation of a trip with `tickets` web tickets, killed with SIGKILL while
/// its job is halfway and restarted.
async fn cancellation_killed_halfway(database_url: String) {
    let port = common::free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    // Slow enough to be caught halfway: 40 tickets take about 12 s.
    let settings = [("TRIP_CANCEL_PACE_MS", "300")];
    let mut server = start_on(&database_url, port, &settings);
    let token = common::ready(addr).await;
    let (pool, _) = ticket_api::store::pool::open(&database_url, 2).await.unwrap();
    let tomorrow = common::today().add_days(1).days_since_epoch() * 1440;
    let trip: String = sqlx::query_scalar(
        "SELECT id FROM trips WHERE service = 'BUS' AND departs_at >= $1 ORDER BY departs_at, id LIMIT 1",
    )
    .bind(tomorrow)
    .fetch_one(&pool)
    .await
    .unwrap();
    let (_, _, view) =
        common::http(addr, "POST", "/v1/api/intercity/get-seat-view", Some(&token), Some(&json!({"tripId": trip})))
            .await;
    let seats: Vec<String> = view["data"]["seatPlan"]["seatList"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["status"] == "available")
        .map(|s| s["seatNo"].as_str().unwrap().to_owned())
        .take(40)
        .collect();
    let mut sold = 0;
    for seat in &seats {
        if sale(addr, &trip, seat).await.is_some() {
            sold += 1;
        }
    }
    assert!(sold >= 20, "tickets to cancel: {sold}");
    // A manager's cancellation, committed (as `staff::plans::cancel_trip` commits it); the
    // server's job takes it up.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    sqlx::query("UPDATE trips SET cancelled_at = $1 WHERE id = $2").bind(now).bind(&trip).execute(&pool).await.unwrap();
    sqlx::query(
        "INSERT INTO trip_cancellations (trip_id, operator_id, reason, staff_id, started_at) \
         SELECT id, operator_id, 'Engine failure', 'user-manager', $1 FROM trips WHERE id = $2",
    )
    .bind(now)
    .bind(&trip)
    .execute(&pool)
    .await
    .unwrap();
    let progress = |pool: sqlx::Pool<sqlx::Any>, trip: String| async move {
        sqlx::query_as::<_, (i64, Option<i64>)>(
            "SELECT tickets_cancelled, finished_at FROM trip_cancellations WHERE trip_id = $1",
        )
        .bind(trip)
        .fetch_one(&pool)
        .await
        .unwrap()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while progress(pool.clone(), trip.clone()).await.0 < 5 {
        assert!(std::time::Instant::now() < deadline, "the job never started");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.kill().unwrap(); // SIGKILL halfway
    server.wait().unwrap();
    let (halfway, finished) = progress(pool.clone(), trip.clone()).await;
    assert!(finished.is_none() && halfway < sold, "killed halfway: {halfway} of {sold}");

    let mut server = start_on(&database_url, port, &settings);
    common::ready(addr).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    loop {
        let (_, finished) = progress(pool.clone(), trip.clone()).await;
        let told: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM messages WHERE topic LIKE 'cancelled:%' AND sent_at IS NOT NULL")
                .fetch_one(&pool)
                .await
                .unwrap();
        if finished.is_some() && told == sold {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the job did not finish after the restart");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    server.kill().unwrap();
    server.wait().unwrap();

    let (cancelled, _) = progress(pool.clone(), trip.clone()).await;
    assert_eq!(cancelled, sold, "each ticket counted once");
    let by_operator: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id WHERE b.trip_id = $1 \
         AND t.status = 'cancelled' AND t.cancelled_by = 'operator' AND t.refund_amount = b.amount",
    )
    .bind(&trip)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(by_operator, sold, "every ticket cancelled by the operator, its whole amount refunded");
    // One refund per payment (the refunds' key is the payment's session), of the whole amount,
    // none missed; the restarted job sent what the killed one had only asked for.
    let refunds: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT b.tnx_id, r.amount, b.amount FROM bookings b LEFT JOIN refunds r ON r.tnx_id = b.tnx_id \
         WHERE b.trip_id = $1 AND b.status = 'ticketed' ORDER BY b.tnx_id",
    )
    .bind(&trip)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(refunds.len() as i64, sold, "one refund row each: {refunds:?}");
    assert!(refunds.iter().all(|(_, refunded, paid)| refunded == paid), "{refunds:?}");
    // Each is done, or (killed while the gateway was being asked) leased to be asked again
    // with the same reference: never given up, never asked for twice.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let undone: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM refunds r JOIN bookings b ON b.tnx_id = r.tnx_id WHERE b.trip_id = $1 \
         AND NOT (r.state = 'done' OR (r.state = 'requested' AND r.tries = 1 AND r.next_try_at > $2))",
    )
    .bind(&trip)
    .bind(now)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(undone, 0, "every refund went through or waits for its retry");
    let texts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sms_outbox WHERE body LIKE '%trip cancelled%'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(texts, sold, "each traveller told once");
    pool.close().await;
}

#[tokio::test]
async fn kill_9_halfway_through_a_cancelled_trip_refunds_each_payment_once_on_sqlite() {
    cancellation_killed_halfway(common::database_url(common::Backend::Sqlite).await).await;
}

#[tokio::test]
async fn kill_9_halfway_through_a_cancelled_trip_refunds_each_payment_once_on_postgres() {
    cancellation_killed_halfway(common::database_url(common::Backend::Postgres).await).await;
}
