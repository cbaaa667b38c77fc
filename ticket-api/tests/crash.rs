//! kill -9 in the middle of a burst of bookings: after a restart every ticket a traveller was
//! told about is there, no seat stays held past its hold, sold seats all belong to tickets, and
//! SQLite passes its integrity check. Runs the real `ticket-api` binary.
#![allow(clippy::unwrap_used)]

mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use sqlx::Row;

fn start(db: &std::path::Path, port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ticket-api"))
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
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
