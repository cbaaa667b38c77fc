//! Schedules as a spreadsheet (issue 35): one row per stop of a schedule, in the columns of
//! [`HEADER`]. Import is all or nothing: every row is checked first, and any problem writes
//! nothing and answers every problem with its line and column. Export writes the same format
//! back, so an export imported again changes nothing.
//!
//! A schedule's rows repeat its route, service, departure, days, dates, class and layout; each
//! row adds a stop (a city's id, name or other spelling), its minutes from the first stop,
//! whether it boards and drops, and the fare from the first stop to it. The fare of a pair of
//! later stops is the difference of theirs from the first, for every seat class of the layout.
//! Cells that start with `=`, `+`, `-` or `@` are written with a leading `'` (a spreadsheet
//! would run them as formulas) and read back without it.

use std::collections::HashMap;

use core_wasm::contract::staff::{CsvProblem, StaffSchedule, StaffStop};
use core_wasm::service::Service;
use core_wasm::staff::messages::{self as say, StaffSaid, StaffTemplate};
use core_wasm::staff::route;
use core_wasm::staff::schedule::{self, Days};

/// The columns, in order.
pub const HEADER: [&str; 14] = [
    "schedule",
    "route",
    "service",
    "stop",
    "minutes",
    "boards",
    "drops",
    "departure",
    "days",
    "from_date",
    "to_date",
    "class",
    "layout",
    "fare_from_start",
];

/// Lines a file may have (a country's timetable is a few thousand).
pub const MAX_LINES: usize = 20_000;

/// What an import needs to know of the store, read before the rows are checked.
#[derive(Debug, Default)]
pub struct Known {
    /// City id by id, name or other spelling, lower-case.
    pub cities: HashMap<String, String>,
    /// Layout code (as the file names it) -> (stored id, service, its seat classes).
    pub layouts: HashMap<String, (String, Service, Vec<String>)>,
}

/// One schedule as the file gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    pub line: u64,
    pub schedule: StaffSchedule,
    pub route_code: String,
    pub service: Service,
    pub stops: Vec<StaffStop>,
    /// Fare from the first stop to each stop (none for the first).
    pub fares: Vec<Option<i64>>,
    pub layout_id: String,
    pub seat_classes: Vec<String>,
}

fn problem(line: u64, column: &str, said: StaffSaid) -> CsvProblem {
    CsvProblem { line, column: column.to_owned(), message: said }
}

fn said(t: StaffTemplate, params: &[(&str, &str)]) -> StaffSaid {
    t.with(params)
}

/// A cell as written, without the formula guard.
fn unguard(cell: &str) -> &str {
    let cell = cell.trim();
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest,
        _ => cell,
    }
}

/// A cell as it is written: a spreadsheet never runs it as a formula.
pub fn guard(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@']) { format!("'{cell}") } else { cell.to_owned() }
}

fn yes_no(cell: &str) -> Option<bool> {
    match cell.to_ascii_lowercase().as_str() {
        "yes" | "y" | "1" | "true" => Some(true),
        "no" | "n" | "0" | "false" => Some(false),
        _ => None,
    }
}

/// Reads and checks a whole file; every problem, or every schedule.
pub fn plan(text: &str, known: &Known) -> Result<Vec<Planned>, Vec<CsvProblem>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut problems = Vec::new();
    let mut planned: Vec<Planned> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut header_seen = false;
    // Schedules with a bad row: their whole-schedule checks would only repeat the row's problem.
    let mut tainted: Vec<String> = Vec::new();
    for (n, record) in reader.records().enumerate() {
        let line = record.as_ref().ok().and_then(|r| r.position()).map_or(n as u64 + 1, |p| p.line());
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                problems.push(problem(line, "", said(say::CSV_UNREADABLE, &[("detail", &e.to_string())])));
                break;
            }
        };
        if n >= MAX_LINES {
            problems.push(problem(line, "", said(say::CSV_TOO_BIG, &[("max", &MAX_LINES.to_string())])));
            break;
        }
        if !header_seen {
            header_seen = true;
            let given: Vec<String> = record.iter().map(|c| c.trim().to_ascii_lowercase()).collect();
            if given != HEADER {
                problems.push(problem(line, "", said(say::CSV_HEADER, &[("header", &HEADER.join(","))])));
                return Err(problems);
            }
            continue;
        }
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if record.len() != HEADER.len() {
            let counts = [("found", record.len().to_string()), ("needed", HEADER.len().to_string())];
            problems.push(problem(line, "", said(say::CSV_COLUMNS, &counts.each_ref().map(|(n, v)| (*n, v.as_str())))));
            continue;
        }
        let cell = |i: usize| unguard(&record[i]).to_owned();
        let problems_before = problems.len();
        let mut bad = |column: &str, s: StaffSaid| problems.push(problem(line, column, s));
        let code = cell(0);
        if !core_wasm::staff::code_ok(&code) {
            bad(
                "schedule",
                said(say::INVALID, &[("field", "schedule"), ("detail", "use lower-case letters, digits and '-'")]),
            );
            continue;
        }
        let route_code = cell(1);
        if !core_wasm::staff::code_ok(&route_code) {
            bad(
                "route",
                said(say::INVALID, &[("field", "route"), ("detail", "use lower-case letters, digits and '-'")]),
            );
        }
        let service = Service::parse(&cell(2).to_ascii_uppercase());
        if service.is_none() {
            bad("service", said(say::INVALID, &[("field", "service"), ("detail", "BUS or LAUNCH")]));
        }
        let stop = cell(3);
        let city = known.cities.get(&stop.to_lowercase()).cloned();
        if city.is_none() {
            bad("stop", said(say::UNKNOWN_REF, &[("field", "stop"), ("value", &stop)]));
        }
        let minutes = cell(4).parse::<i64>().ok().filter(|m| (0..=10_080).contains(m));
        if minutes.is_none() {
            bad("minutes", said(say::OUT_OF_RANGE, &[("field", "minutes"), ("min", "0"), ("max", "10080")]));
        }
        let (boards, drops) = (yes_no(&cell(5)), yes_no(&cell(6)));
        for (column, value) in [("boards", boards), ("drops", drops)] {
            if value.is_none() {
                bad(column, said(say::INVALID, &[("field", column), ("detail", "yes or no")]));
            }
        }
        if schedule::parse_departure(&cell(7)).is_none() {
            bad("departure", said(say::CLOCK, &[("value", &cell(7))]));
        }
        if Days::parse(&cell(8)).is_none() {
            bad("days", said(say::DAYS, &[("value", &cell(8))]));
        }
        for (i, column) in [(9, "from_date"), (10, "to_date")] {
            if core_wasm::time::Date::parse(&cell(i)).is_err() {
                bad(column, said(say::DATE, &[("field", column), ("value", &cell(i))]));
            }
        }
        let class = cell(11);
        if class.is_empty() || class.chars().count() > 40 {
            bad("class", said(say::REQUIRED, &[("field", "class")]));
        }
        let layout = known.layouts.get(&cell(12)).cloned();
        match (&layout, service) {
            (None, _) => bad("layout", said(say::UNKNOWN_REF, &[("field", "layout"), ("value", &cell(12))])),
            (Some((_, s, _)), Some(service)) if *s != service => {
                bad("layout", said(say::INVALID, &[("field", "layout"), ("detail", "a layout of another service")]))
            }
            _ => {}
        }
        let fare_cell = cell(13);
        let fare = if fare_cell.is_empty() {
            None
        } else {
            match fare_cell.parse::<i64>().ok().filter(|f| (1..=super::fares::MAX_FARE).contains(f)) {
                Some(f) => Some(f),
                None => {
                    bad(
                        "fare_from_start",
                        said(say::OUT_OF_RANGE, &[("field", "fare_from_start"), ("min", "1"), ("max", "100000")]),
                    );
                    None
                }
            }
        };
        let (Some(service), Some(city), Some(minutes), Some(boards), Some(drops), Some((layout_id, _, classes))) =
            (service, city, minutes, boards, drops, layout)
        else {
            tainted.push(code);
            continue;
        };
        if problems.len() > problems_before {
            tainted.push(code);
            continue;
        }
        let stop = StaffStop { city_id: city, minutes, boards, drops, points: Vec::new() };
        let this = StaffSchedule {
            id: None,
            code: code.clone(),
            route_id: route_code.clone(),
            departure: cell(7),
            days: cell(8),
            from_date: cell(9),
            to_date: cell(10),
            class,
            layout_id: layout_id.clone(),
            operator_id: None,
            revision: None,
        };
        match index.get(&code) {
            None => {
                index.insert(code.clone(), planned.len());
                planned.push(Planned {
                    line,
                    schedule: this,
                    route_code,
                    service,
                    stops: vec![stop],
                    fares: vec![fare],
                    layout_id,
                    seat_classes: classes,
                });
            }
            Some(&i) => {
                let first = &mut planned[i];
                let fields = [
                    ("route", first.route_code == route_code),
                    ("service", first.service == service),
                    ("departure", first.schedule.departure == this.departure),
                    ("days", first.schedule.days == this.days),
                    ("from_date", first.schedule.from_date == this.from_date),
                    ("to_date", first.schedule.to_date == this.to_date),
                    ("class", first.schedule.class == this.class),
                    ("layout", first.layout_id == layout_id),
                ];
                for (column, same) in fields {
                    if !same {
                        problems.push(problem(
                            line,
                            column,
                            said(say::CSV_MIXED, &[("schedule", &code), ("field", column)]),
                        ));
                    }
                }
                first.stops.push(stop);
                first.fares.push(fare);
            }
        }
    }
    planned.retain(|p| !tainted.contains(&p.schedule.code));
    // Whole schedules: their stops, dates and fares.
    for p in &planned {
        if let Err(e) = route::check_stops(&p.stops) {
            problems.push(problem(p.line, "stop", e));
        }
        if let Err(e) = super::schedules::check(&p.schedule) {
            problems.push(problem(p.line, "from_date", first_message(e)));
        }
        if p.fares.iter().skip(1).any(Option::is_none) {
            problems.push(problem(p.line, "fare_from_start", said(say::REQUIRED, &[("field", "fare_from_start")])));
        }
    }
    // Schedules of one route must agree on its stops.
    let mut routes: HashMap<&str, &Planned> = HashMap::new();
    for p in &planned {
        match routes.get(p.route_code.as_str()) {
            None => {
                routes.insert(&p.route_code, p);
            }
            Some(first) if first.stops != p.stops || first.service != p.service => {
                problems.push(problem(
                    p.line,
                    "stop",
                    said(say::CSV_MIXED, &[("schedule", &p.schedule.code), ("field", "route")]),
                ));
            }
            Some(_) => {}
        }
    }
    if problems.is_empty() { Ok(planned) } else { Err(problems) }
}

fn first_message(e: crate::error::ApiError) -> StaffSaid {
    match e {
        crate::error::ApiError::BadRequest(list) => list
            .into_iter()
            .next()
            .and_then(|s| {
                say::ALL.iter().find(|t| t.code == s.code).map(|t| {
                    let params: Vec<(&str, &str)> =
                        s.params.iter().map(|p| (p.name.as_str(), p.value.as_str())).collect();
                    t.with(&params)
                })
            })
            .unwrap_or_else(|| said(say::INVALID, &[("field", "row"), ("detail", "")])),
        _ => said(say::INVALID, &[("field", "row"), ("detail", "")]),
    }
}

/// One exported row's cells.
pub fn row(cells: [String; 14]) -> Vec<String> {
    cells.iter().map(|c| guard(c)).collect()
}

/// Writes rows as CSV text, header first.
pub fn write(rows: &[Vec<String>]) -> Result<String, csv::Error> {
    let mut w = csv::WriterBuilder::new().from_writer(Vec::new());
    w.write_record(HEADER)?;
    for r in rows {
        w.write_record(r)?;
    }
    let bytes = w.into_inner().map_err(|e| csv::Error::from(std::io::Error::other(e.to_string())))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Known {
        let mut k = Known::default();
        for (key, id) in [("dhaka", "dhaka"), ("kushtia", "kushtia"), ("paturia", "paturia"), ("চট্টগ্রাম", "chattogram")]
        {
            k.cities.insert(key.into(), id.into());
        }
        k.layouts.insert("coach-36".into(), ("op-hanif:coach-36".into(), Service::Bus, vec!["economy".into()]));
        k
    }

    const HEAD: &str = "schedule,route,service,stop,minutes,boards,drops,departure,days,from_date,to_date,class,layout,fare_from_start\n";

    fn rows(code: &str) -> String {
        format!(
            "{code},dhaka-kushtia,BUS,Dhaka,0,yes,no,07:30,daily,2026-12-01,2027-03-31,AC Economy,coach-36,\n\
             {code},dhaka-kushtia,BUS,Paturia,120,yes,yes,07:30,daily,2026-12-01,2027-03-31,AC Economy,coach-36,300\n\
             {code},dhaka-kushtia,BUS,Kushtia,300,no,yes,07:30,daily,2026-12-01,2027-03-31,AC Economy,coach-36,700\n"
        )
    }

    #[test]
    fn a_schedule_is_its_rows() {
        let plan = plan(&format!("{HEAD}{}", rows("hn-kus-0730")), &known()).expect("a plan");
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].stops.len(), 3);
        assert_eq!(plan[0].stops[2].city_id, "kushtia");
        assert_eq!(plan[0].fares, vec![None, Some(300), Some(700)]);
    }

    #[test]
    fn every_bad_cell_is_named_with_its_line_and_column() {
        let bad = rows("hn-kus-0730").replace(
            "07:30,daily,2026-12-01,2027-03-31,AC Economy,coach-36,700",
            "7.30,daily,2026-12-01,2027-03-31,AC Economy,coach-99,700",
        );
        let problems = plan(&format!("{HEAD}{bad}"), &known()).expect_err("problems");
        let found: Vec<(u64, &str)> = problems.iter().map(|p| (p.line, p.column.as_str())).collect();
        assert!(found.contains(&(4, "departure")), "{found:?}");
        assert!(found.contains(&(4, "layout")), "{found:?}");
        assert!(problems.iter().all(|p| !p.message.text_bn.is_empty()), "Bangla too");
    }

    #[test]
    fn bangla_names_and_a_byte_order_mark_are_read() {
        let text = format!(
            "\u{feff}{HEAD}x,r,BUS,চট্টগ্রাম,0,yes,no,07:30,daily,2026-12-01,2026-12-31,Economy,coach-36,\nx,r,BUS,Dhaka,300,no,yes,07:30,daily,2026-12-01,2026-12-31,Economy,coach-36,900\n"
        );
        let plan = plan(&text, &known()).expect("a plan");
        assert_eq!(plan[0].stops[0].city_id, "chattogram");
    }

    #[test]
    fn formulas_are_guarded_on_the_way_out_and_read_back() {
        assert_eq!(guard("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(guard("-5"), "'-5");
        assert_eq!(unguard("'=1+1"), "=1+1");
        assert_eq!(unguard("'plain"), "'plain", "a quote before anything else is the cell's own");
    }

    #[test]
    fn a_wrong_header_is_one_problem() {
        let problems = plan("a,b,c\n1,2,3\n", &known()).expect_err("problems");
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].message.code, "csv.header");
    }
}
