//! The Eid waiting room's bursts (issue 16; tests/load/queue-bench.sh runs this), over
//! keep-alive HTTP/1.1 connections on loopback, each request exactly once:
//!
//!   queue_load BASE_URL mint COUNT CONNECTIONS        prints COUNT visitor tokens, a line each
//!   queue_load BASE_URL join TRIP_ID CONNECTIONS      reads tokens on stdin; each visitor joins
//!                                                     the trip's queue once; prints "token place"
//!
//! `join` reports on stderr the joins per second over the time the burst took, with p50/p99.

use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

#[path = "common/keep_alive.rs"]
mod keep_alive;
use keep_alive::{Connection, percentile};

/// A request for an item: method, path, bearer token, body.
type Call = fn(&str) -> (String, String, Option<String>, String);
/// Each item with the status and body it was answered; the latencies; the time it all took.
type Run = (Vec<(String, u16, String)>, Vec<Duration>, Duration);

/// Makes `call`'s request for every item, once, over `connections` connections.
async fn over_connections(addr: SocketAddr, items: Vec<String>, connections: usize, call: Call) -> Result<Run, String> {
    let items = Arc::new(items);
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..connections {
        let (items, next) = (items.clone(), next.clone());
        tasks.spawn(async move {
            let mut connection = Connection::open(addr).await?;
            let mut done = Vec::new();
            let mut latencies = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let (method, path, token, body) = call(item);
                let sent = Instant::now();
                let (status, answer) = connection.send(&method, &path, token.as_deref(), None, &body).await?;
                latencies.push(sent.elapsed());
                done.push((item.clone(), status, answer));
            }
            Ok::<_, String>((done, latencies))
        });
    }
    let mut answers = Vec::new();
    let mut latencies = Vec::new();
    while let Some(result) = tasks.join_next().await {
        let (done, times) = result.map_err(|e| e.to_string())??;
        answers.extend(done);
        latencies.extend(times);
    }
    Ok((answers, latencies, started.elapsed()))
}

static TRIP: std::sync::OnceLock<String> = std::sync::OnceLock::new();

fn mint(_: &str) -> (String, String, Option<String>, String) {
    (
        "POST".into(),
        "/oauth/access_token".into(),
        None,
        r#"{"grant_type":"client_credentials","client_id":"web"}"#.into(),
    )
}

fn join(token: &str) -> (String, String, Option<String>, String) {
    let trip = TRIP.get().map(String::as_str).unwrap_or_default();
    ("POST".into(), "/v1/api/common/queue/join".into(), Some(token.to_owned()), format!(r#"{{"tripId":"{trip}"}}"#))
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: queue_load BASE_URL (mint COUNT | join TRIP_ID) CONNECTIONS";
    let base = args.get(1).ok_or(usage)?;
    let addr: SocketAddr = base.trim_start_matches("http://").trim_end_matches('/').parse().map_err(|_| usage)?;
    let connections: usize = args.get(4).and_then(|c| c.parse().ok()).ok_or(usage)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match args.get(2).map(String::as_str) {
        Some("mint") => {
            let count: usize = args.get(3).and_then(|c| c.parse().ok()).ok_or(usage)?;
            let (answers, _, took) = over_connections(addr, vec![String::new(); count], connections, mint).await?;
            for (_, _, body) in answers {
                let token: Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
                writeln!(out, "{}", token["access_token"].as_str().ok_or("no token")?).map_err(|e| e.to_string())?;
            }
            eprintln!("minted {count} visitor tokens in {:.1} s", took.as_secs_f64());
        }
        Some("join") => {
            TRIP.set(args.get(3).ok_or(usage)?.clone()).map_err(|_| usage)?;
            let tokens: Vec<String> =
                std::io::stdin().lock().lines().map_while(Result::ok).filter(|t| !t.is_empty()).collect();
            let count = tokens.len();
            let (answers, mut latencies, took) = over_connections(addr, tokens, connections, join).await?;
            let mut failed = 0;
            for (token, status, body) in answers {
                let place: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
                match place["data"]["queueId"].as_str() {
                    Some(place) if status == 200 => writeln!(out, "{token} {place}").map_err(|e| e.to_string())?,
                    _ => {
                        if failed == 0 {
                            eprintln!("first failed join: {status} {body}");
                        }
                        failed += 1;
                    }
                }
            }
            latencies.sort_unstable();
            eprintln!(
                "joins: {count} in {:.2} s = {:.0} joins/s   p50 {:.1} ms   p99 {:.1} ms   failed {failed}",
                took.as_secs_f64(),
                count as f64 / took.as_secs_f64(),
                percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
                percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
            );
        }
        _ => return Err(usage.into()),
    }
    out.flush().map_err(|e| e.to_string())
}
