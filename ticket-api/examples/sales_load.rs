//! Complete sales per second against a running server (issue 4's load target), over HTTP on
//! loopback (one kept-alive connection per traveller): seat-lock -> payment-pending ->
//! update-gateway -> sandbox Pay -> confirm-ticket.
//! Each worker sells the free seats of its own trips, so no sale fails by design; afterwards
//! every trip's seat map is read again and must show exactly the seats sold as booked (no
//! oversell, no lost sale). Usage: sales_load BASE_URL [seconds] [workers]
//! (tests/load/sales-bench.sh starts a server and runs this.)
//!
//! The figure is honest about time: sales per second are counted over the time the selling
//! really took (until the last worker finished its last sale), and when the trips' free seats
//! run out before the planned time the run says so loudly instead of dividing by the plan.
//! Environment: SALES_DAYS (days of trips to sell on, from tomorrow; the server must have
//! seeded them), SERVER_PID and CLK_TCK (the servers' CPU seconds per sale, from /proc; several
//! comma-separated pids are added up), DATABASE_PID (a database server's main process: the CPU
//! of it and all its children per sale, beside the server's and this client's), PEERS (server
//! processes behind BASE_URL, comma-separated host:port: after each seat-lock and each sale is
//! answered, every one of them must show the seat taken within CLAIMS_MAX_AGE_MS (default
//! 1000, the servers' promise): a view that shows it free is asked again that long after the
//! answer, and one still free then is a stale view and fails the run; the views that caught up
//! within the bound are counted apart),
//! TRAVELLER_ADDRESSES=1 (each worker's calls carry an X-Forwarded-For address of its own, as
//! travellers come from many addresses; the server must trust loopback as its proxy).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use std::time::{Duration, Instant};
use tokio::task::JoinSet;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::sync::Mutex;

const CALLS: [&str; 5] = ["seat-lock", "payment-pending", "update-gateway", "sandbox-pay", "confirm-ticket"];

/// One traveller's HTTP/1.1 connection, kept alive between calls as a browser keeps it (a new
/// TCP connection per call costs both sides more than many of the calls themselves).
struct Client {
    addr: SocketAddr,
    stream: Option<BufReader<tokio::net::TcpStream>>,
    /// An `X-Forwarded-For: ...\r\n` header line, or nothing.
    forwarded_for: String,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        Client { addr, stream: None, forwarded_for: String::new() }
    }

    /// A client whose calls say they come from `address`, through a proxy.
    fn forwarding(addr: SocketAddr, address: Option<String>) -> Client {
        Client {
            forwarded_for: address.map(|a| format!("X-Forwarded-For: {a}\r\n")).unwrap_or_default(),
            ..Client::new(addr)
        }
    }

    async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Result<(u16, String, Value), String> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\n{auth}{}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            self.forwarded_for,
            body.len()
        );
        // A kept connection the server has closed meanwhile fails at once: try a fresh one.
        let reused = self.stream.is_some();
        match self.exchange(&request).await {
            Err(_) if reused => self.exchange(&request).await,
            result => result,
        }
    }

    async fn exchange(&mut self, request: &str) -> Result<(u16, String, Value), String> {
        let result = self.exchange_once(request).await;
        if result.is_err() {
            self.stream = None;
        }
        result
    }

    async fn exchange_once(&mut self, request: &str) -> Result<(u16, String, Value), String> {
        if self.stream.is_none() {
            let stream = tokio::net::TcpStream::connect(self.addr).await.map_err(|e| e.to_string())?;
            stream.set_nodelay(true).map_err(|e| e.to_string())?;
            self.stream = Some(BufReader::new(stream));
        }
        let stream = self.stream.as_mut().ok_or("no connection")?;
        stream.get_mut().write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
        let mut head = String::new();
        loop {
            let mut line = String::new();
            if stream.read_line(&mut line).await.map_err(|e| e.to_string())? == 0 {
                return Err("connection closed".into());
            }
            if line == "\r\n" {
                break;
            }
            head.push_str(&line);
        }
        let header = |name: &str| {
            head.lines().find_map(|l| {
                l.split_once(':').filter(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_owned())
            })
        };
        let length: usize = header("content-length").and_then(|v| v.parse().ok()).ok_or("no content-length")?;
        let close = header("connection").is_some_and(|v| v.eq_ignore_ascii_case("close"));
        let mut json = vec![0; length];
        stream.read_exact(&mut json).await.map_err(|e| e.to_string())?;
        if close {
            self.stream = None;
        }
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        Ok((status, head, serde_json::from_slice(&json).unwrap_or(Value::Null)))
    }
}

/// One call on a connection of its own.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Result<(u16, String, Value), String> {
    Client::new(addr).call(method, path, token, body).await
}

fn booked(view: &Value) -> Vec<String> {
    ["seatList", "upperDeckSeatList", "lowerDeckSeatList"]
        .iter()
        .flat_map(|k| view["data"]["seatPlan"][k].as_array().cloned().unwrap_or_default())
        .filter(|s| s["status"] != "available")
        .map(|s| s["seatNo"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn free(view: &Value) -> Vec<String> {
    ["seatList", "upperDeckSeatList", "lowerDeckSeatList"]
        .iter()
        .flat_map(|k| view["data"]["seatPlan"][k].as_array().cloned().unwrap_or_default())
        .filter(|s| s["status"] == "available" && s["fareList"].is_null())
        .map(|s| s["seatNo"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// A token of a new visitor of the public site.
async fn new_visitor(addr: SocketAddr) -> Result<String, String> {
    let grant = json!({"grant_type": "client_credentials", "client_id": "web"});
    let (_, _, token) = http(addr, "POST", "/oauth/access_token", None, Some(&grant)).await?;
    Ok(token["access_token"].as_str().ok_or("no token")?.to_owned())
}

/// trip -> (seats booked before the run, seats sold by the run)
type Ledger = HashMap<String, (Vec<String>, Vec<String>)>;

/// CPU seconds (user + system) each process has used.
fn cpu_seconds(pids: &[u32], ticks_per_second: f64) -> Option<Vec<f64>> {
    pids.iter().map(|pid| process_cpu_seconds(*pid, ticks_per_second)).collect()
}

/// Views of a seat just taken: those that showed it free at first and caught up within the
/// bound, and those still showing it free a bound after the answer.
#[derive(Debug, Default, Clone, Copy)]
struct Views {
    late: usize,
    stale: usize,
}

/// Asks every peer for the trip's seat map after `seat` was taken (answered at `answered`).
async fn stale_views(peers: &mut [Client], token: &str, trip: &str, seat: &str, answered: Instant) -> Views {
    let bound =
        Duration::from_millis(std::env::var("CLAIMS_MAX_AGE_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000));
    let mut views = Views::default();
    for peer in peers {
        let mut asked_late = false;
        loop {
            let asked = Instant::now();
            match peer
                .call("POST", "/v1/api/intercity/get-seat-view", Some(token), Some(&json!({"tripId": trip})))
                .await
            {
                Ok((200, _, view)) if booked(&view).iter().any(|s| s == seat) => {
                    views.late += usize::from(asked_late);
                    break;
                }
                other if asked >= answered + bound => {
                    eprintln!(
                        "{}: seat {seat} of {trip} not shown taken a bound after: {:?}",
                        peer.addr,
                        other.map(|(s, _, _)| s)
                    );
                    views.stale += 1;
                    break;
                }
                _ => {
                    asked_late = true;
                    tokio::time::sleep_until((answered + bound).into()).await;
                }
            }
        }
    }
    views
}

/// The numbers of /proc/PID/stat after the command name (which is in parentheses and may hold
/// spaces) and the state letter: 0 is the parent's pid, 10 and 11 the user and system ticks,
/// 12 and 13 those of the children it has collected. `None` for a process gone, or a line
/// that does not read as numbers.
fn stat_numbers(pid: u32) -> Option<Vec<f64>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?.1.split_whitespace().skip(1).map(|f| f.parse().ok()).collect()
}

/// A process's own user and system ticks, from its [`stat_numbers`].
fn own_ticks(numbers: &[f64]) -> Option<f64> {
    Some(numbers.get(10)? + numbers.get(11)?)
}

/// CPU seconds (user + system) the process `pid` has used.
fn process_cpu_seconds(pid: u32, ticks_per_second: f64) -> Option<f64> {
    Some(own_ticks(&stat_numbers(pid)?)? / ticks_per_second)
}

/// CPU seconds a process and all its children have used: its own, the live children's, and
/// the ended children's it has collected. A PostgreSQL cluster is its postmaster's tree, a
/// backend per connection, started and ended as the pools need them.
fn tree_cpu_seconds(parent: u32, ticks_per_second: f64) -> Option<f64> {
    let own = stat_numbers(parent)?;
    let mut ticks = own_ticks(&own)? + own.get(12)? + own.get(13)?;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<u32>().ok()) else { continue };
        // A child that ends meanwhile is skipped here; its parent counts it once collected.
        let child = stat_numbers(pid).filter(|n| n.first() == Some(&f64::from(parent)));
        if let Some(child_ticks) = child.as_deref().and_then(own_ticks) {
            ticks += child_ticks;
        }
    }
    Some(ticks / ticks_per_second)
}

/// The seats the counter load sold beside the web's (`COUNTER_SOLD`: its file of `trip seat`
/// lines, written when it has finished; waited for, a minute past the run at most).
async fn counter_sold(seconds: u64) -> Result<Vec<(String, String)>, String> {
    let Ok(path) = std::env::var("COUNTER_SOLD") else { return Ok(Vec::new()) };
    let done = format!("{path}.done");
    let until = Instant::now() + Duration::from_secs(seconds + 60);
    while !std::path::Path::new(&done).exists() {
        if Instant::now() > until {
            return Err("the counter load never finished".into());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    Ok(text.lines().filter_map(|l| l.split_once(' ')).map(|(t, s)| (t.to_owned(), s.to_owned())).collect())
}

fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base = args.first().ok_or("usage: sales_load BASE_URL [seconds] [workers]")?;
    let seconds: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(60);
    let workers: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(64);
    let addr: SocketAddr =
        base.trim_start_matches("http://").trim_end_matches('/').parse().map_err(|e| format!("{base}: {e}"))?;
    let token = new_visitor(addr).await?;

    // Every bus trip of the next days, from searches of every city pair the network serves.
    let (_, _, cities) = http(addr, "GET", "/v1/api/intercity/cities", Some(&token), None).await?;
    let names: Vec<String> = cities["data"]["cities"]
        .as_array()
        .ok_or("no cities")?
        .iter()
        .filter_map(|c| c["name"].as_str().map(str::to_owned))
        .collect();
    let today = core_wasm::time::today_in_dhaka(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_err(|e| e.to_string())?.as_millis()
            as f64,
    );
    let days: i64 = env_number("SALES_DAYS").unwrap_or(3);
    let mut trips: Vec<String> = Vec::new();
    for day in 1..=days {
        for from in names.iter().take(8) {
            for to in &names {
                let body = json!({"from": from, "to": to, "journeyDate": today.add_days(day).to_string()});
                if let Ok((200, _, found)) =
                    http(addr, "POST", "/v1/api/intercity/get-schedule-trips", Some(&token), Some(&body)).await
                {
                    trips.extend(
                        found["data"]["trips"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|t| t["_id"].as_str().map(str::to_owned)),
                    );
                }
            }
        }
    }
    trips.sort();
    trips.dedup();
    let own_addresses = std::env::var("TRAVELLER_ADDRESSES").is_ok_and(|v| v == "1");
    eprintln!(
        "{} trips over {days} days to sell on, {workers} workers ({}), {seconds} s",
        trips.len(),
        if own_addresses { "each from an address of its own" } else { "all from one address" }
    );
    let pids: Option<Vec<u32>> =
        std::env::var("SERVER_PID").ok().map(|v| v.split(',').filter_map(|p| p.trim().parse().ok()).collect());
    let tck = env_number::<f64>("CLK_TCK");
    let server = pids.filter(|p| !p.is_empty()).zip(tck);
    let cpu_before = server.as_ref().and_then(|(pids, tck)| cpu_seconds(pids, *tck));
    let database = env_number::<u32>("DATABASE_PID").zip(tck);
    let database_before = database.and_then(|(pid, tck)| tree_cpu_seconds(pid, tck));
    let load_before = tck.and_then(|tck| process_cpu_seconds(std::process::id(), tck));
    let peers: Vec<SocketAddr> = std::env::var("PEERS")
        .unwrap_or_default()
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.trim().parse().map_err(|e| format!("PEERS {p}: {e}")))
        .collect::<Result<_, _>>()?;
    let stale = Arc::new(AtomicUsize::new(0));
    let late = Arc::new(AtomicUsize::new(0));
    let queue = Arc::new(Mutex::new(trips));
    let stop = Arc::new(AtomicBool::new(false));
    let sales = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(AtomicUsize::new(0));
    let latencies: Arc<Mutex<HashMap<&'static str, Vec<Duration>>>> = Arc::new(Mutex::new(HashMap::new()));
    let ledger: Arc<Mutex<Ledger>> = Arc::new(Mutex::new(HashMap::new()));
    let started = Instant::now();
    let mut tasks = JoinSet::new();
    for worker in 0..workers {
        let address =
            own_addresses.then(|| format!("10.{}.{}.{}", worker / 62_500 % 250, worker / 250 % 250, worker % 250 + 1));
        let (stale, late, peers) = (stale.clone(), late.clone(), peers.clone());
        let (queue, stop, sales, errors, latencies, ledger, token) = (
            queue.clone(),
            stop.clone(),
            sales.clone(),
            errors.clone(),
            latencies.clone(),
            ledger.clone(),
            token.clone(),
        );
        tasks.spawn(async move {
            // Each worker is one traveller buying one seat after another (the server caps how
            // many seats one visitor holds at once).
            // The peers are asked as another visitor: a traveller's own hold is theirs to choose.
            let onlooker = token.clone();
            let token = new_visitor(addr).await.unwrap_or(token);
            let mut client = Client::forwarding(addr, address);
            let mut peers: Vec<Client> = peers.into_iter().map(Client::new).collect();
            while !stop.load(Ordering::Relaxed) {
                let Some(trip) = queue.lock().await.pop() else { break };
                let Ok((200, _, view)) = client.call("POST", "/v1/api/intercity/get-seat-view", Some(&token), Some(&json!({"tripId": trip}))).await else { continue };
                ledger.lock().await.insert(trip.clone(), (booked(&view), Vec::new()));
                for seat in free(&view) {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let mut timings = Vec::with_capacity(5);
                    let mut ok = true;
                    let mut tnx = String::new();
                    let mut page = String::new();
                    for call in CALLS {
                        let t = Instant::now();
                        let result = match call {
                            "seat-lock" => client.call("POST", "/v1/api/intercity/seat-lock", Some(&token), Some(&json!({"tripId": trip, "seats": [seat]}))).await,
                            "payment-pending" => client.call("POST", "/v1/api/intercity/payment-pending", Some(&token), Some(&json!({"tripId": trip, "seats": [seat], "name": "Load Test", "phone": "01712345678", "gender": "female"}))).await,
                            "update-gateway" => client.call("POST", "/v1/api/intercity/update-gateway", Some(&token), Some(&json!({"tnxId": tnx, "gateway": "sandbox"}))).await,
                            "sandbox-pay" => client.call("POST", &format!("{page}/pay"), None, None).await,
                            _ => client.call("POST", "/v1/api/intercity/confirm-ticket", Some(&token), Some(&json!({"tnxId": tnx}))).await,
                        };
                        timings.push((call, t.elapsed()));
                        match result {
                            Ok((200, _, body)) if call == "payment-pending" => tnx = body["data"]["tnxId"].as_str().unwrap_or_default().to_owned(),
                            Ok((200, _, body)) if call == "update-gateway" => page = body["data"]["redirectUrl"].as_str().unwrap_or_default().to_owned(),
                            Ok((200, _, _)) if call == "seat-lock" => {
                                let views = stale_views(&mut peers, &onlooker, &trip, &seat, Instant::now()).await;
                                stale.fetch_add(views.stale, Ordering::Relaxed);
                                late.fetch_add(views.late, Ordering::Relaxed);
                            }
                            Ok((200, _, _)) => {}
                            Ok((303, head, _)) if call == "sandbox-pay" && head.contains("/payment/success") => {}
                            other => {
                                eprintln!("{call} failed: {:?}", other.map(|(s, _, b)| (s, b)));
                                ok = false;
                                break;
                            }
                        }
                    }
                    let mut l = latencies.lock().await;
                    for (call, d) in timings {
                        l.entry(call).or_default().push(d);
                    }
                    drop(l);
                    if ok {
                        let views = stale_views(&mut peers, &onlooker, &trip, &seat, Instant::now()).await;
                        stale.fetch_add(views.stale, Ordering::Relaxed);
                        late.fetch_add(views.late, Ordering::Relaxed);
                        sales.fetch_add(1, Ordering::Relaxed);
                        if let Some(entry) = ledger.lock().await.get_mut(&trip) {
                            entry.1.push(seat.clone());
                        }
                    } else {
                        errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        });
    }
    // Until the planned time, or until every worker has run out of seats to sell.
    let deadline = tokio::time::sleep(Duration::from_secs(seconds));
    tokio::pin!(deadline);
    let mut ran_out = false;
    loop {
        tokio::select! {
            () = &mut deadline => break,
            done = tasks.join_next() => if done.is_none() {
                ran_out = true;
                break;
            },
        }
    }
    stop.store(true, Ordering::Relaxed);
    // The sales in flight at the deadline finish and count: so does the time they take.
    while tasks.join_next().await.is_some() {}
    let elapsed = started.elapsed().as_secs_f64();
    let processes = server.as_ref().map_or(0, |(pids, _)| pids.len());
    let database_cpu = database.and_then(|(pid, tck)| Some(tree_cpu_seconds(pid, tck)? - database_before?));
    let load_cpu = tck.and_then(|tck| Some(process_cpu_seconds(std::process::id(), tck)? - load_before?));
    let cpu: Option<Vec<f64>> = server.and_then(|(pids, tck)| {
        Some(cpu_seconds(&pids, tck)?.iter().zip(cpu_before?).map(|(after, before)| after - before).collect())
    });
    let sold = sales.load(Ordering::Relaxed);
    if ran_out {
        println!(
            "INVENTORY RAN OUT: every free seat of the {days} days' trips was sold after {elapsed:.1} s of the {seconds} s planned; \
             the figure below is over the {elapsed:.1} s the selling took (seed more days: SALES_DAYS)"
        );
    }
    println!(
        "complete sales: {sold} in {elapsed:.1} s of selling = {:.1} sales/s ({workers} workers), failed sales: {}",
        sold as f64 / elapsed,
        errors.load(Ordering::Relaxed)
    );
    let per_sale = |cpu: f64| cpu * 1000.0 / sold.max(1) as f64;
    let server_cpu = cpu.map(|each| {
        let cpu: f64 = each.iter().sum();
        println!(
            "server CPU ({processes} processes): {cpu:.1} s over the selling = {:.2} ms per sale ({:.2} cores busy)",
            per_sale(cpu),
            cpu / elapsed
        );
        if each.len() > 1 {
            for (n, seconds) in each.iter().enumerate() {
                println!("  process {}: {seconds:.1} CPU s", n + 1);
            }
        }
        cpu
    });
    if let Some(cpu) = database_cpu {
        println!(
            "database CPU (every process of the cluster): {cpu:.1} s = {:.2} ms per sale ({:.2} cores busy)",
            per_sale(cpu),
            cpu / elapsed
        );
    }
    if let Some(cpu) = load_cpu {
        println!("load CPU (this client): {cpu:.1} s = {:.2} ms per sale", per_sale(cpu));
    }
    // Where every core's time went, when all of it is on this machine: the sales it allows.
    if let (Some(server), Some(load)) = (server_cpu, load_cpu) {
        let all = per_sale(server + load + database_cpu.unwrap_or(0.0));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        println!(
            "CPU per sale, server + {}load: {all:.2} ms; {cores} cores at that cost sell at most {:.0} sales/s",
            if database_cpu.is_some() { "database + " } else { "" },
            cores as f64 * 1000.0 / all
        );
    }
    let mut l = latencies.lock().await;
    for call in CALLS {
        if let Some(v) = l.get_mut(call) {
            v.sort();
            let p = |q: f64| v[((v.len() as f64 * q) as usize).min(v.len() - 1)].as_secs_f64() * 1000.0;
            println!("  {call:<16} n={:<7} p50 {:>7.2} ms  p99 {:>7.2} ms", v.len(), p(0.5), p(0.99));
        }
    }
    // No oversell, no lost sale: each trip now shows booked exactly what it had plus what we sold
    // (and what a counter sold beside us, COUNTER_SOLD: its list once it has finished).
    let counter_sold = counter_sold(seconds).await?;
    let mut oversold = 0;
    for (trip, (before, ours)) in ledger.lock().await.iter() {
        let (_, _, view) =
            http(addr, "POST", "/v1/api/intercity/get-seat-view", Some(&token), Some(&json!({"tripId": trip}))).await?;
        let mut now = booked(&view);
        let at_counter = counter_sold.iter().filter(|(t, _)| t == trip).map(|(_, seat)| seat);
        let mut expected: Vec<String> = before.iter().chain(ours.iter()).chain(at_counter).cloned().collect();
        now.sort();
        expected.sort();
        // A counter's sale may be in the trip's first look already: once.
        expected.dedup();
        if now != expected {
            oversold += 1;
            eprintln!("trip {trip}: booked {now:?}, expected {expected:?}");
        }
    }
    println!("trips checked: {}, seat maps that disagree with the sales: {oversold}", ledger.lock().await.len());
    let (stale, late) = (stale.load(Ordering::Relaxed), late.load(Ordering::Relaxed));
    if !peers.is_empty() {
        println!(
            "checked on each of {} processes after every seat-lock and sale was answered: {late} views showed the seat free at first and caught up within the bound, {stale} still showed it free a bound later",
            peers.len()
        );
    }
    if oversold > 0 {
        Err("seat maps disagree".into())
    } else if stale > 0 {
        Err("a process showed a seat free a bound after its lock or sale was answered".into())
    } else {
        Ok(())
    }
}
