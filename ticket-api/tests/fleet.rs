//! Real server processes (the `ticket-api` binary) on one store, as behind a balancer: a process
//! whose own clock is a minute fast ends nobody's hold early (expiry follows the store's
//! clock), and a process paused with SIGSTOP serves no copy of the seats older than the bound
//! when it wakes, while the others' writes never wait for it.
#![allow(clippy::unwrap_used)]

mod common;

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A `ticket-api` process on the test's store, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    async fn start(app: &common::TestApp, extra: &[(&str, &str)]) -> (Server, String) {
        let port = common::free_port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_ticket-api"));
        command
            .env("DATABASE_URL", &app.state.config.database_url)
            .env("PORT", port.to_string())
            .env("HOST", "127.0.0.1")
            .env("DEMO_MODE", "1")
            .env("TOKEN_SECRET", "fleet test secret, the same for every process")
            .env("OTP_SECRET", "fleet test otp secret, the same for every process")
            .env("SALE_WINDOWS", "none")
            .env("RATE_LIMITS", "off")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        for (name, value) in extra {
            command.env(name, value);
        }
        let server = Server { child: command.spawn().unwrap(), addr: format!("127.0.0.1:{port}").parse().unwrap() };
        let token = common::ready(server.addr).await;
        (server, token)
    }

    /// A new visitor's token.
    async fn visitor(&self) -> String {
        let grant = json!({"grant_type": "client_credentials", "client_id": "web"});
        let (_, _, token) = common::http(self.addr, "POST", "/oauth/access_token", None, Some(&grant)).await;
        token["access_token"].as_str().unwrap().to_owned()
    }

    async fn lock(&self, token: &str, trip: &str, seat: &str) -> u16 {
        let body = json!({"tripId": trip, "seats": [seat]});
        common::http(self.addr, "POST", "/v1/api/intercity/seat-lock", Some(token), Some(&body)).await.0
    }

    async fn seat_status(&self, token: &str, trip: &str, seat: &str) -> Value {
        let body = json!({"tripId": trip});
        let (_, _, view) =
            common::http(self.addr, "POST", "/v1/api/intercity/get-seat-view", Some(token), Some(&body)).await;
        common::status_in_view(&view, seat)
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill").args([signal, &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

on_both! {
    a_process_a_minute_fast_ends_no_one_elses_hold(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        let (honest, honest_token) = Server::start(&app, &[("HOLD_SECONDS", "30")]).await;
        let (fast, fast_token) = Server::start(&app, &[("HOLD_SECONDS", "30"), ("TEST_CLOCK_SKEW_MS", "60000")]).await;
        // Held for 30 s through the honest process; by the fast one's own clock that hold ended
        // half a minute ago.
        assert_eq!(honest.lock(&honest_token, &trip, &seats[0]).await, 200);
        assert_eq!(fast.lock(&fast_token, &trip, &seats[0]).await, 409, "the hold stands for the fast process too");
        assert_eq!(fast.seat_status(&fast_token, &trip, &seats[0]).await, "locked");
        // And a hold made through the fast process lasts its 30 s by the store's clock.
        let fast_token = fast.visitor().await;
        assert_eq!(fast.lock(&fast_token, &trip, &seats[1]).await, 200);
        let store_now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        let expires: i64 = sqlx::query_scalar("SELECT expires_at FROM seat_claims WHERE trip_id = $1 AND seat_no = $2 LIMIT 1")
            .bind(&trip)
            .bind(&seats[1])
            .fetch_one(&app.state.pool)
            .await
            .unwrap();
        let left = expires - store_now;
        assert!((20_000..=31_000).contains(&left), "the fast process's hold ends {left} ms from now, not 90 s");
        assert_eq!(honest.lock(&honest_token, &trip, &seats[1]).await, 409);
    }

    a_paused_process_wakes_to_no_copy_older_than_the_bound_and_no_write_waits_for_it(app) {
        let (trip, _, _, _) = common::three_stop_trip(&app).await;
        let seats = common::free_seats(&app, &trip).await;
        let (writer, _) = Server::start(&app, &[]).await;
        let (paused, paused_token) = Server::start(&app, &[]).await;
        // Each seat held by a traveller of its own (a visitor's new lock on a trip replaces its
        // last).
        let lock_timed = |n: usize| {
            let (writer, trip, seat) = (&writer, trip.clone(), seats[n].clone());
            async move {
                let token = writer.visitor().await;
                let started = Instant::now();
                assert_eq!(writer.lock(&token, &trip, &seat).await, 200);
                started.elapsed()
            }
        };
        let mut before = Vec::new();
        for n in 0..8 {
            before.push(lock_timed(n).await);
        }
        // The paused process has its copy of the trip when it stops.
        assert_eq!(paused.seat_status(&paused_token, &trip, &seats[8]).await, "available");
        paused.signal("-STOP");
        let stopped = Instant::now();
        let mut during = Vec::new();
        for n in 8..16 {
            during.push(lock_timed(n).await);
        }
        let written = Instant::now();
        tokio::time::sleep(Duration::from_secs(5).saturating_sub(stopped.elapsed())).await;
        let bound = Duration::from_millis(app.state.config.claims_max_age_ms.into());
        assert!(written.elapsed() >= bound, "the last write is a bound old when the process wakes");
        paused.signal("-CONT");
        for seat in &seats[8..16] {
            assert_eq!(paused.seat_status(&paused_token, &trip, seat).await, "locked", "woken: no copy from before the pause");
        }
        let (before, during) = (median(before), median(during));
        eprintln!("seat-lock through the other process: median {before:?} before the pause, {during:?} during it");
        // Writes once waited up to a second for every process that might keep a copy.
        assert!(during < Duration::from_millis(500), "a write waited for the paused process: {during:?}");
    }
}
