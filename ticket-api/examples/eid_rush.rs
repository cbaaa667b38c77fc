//! The Eid opening, end to end (issue 38; tests/load/eid-rush.sh runs this), over keep-alive
//! HTTP/1.1 connections on loopback, each traveller behind an X-Forwarded-For address of its own:
//!
//!   eid_rush BASE prequeue VISITORS CONNECTIONS TRIPS
//!       VISITORS new visitors each take a token and join the queue of one of TRIPS (comma-
//!       separated ids, in turn) before the opening; prints "token place trip due address" a
//!       line (due: when the join said to ask again, Unix ms); the joins' rate on stderr.
//!   eid_rush BASE rush OPENS_MS SECONDS ARRIVALS CONNECTIONS TRIPS FROM TO DATE < places
//!       from the opening for SECONDS: every waiting visitor asks where it stands when its last
//!       answer said (`pollAfterMs`); ARRIVALS new travellers a second each take a token, search
//!       FROM-TO on DATE, open a seat view and join; an admitted traveller holds 1 to 4 seats
//!       and buys them (seat-lock with the admission, payment-pending, the sandbox, confirm)
//!       until the seats run out. Reports each call's rate and p50/p99, over the opening's
//!       first 5 s and over the run, 5xx and errors by code, and how late the arrivals started
//!       (loudly when this machine could not make them on time).
//!
//! Figures are over the time the work took: the run's rates divide by the seconds from the
//! opening to the last answer.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "common/keep_alive.rs"]
mod keep_alive;
use keep_alive::{Connection, percentile};

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// Traveller `i`'s address: one of its own, as travellers come from many.
fn address(i: u64) -> String {
    format!("10.{}.{}.{}", (i >> 16) & 255, (i >> 8) & 255, i & 255)
}

struct Visitor {
    token: String,
    place: String,
    trip: String,
    address: String,
    /// A phone of its own: the booking's.
    phone: String,
}

fn phone_of(i: u64) -> String {
    format!("017{:08}", i % 100_000_000)
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Job {
    /// The n-th arrival after the opening.
    Arrive(u64),
    Poll(usize),
    /// A visitor whose turn came, with its admission.
    Buy(usize, String),
}

/// What the run saw: latencies by call before the opening, in its first 5 s and from it on;
/// answers by call and status; errors by code.
#[derive(Default)]
struct Seen {
    before: BTreeMap<&'static str, Vec<Duration>>,
    opening: BTreeMap<&'static str, Vec<Duration>>,
    all: BTreeMap<&'static str, Vec<Duration>>,
    statuses: BTreeMap<(&'static str, u16), u64>,
    codes: BTreeMap<String, u64>,
    late: Vec<Duration>,
    admitted: u64,
    sales: u64,
    seats_sold: u64,
    sold_out: u64,
    buy_failed: u64,
    last_answer_ms: i64,
    /// The places the arrivals were given.
    places: Vec<String>,
}

struct Rush {
    addr: SocketAddr,
    opens_ms: i64,
    ends_ms: i64,
    search: String,
    visitors: Mutex<Vec<Arc<Visitor>>>,
    jobs: Mutex<BinaryHeap<Reverse<(i64, Job)>>>,
    seen: Mutex<Seen>,
    arrived: AtomicU64,
    arrivals_planned: u64,
    trips: Vec<String>,
    first_address: u64,
    stop: AtomicBool,
}

impl Rush {
    fn schedule(&self, due: i64, job: Job) {
        if due < self.ends_ms {
            self.jobs.lock().unwrap_or_else(|e| e.into_inner()).push(Reverse((due, job)));
        }
    }

    /// The next job due, or how long until one is (at most 20 ms: new ones come).
    fn next_due(&self) -> Result<(i64, Job), Duration> {
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        let now = now_ms();
        match jobs.peek() {
            Some(Reverse((due, _))) if *due <= now => jobs.pop().map(|Reverse(job)| job).ok_or(Duration::ZERO),
            Some(Reverse((due, _))) => Err(Duration::from_millis((due - now).clamp(1, 20) as u64)),
            None => Err(Duration::from_millis(20)),
        }
    }

    /// Notes one call's answer.
    fn note(&self, call: &'static str, sent_ms: i64, took: Duration, status: u16, body: &str) {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        match sent_ms - self.opens_ms {
            ..0 => seen.before.entry(call).or_default().push(took),
            0..5_000 => seen.opening.entry(call).or_default().push(took),
            _ => {}
        }
        if sent_ms >= self.opens_ms {
            seen.all.entry(call).or_default().push(took);
        }
        *seen.statuses.entry((call, status)).or_default() += 1;
        if status >= 400 {
            let code = serde_json::from_str::<Value>(body)
                .ok()
                .and_then(|b| b["code"].as_str().map(str::to_owned))
                .unwrap_or_else(|| format!("http {status}"));
            *seen.codes.entry(format!("{call}: {code}")).or_default() += 1;
        }
        seen.last_answer_ms = seen.last_answer_ms.max(now_ms());
    }

    async fn call(
        &self,
        connection: &mut Connection,
        name: &'static str,
        method: &str,
        path: &str,
        visitor: (Option<&str>, &str),
        body: &str,
    ) -> Result<(u16, String), String> {
        let sent_ms = now_ms();
        let started = Instant::now();
        let (status, text) = connection.send(method, path, visitor.0, Some(visitor.1), body).await?;
        self.note(name, sent_ms, started.elapsed(), status, &text);
        Ok((status, text))
    }

    fn visitor(&self, i: usize) -> Option<Arc<Visitor>> {
        self.visitors.lock().unwrap_or_else(|e| e.into_inner()).get(i).cloned()
    }

    /// Where the visitor stands; an admission sends it to buy.
    async fn poll(&self, connection: &mut Connection, i: usize) -> Result<(), String> {
        let Some(v) = self.visitor(i) else { return Ok(()) };
        let path = format!("/v1/api/common/queue/status?queueId={}", v.place);
        let (status, body) = self.call(connection, "status", "GET", &path, (Some(&v.token), &v.address), "").await?;
        let body = parse(&body);
        let data = &body["data"];
        if status != 200 {
            // Turned away (the ceiling, say): asked again in a while, as the site does.
            self.schedule(now_ms() + 2_000 + (i as i64 % 1_000), Job::Poll(i));
        } else if data["admission"]["token"].is_string() {
            self.seen.lock().unwrap_or_else(|e| e.into_inner()).admitted += 1;
            let admission = data["admission"]["token"].as_str().unwrap_or_default().to_owned();
            self.schedule(now_ms(), Job::Buy(i, admission));
        } else if !data["lapsed"].as_bool().unwrap_or(false) {
            let after = data["pollAfterMs"].as_i64().unwrap_or(1_000).max(0);
            self.schedule(now_ms() + after, Job::Poll(i));
        }
        Ok(())
    }

    /// A traveller arriving after the opening: a token, the search, a seat view, the queue.
    async fn arrive(&self, connection: &mut Connection, n: u64, due: i64) -> Result<(), String> {
        self.seen
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .late
            .push(Duration::from_millis((now_ms() - due).max(0) as u64));
        self.arrived.fetch_add(1, Ordering::Relaxed);
        let address = address(self.first_address + n);
        let grant = r#"{"grant_type":"client_credentials","client_id":"web"}"#;
        let (status, body) =
            self.call(connection, "token", "POST", "/oauth/access_token", (None, &address), grant).await?;
        let body = parse(&body);
        let Some(token) = body["access_token"].as_str().filter(|_| status == 200).map(str::to_owned) else {
            return Ok(());
        };
        let visitor = (Some(token.as_str()), address.as_str());
        let (status, _) = self
            .call(connection, "search", "POST", "/v1/api/intercity/get-schedule-trips", visitor, &self.search)
            .await?;
        if status != 200 {
            return Ok(());
        }
        let trip = &self.trips[(n as usize) % self.trips.len()];
        let seat_view = json!({"tripId": trip}).to_string();
        let (status, _) =
            self.call(connection, "seat view", "POST", "/v1/api/intercity/get-seat-view", visitor, &seat_view).await?;
        if status != 200 {
            return Ok(());
        }
        let (status, body) =
            self.call(connection, "join", "POST", "/v1/api/common/queue/join", visitor, &seat_view).await?;
        let body = parse(&body);
        let Some(place) = body["data"]["queueId"].as_str().filter(|_| status == 200) else { return Ok(()) };
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).places.push(place.to_owned());
        let after = body["data"]["pollAfterMs"].as_i64().unwrap_or(1_000);
        let i = {
            let mut visitors = self.visitors.lock().unwrap_or_else(|e| e.into_inner());
            visitors.push(Arc::new(Visitor {
                token,
                place: place.to_owned(),
                trip: trip.clone(),
                phone: phone_of(self.first_address + n),
                address,
            }));
            visitors.len() - 1
        };
        self.schedule(now_ms() + after, Job::Poll(i));
        Ok(())
    }

    /// An admitted traveller holds 1 to 4 free seats of its trip and buys them; taken meanwhile,
    /// it looks again (three times).
    async fn buy(&self, connection: &mut Connection, i: usize, admission: &str) -> Result<(), String> {
        let Some(v) = self.visitor(i) else { return Ok(()) };
        let visitor = (Some(v.token.as_str()), v.address.as_str());
        let wanted = 1 + i % 4;
        for _ in 0..3 {
            let view = json!({"tripId": v.trip}).to_string();
            let (status, body) =
                self.call(connection, "seat view", "POST", "/v1/api/intercity/get-seat-view", visitor, &view).await?;
            if status != 200 {
                break;
            }
            let free = free_seats(&parse(&body));
            if free.is_empty() {
                self.seen.lock().unwrap_or_else(|e| e.into_inner()).sold_out += 1;
                return Ok(());
            }
            let start = i % free.len();
            let seats: Vec<&String> = free.iter().cycle().skip(start).take(wanted.min(free.len())).collect();
            let lock = json!({"tripId": v.trip, "seats": seats, "admission": admission}).to_string();
            let (status, _) =
                self.call(connection, "seat-lock", "POST", "/v1/api/intercity/seat-lock", visitor, &lock).await?;
            if status == 409 {
                continue;
            }
            if status != 200 {
                break;
            }
            let details = json!({"tripId": v.trip, "seats": seats, "name": "Eid Traveller", "phone": v.phone, "gender": "female"});
            let (status, body) = self
                .call(
                    connection,
                    "payment-pending",
                    "POST",
                    "/v1/api/intercity/payment-pending",
                    visitor,
                    &details.to_string(),
                )
                .await?;
            let body = parse(&body);
            let Some(tnx) = body["data"]["tnxId"].as_str().filter(|_| status == 200).map(str::to_owned) else { break };
            let gateway = json!({"tnxId": tnx, "gateway": "sandbox"}).to_string();
            let (status, body) = self
                .call(connection, "update-gateway", "POST", "/v1/api/intercity/update-gateway", visitor, &gateway)
                .await?;
            let body = parse(&body);
            let Some(page) = body["data"]["redirectUrl"].as_str().filter(|_| status == 200).map(str::to_owned) else {
                break;
            };
            let (status, _) =
                self.call(connection, "sandbox pay", "POST", &format!("{page}/pay"), (None, &v.address), "").await?;
            if status != 303 {
                break;
            }
            let confirm = json!({"tnxId": tnx}).to_string();
            let (status, _) = self
                .call(connection, "confirm-ticket", "POST", "/v1/api/intercity/confirm-ticket", visitor, &confirm)
                .await?;
            if status == 200 {
                let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
                seen.sales += 1;
                seen.seats_sold += seats.len() as u64;
                return Ok(());
            }
            break;
        }
        self.seen.lock().unwrap_or_else(|e| e.into_inner()).buy_failed += 1;
        Ok(())
    }
}

fn parse(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// The seats free for the whole route (a seat-lock of one taken on some leg meanwhile is a 409,
/// and the traveller looks again).
fn free_seats(view: &Value) -> Vec<String> {
    ["seatList", "upperDeckSeatList", "lowerDeckSeatList"]
        .iter()
        .flat_map(|k| view["data"]["seatPlan"][k].as_array().cloned().unwrap_or_default())
        .filter(|s| s["status"] == "available")
        .filter_map(|s| s["seatNo"].as_str().map(str::to_owned))
        .collect()
}

/// One connection's work: the jobs as they fall due, until the run ends.
async fn worker(rush: Arc<Rush>) -> Result<(), String> {
    let mut connection = Connection::open(rush.addr).await?;
    let mut used = Instant::now();
    while !rush.stop.load(Ordering::Relaxed) {
        let (due, job) = match rush.next_due() {
            Ok(job) => job,
            Err(wait) => {
                tokio::time::sleep(wait).await;
                continue;
            }
        };
        // The server closes a connection idle for long (before the opening): a fresh one.
        if used.elapsed() > Duration::from_secs(5) {
            connection = Connection::open(rush.addr).await?;
        }
        used = Instant::now();
        let done = match job {
            Job::Arrive(n) => rush.arrive(&mut connection, n, due).await,
            Job::Poll(i) => rush.poll(&mut connection, i).await,
            Job::Buy(i, admission) => rush.buy(&mut connection, i, &admission).await,
        };
        if let Err(e) = done {
            // A broken connection: a new one, the job lost (counted as the server's failure).
            *rush
                .seen
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .codes
                .entry(format!("connection: {e}"))
                .or_default() += 1;
            connection = Connection::open(rush.addr).await?;
        }
    }
    Ok(())
}

fn report(name: &str, latencies: &mut [Duration], seconds: f64) -> String {
    latencies.sort_unstable();
    format!(
        "{name:<16} {:>9} {:>9.0}/s   p50 {:>7.1} ms   p99 {:>7.1} ms",
        latencies.len(),
        latencies.len() as f64 / seconds.max(0.001),
        percentile(latencies, 0.5).as_secs_f64() * 1000.0,
        percentile(latencies, 0.99).as_secs_f64() * 1000.0
    )
}

async fn prequeue(addr: SocketAddr, visitors: u64, connections: usize, trips: Vec<String>) -> Result<(), String> {
    let next = Arc::new(AtomicU64::new(0));
    let trips = Arc::new(trips);
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..connections {
        let (next, trips) = (next.clone(), trips.clone());
        tasks.spawn(async move {
            let mut connection = Connection::open(addr).await?;
            let mut lines = Vec::new();
            let mut joins = Vec::new();
            let mut failed = 0u64;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= visitors {
                    break;
                }
                let from = address(i);
                let grant = r#"{"grant_type":"client_credentials","client_id":"web"}"#;
                let (_, body) = connection.send("POST", "/oauth/access_token", None, Some(&from), grant).await?;
                let token: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
                let Some(token) = token["access_token"].as_str() else {
                    failed += 1;
                    continue;
                };
                let trip = &trips[i as usize % trips.len()];
                let sent = Instant::now();
                let (status, body) = connection
                    .send(
                        "POST",
                        "/v1/api/common/queue/join",
                        Some(token),
                        Some(&from),
                        &json!({"tripId": trip}).to_string(),
                    )
                    .await?;
                joins.push(sent.elapsed());
                let place: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
                match place["data"]["queueId"].as_str() {
                    Some(id) if status == 200 => {
                        let due = now_ms() + place["data"]["pollAfterMs"].as_i64().unwrap_or(1_000);
                        lines.push(format!("{token} {id} {trip} {due} {i}"));
                    }
                    _ => failed += 1,
                }
            }
            Ok::<_, String>((lines, joins, failed))
        });
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut joins, mut failed) = (Vec::new(), 0);
    while let Some(done) = tasks.join_next().await {
        let (lines, times, lost) = done.map_err(|e| e.to_string())??;
        for line in lines {
            writeln!(out, "{line}").map_err(|e| e.to_string())?;
        }
        joins.extend(times);
        failed += lost;
    }
    out.flush().map_err(|e| e.to_string())?;
    let took = started.elapsed().as_secs_f64();
    eprintln!("pre-queue: {visitors} visitors took a token and joined in {took:.1} s, failed {failed}");
    eprintln!("{}", report("pre-queue joins", &mut joins, took));
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: eid_rush BASE (prequeue VISITORS CONNECTIONS TRIPS | rush OPENS_MS SECONDS ARRIVALS CONNECTIONS TRIPS FROM TO DATE)";
    let arg = |i: usize| args.get(i).cloned().ok_or(usage);
    let addr: SocketAddr = arg(1)?.trim_start_matches("http://").trim_end_matches('/').parse().map_err(|_| usage)?;
    let number = |i: usize| -> Result<u64, String> { arg(i)?.parse().map_err(|_| usage.to_owned()) };
    match arg(2)?.as_str() {
        "prequeue" => {
            let trips = arg(5)?.split(',').map(str::to_owned).collect();
            prequeue(addr, number(3)?, number(4)? as usize, trips).await
        }
        "rush" => {
            let opens_ms = number(3)? as i64;
            let seconds = number(4)?;
            let rate = number(5)?;
            let connections = number(6)? as usize;
            let trips: Vec<String> = arg(7)?.split(',').map(str::to_owned).collect();
            let search = json!({"from": arg(8)?, "to": arg(9)?, "journeyDate": arg(10)?}).to_string();
            let mut visitors = Vec::new();
            let mut jobs = BinaryHeap::new();
            let mut first_address = 0;
            // The run starts half a minute before the opening: a pre-queue asked to poll at most
            // 30 s apart has each visitor's last poll before it somewhere in those 30 s (the
            // hours before, at 1/30 of the pre-queue a second, are not this bench's).
            let from_ms = opens_ms - 30_000;
            for line in std::io::stdin().lock().lines().map_while(Result::ok) {
                let parts: Vec<&str> = line.split(' ').collect();
                let [token, place, trip, due, i] = parts[..] else { continue };
                let i: u64 = i.parse().map_err(|_| "a bad place line")?;
                first_address = first_address.max(i + 1);
                let due = due.parse::<i64>().unwrap_or(opens_ms);
                let first = if due >= from_ms { due } else { from_ms + (i as i64 * 7_919) % 30_000 };
                jobs.push(Reverse((first, Job::Poll(visitors.len()))));
                visitors.push(Arc::new(Visitor {
                    token: token.to_owned(),
                    place: place.to_owned(),
                    trip: trip.to_owned(),
                    address: address(i),
                    phone: phone_of(i),
                }));
            }
            let planned = rate * seconds;
            for n in 0..planned {
                jobs.push(Reverse((opens_ms + (n * 1000 / rate.max(1)) as i64, Job::Arrive(n))));
            }
            let waiting = visitors.len();
            let rush = Arc::new(Rush {
                addr,
                opens_ms,
                ends_ms: opens_ms + seconds as i64 * 1000,
                search,
                visitors: Mutex::new(visitors),
                jobs: Mutex::new(jobs),
                seen: Mutex::new(Seen::default()),
                arrived: AtomicU64::new(0),
                arrivals_planned: planned,
                trips,
                first_address,
                stop: AtomicBool::new(false),
            });
            let start = from_ms - now_ms();
            if start < 0 {
                println!("!! THE RUN STARTED {} ms LATE: the pre-queue's last half minute is partly missing", -start);
            }
            tokio::time::sleep(Duration::from_millis(start.max(0) as u64)).await;
            let mut workers = tokio::task::JoinSet::new();
            for _ in 0..connections {
                workers.spawn(worker(rush.clone()));
            }
            let until = rush.ends_ms - now_ms();
            tokio::time::sleep(Duration::from_millis(until.max(0) as u64)).await;
            rush.stop.store(true, Ordering::Relaxed);
            while let Some(done) = workers.join_next().await {
                done.map_err(|e| e.to_string())??;
            }
            let mut seen = rush.seen.lock().unwrap_or_else(|e| e.into_inner());
            let took = (seen.last_answer_ms.max(rush.ends_ms) - opens_ms) as f64 / 1000.0;
            println!("waiting at the opening: {waiting}; the run took {took:.1} s from the opening to the last answer");
            println!("calls            answered      rate");
            println!("-- the pre-queue's last 30 s --");
            for (name, latencies) in seen.before.iter_mut() {
                println!("{}", report(name, latencies, 30.0));
            }
            println!("-- the opening's first 5 s --");
            for (name, latencies) in seen.opening.iter_mut() {
                println!("{}", report(name, latencies, 5.0));
            }
            println!("-- from the opening on --");
            let mut all = std::mem::take(&mut seen.all);
            for (name, latencies) in all.iter_mut() {
                println!("{}", report(name, latencies, took));
            }
            let arrived = rush.arrived.load(Ordering::Relaxed);
            let mut late = std::mem::take(&mut seen.late);
            late.sort_unstable();
            println!(
                "arrivals: {arrived} of {} planned ({} a second for {seconds} s); started late p50 {:.0} ms, p99 {:.0} ms",
                rush.arrivals_planned,
                rate,
                percentile(&late, 0.5).as_secs_f64() * 1000.0,
                percentile(&late, 0.99).as_secs_f64() * 1000.0
            );
            if arrived < rush.arrivals_planned || percentile(&late, 0.99) > Duration::from_secs(1) {
                println!(
                    "!! THE LOAD RAN BEHIND: this machine made {arrived} of {} arrivals, the late ones over a second \
                     behind their moment; the rates above are what it could make, not the plan",
                    rush.arrivals_planned
                );
            }
            println!(
                "admitted {}, sales {} ({} seats), sold out {}, buys failed {}",
                seen.admitted, seen.sales, seen.seats_sold, seen.sold_out, seen.buy_failed
            );
            let server_errors: u64 = seen.statuses.iter().filter(|((_, s), _)| *s >= 500).map(|(_, n)| n).sum();
            println!("answers by status:");
            for ((name, status), n) in &seen.statuses {
                println!("  {name:<16} {status} x {n}");
            }
            println!("errors by code:");
            for (code, n) in &seen.codes {
                println!("  {code} x {n}");
            }
            if let Ok(path) = std::env::var("ARRIVAL_PLACES") {
                std::fs::write(&path, seen.places.join("\n")).map_err(|e| e.to_string())?;
            }
            let joins = all.get("join").map_or(0, Vec::len) as f64 / took;
            let mut opening_polls = seen.opening.remove("status").unwrap_or_default();
            opening_polls.sort_unstable();
            println!(
                "LINE poll_p99_opening_ms={:.1} joins_per_s={joins:.0} server_errors={server_errors}",
                percentile(&opening_polls, 0.99).as_secs_f64() * 1000.0
            );
            Ok(())
        }
        _ => Err(usage.into()),
    }
}
