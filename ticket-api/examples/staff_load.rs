//! The back office's budgets (issue 35), against a running demo server: a 10,000-line schedule
//! CSV imported (at most 10 s), and 200 schedules x 30 days making 6,000 trips (at most 5 s),
//! then the job run again (it must write nothing). Usage: staff_load BASE_URL
//! (tests/load/staff-bench.sh starts a server and runs this.)
//!
//! Each figure is the wall time of the call that did the work, as the manager waits for it.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "common/staff_api.rs"]
mod staff_api;

use staff_api::{Api, log_in};

const MANAGER: &str = "01700000002";

/// `schedules` daily schedules of four stops each, on `route`, for `days` days from today.
fn timetable(schedules: usize, route: &str, prefix: &str, days: i64) -> String {
    let today = ticket_api::clock::today();
    let (from, to) = (today.to_string(), today.add_days(days - 1).to_string());
    let stops = [("Dhaka", 0, ""), ("Faridpur", 150, "350"), ("Rajbari", 200, "450"), ("Kushtia", 300, "700")];
    let mut text = ticket_api::staff::csv::HEADER.join(",") + "\n";
    for n in 0..schedules {
        let departure = format!("{:02}:{:02}", n / 60 % 24, n % 60);
        for (i, (stop, minutes, fare)) in stops.iter().enumerate() {
            let (boards, drops) = (if i + 1 < stops.len() { "yes" } else { "no" }, if i > 0 { "yes" } else { "no" });
            text.push_str(&format!(
                "{prefix}-{n:05},{route},BUS,{stop},{minutes},{boards},{drops},{departure},daily,{from},{to},AC Economy,bus-economy-36,{fare}\n"
            ));
        }
    }
    text
}

async fn import(api: &Api, text: String) -> Result<(Duration, Value), String> {
    let started = Instant::now();
    let request = api
        .http
        .post(format!("{}/v1/api/staff/schedules/import", api.base))
        .header("content-type", "text/csv")
        .body(text);
    let (status, body) = api.send(request).await?;
    let took = started.elapsed();
    if status != 200 {
        return Err(format!("import: {status} {body}"));
    }
    Ok((took, body["data"].clone()))
}

async fn run(base: &str) -> Result<bool, String> {
    let api = log_in(base, MANAGER).await?;
    let mut within = true;

    // 200 schedules x 30 days: the import makes their 6,000 trips in the same write.
    let (took, data) = import(&api, timetable(200, "bench-trips", "g", 30)).await?;
    println!(
        "200 schedules x 30 days: {} trips made, with the import, in {:.2} s ({data})",
        data["trips"],
        took.as_secs_f64()
    );
    if data["trips"] != 6_000 {
        println!("FAILED: not 6,000 trips");
        within = false;
    }
    let started = Instant::now();
    let (status, again) = api.post("/v1/api/staff/trips/generate", json!({})).await?;
    let job = started.elapsed();
    println!("the trip job again over every schedule: {:.2} s, {again}", job.as_secs_f64());
    if status != 200 || again["data"]["tripsAdded"] != 0 || again["data"]["tripsChanged"] != 0 {
        println!("FAILED: the second run wrote something");
        within = false;
    }
    if took > Duration::from_secs(5) {
        println!("OVER BUDGET: 6,000 trips took more than 5 s");
        within = false;
    }

    // 10,000 lines: 2,500 schedules of four stops, a week of trips each.
    let text = timetable(2_500, "bench-csv", "c", 7);
    println!("CSV: {} lines, {} KB", text.lines().count() - 1, text.len() / 1024);
    let (took, data) = import(&api, text).await?;
    println!("10,000-line CSV imported in {:.2} s ({data})", took.as_secs_f64());
    if took > Duration::from_secs(10) {
        println!("OVER BUDGET: more than 10 s");
        within = false;
    }
    Ok(within)
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let Some(base) = std::env::args().nth(1) else {
        eprintln!("usage: staff_load BASE_URL");
        return std::process::ExitCode::from(2);
    };
    match run(base.trim_end_matches('/')).await {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(e) => {
            eprintln!("staff_load: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
