//! The shared rule vectors of `tests/vectors/*.json`, run natively. vitest runs the same files
//! through the wasm build (app/src/__tests__/vectors.test.ts), so a rule holds in both worlds.
//!
//! A file: `{"rule": "phone.normalize", "js": "normalizePhone", "cases": [{"name", "args",
//! "expected"} | {"name", "args", "throws": true}]}`. `expected` is matched as a subset: objects'
//! keys must match (extra keys in the result are fine; a missing key matches null), arrays
//! element by element, numbers by value.

use std::path::Path;

use core_wasm::contract::booking::{BusBooking, LaunchBooking, PromoResponse, SurpriseDeal};
use core_wasm::contract::content::{City, Operator};
use core_wasm::contract::envelope::ErrorBody;
use core_wasm::contract::reservation::ReservationForm;
use core_wasm::contract::seats::{BusSeat, BusSeatPlan, LaunchSeatPlan};
use core_wasm::contract::tickets::{CancelTicketResponse, Ticket};
use core_wasm::contract::trips::{Fare, Trip};
use core_wasm::language::Language;
use core_wasm::{
    cities, deal, digits, email, errors, identity, invoice, otp, phone, pricing, reservation, rollout, routes, seats,
    staff, tickets, time, trips,
};
use libtest_mimic::{Arguments, Failed, Trial};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

type Outcome = Result<Value, String>;

fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> Result<T, String> {
    let v = args.get(i).cloned().unwrap_or(Value::Null);
    serde_json::from_value(v).map_err(|e| format!("argument {i}: {e}"))
}

fn out<T: serde::Serialize>(v: T) -> Outcome {
    serde_json::to_value(v).map_err(|e| e.to_string())
}

/// The language a vector names first (`en`, `bn`; anything else is English, as the binding).
fn language_of(a: &[Value]) -> Result<Language, String> {
    Ok(Language::from_tag(&arg::<String>(a, 0)?).unwrap_or_default())
}

/// The native twin of each JS function the vectors name.
fn run(rule: &str, a: &[Value]) -> Outcome {
    match rule {
        "digits.only" => out(digits::digits_only(&arg::<String>(a, 0)?)),
        "phone.normalize" => out(phone::normalize(&arg::<String>(a, 0)?)),
        "phone.validate" => out(phone::validate(&arg::<String>(a, 0)?)),
        "phone.loose" => out(phone::is_loose_valid(&arg::<String>(a, 0)?)),
        "email.validate" => out(email::validate(&arg::<String>(a, 0)?)),
        "reservation.validate" => {
            let form: ReservationForm = arg(a, 0)?;
            let today = time::Date::parse(&arg::<String>(a, 1)?).map_err(|e| e.to_string())?;
            out(reservation::validate(&form, today))
        }
        "trips.sort" => out(trips::sort(arg::<Vec<Trip>>(a, 0)?, arg(a, 1)?)),
        "trips.filter" => {
            let filters: Option<trips::Filters> = arg(a, 1)?;
            out(trips::filter(arg::<Vec<Trip>>(a, 0)?, &filters.unwrap_or_default()))
        }
        "trips.fareRange" => out(trips::fare_range(&arg::<Fare>(a, 0)?).map(|r| json!({"low": r.low, "high": r.high}))),
        "time.display" => {
            let lang: Option<String> = arg(a, 1)?;
            let language = lang.as_deref().and_then(Language::from_tag).unwrap_or_default();
            out(time::display(&arg::<String>(a, 0)?, language).map_err(|e| e.to_string())?)
        }
        "language.number" => out(language_of(a)?.number(arg(a, 1)?)),
        "language.taka" => {
            // As formatTaka: the amount, then the language (none: English).
            let lang: Option<String> = arg(a, 1)?;
            out(lang.as_deref().and_then(Language::from_tag).unwrap_or_default().taka(arg(a, 0)?))
        }
        "language.digits" => out(language_of(a)?.digits(&arg::<String>(a, 1)?)),
        "language.longDate" => {
            let (language, day) = (language_of(a)?, arg::<String>(a, 1)?);
            out(time::Date::parse(&day).map_or(day, |date| language.long_date(date)))
        }
        "time.toWire" => out(time::to_wire(&arg::<String>(a, 0)?, &arg::<String>(a, 1)?).map_err(|e| e.to_string())?),
        "time.today" => out(time::today_in_dhaka(arg::<f64>(a, 0)?).to_string()),
        "cities.display" => out(cities::display_cities(arg::<Vec<City>>(a, 0)?)),
        "operators.display" => out(cities::display_operators(arg::<Vec<Operator>>(a, 0)?)),
        "seats.markBooked" => {
            let plan: BusSeatPlan = arg(a, 0)?;
            let (b, d): (Option<String>, Option<String>) = (arg(a, 2)?, arg(a, 3)?);
            out(seats::mark_booked(plan, &arg::<String>(a, 1)?, b.as_deref(), d.as_deref()))
        }
        "seats.markLaunchBooked" => out(seats::mark_launch_booked(arg::<LaunchSeatPlan>(a, 0)?, &arg::<String>(a, 1)?)),
        "seats.offer" => {
            let seat: BusSeat = arg(a, 0)?;
            let (b, d): (Option<String>, Option<String>) = (arg(a, 1)?, arg(a, 2)?);
            let (status, fare) = seats::seat_offer(&seat, b.as_deref(), d.as_deref());
            out(json!({"status": status, "fare": fare}))
        }
        "seats.choose" => out(seats::choose(arg(a, 0)?, arg(a, 1)?)),
        "pricing.quote" => {
            let discount: Option<i64> = arg(a, 2)?;
            out(pricing::quote(arg(a, 0)?, &arg::<Vec<i64>>(a, 1)?, discount.unwrap_or(0)))
        }
        "pricing.promoDiscount" => out(pricing::promo_discount(&arg(a, 0)?, arg(a, 1)?)),
        "pricing.surpriseDeal" => out(pricing::surprise_deal_amount(arg(a, 0)?)),
        "pricing.formatTaka" => out(pricing::format_taka(arg(a, 0)?)),
        "invoice.bus" => out(invoice::apply_bus(arg::<BusBooking>(a, 0)?, arg(a, 1)?)),
        "invoice.launch" => out(invoice::apply_launch(arg::<LaunchBooking>(a, 0)?, arg(a, 1)?)),
        "invoice.promoProblem" => out(invoice::promo_result(arg::<Option<PromoResponse>>(a, 0)?).err()),
        "tickets.cancel" => {
            let response: CancelTicketResponse = arg(a, 2)?;
            out(tickets::apply_cancel(arg::<Vec<Ticket>>(a, 0)?, &arg::<String>(a, 1)?, &response))
        }
        "otp.reduce" => out(otp::reduce(arg(a, 0)?, arg(a, 1)?)),
        "deal.reduce" => out(deal::reduce(arg(a, 0)?, arg(a, 1)?)),
        "deal.claim" => {
            let offered: SurpriseDeal = arg(a, 0)?;
            out(deal::claim(&offered, &arg::<BusBooking>(a, 1)?, &arg::<String>(a, 2)?))
        }
        "boarding.sign" => {
            let pass: core_wasm::boarding::BoardingPass = arg(a, 0)?;
            out(core_wasm::boarding::sign(&pass, &arg::<String>(a, 1)?).map_err(|e| format!("{e:?}"))?)
        }
        "boarding.verify" => {
            let keys: Vec<core_wasm::boarding::PublicKey> = arg(a, 1)?;
            let (revoked, trip, now): (Vec<String>, String, f64) = (arg(a, 2)?, arg(a, 3)?, arg(a, 4)?);
            out(core_wasm::boarding::verify(&arg::<String>(a, 0)?, &keys, &revoked, &trip, now as i64))
        }
        "policy.cancel" | "policy.reschedule" => {
            let policy: core_wasm::policy::Policy = arg(a, 0)?;
            let paid: f64 = arg(a, 1)?;
            let read = |s: String| core_wasm::time::parse_local(&s).map_err(|e| e.to_string());
            let (now, departs) = (read(arg(a, 2)?)?, read(arg(a, 3)?)?);
            let quote = if rule == "policy.cancel" { core_wasm::policy::cancel } else { core_wasm::policy::reschedule };
            out(quote(&policy, paid as i64, now, departs))
        }
        "policy.change" => {
            let policy: core_wasm::policy::Policy = arg(a, 0)?;
            let (paid, new_amount): (f64, f64) = (arg(a, 1)?, arg(a, 2)?);
            let read = |s: String| core_wasm::time::parse_local(&s).map_err(|e| e.to_string());
            let (now, departs, to_departs) = (read(arg(a, 3)?)?, read(arg(a, 4)?)?, read(arg(a, 5)?)?);
            out(core_wasm::policy::change(&policy, paid as i64, new_amount as i64, now, departs, to_departs))
        }
        "policy.describe" => {
            let language = core_wasm::language::Language::from_tag(&arg::<String>(a, 1)?).ok_or("a language tag")?;
            out(core_wasm::policy::describe(&arg(a, 0)?, language))
        }
        "shift.close" => {
            let reason: Option<String> = arg(a, 2)?;
            let closed =
                staff::shift::close(arg(a, 0)?, &arg::<Vec<staff::shift::NoteCount>>(a, 1)?, reason.as_deref());
            out(closed.map_err(|e| e.text)?)
        }
        "rollout.banner" => {
            // As the JS binding: counts and percentages arrive as JS numbers.
            let (count, pct): (f64, f64) = (arg(a, 1)?, arg(a, 2)?);
            out(rollout::show_new_site_banner(arg(a, 0)?, count.max(0.0) as u64, pct))
        }
        "errors.toast" => {
            // As the JS binding: a body that is not an object carries nothing usable.
            let body: Option<ErrorBody> =
                if a.first().is_some_and(Value::is_object) { arg(a, 0).ok().flatten() } else { None };
            out(errors::toast_message(body.as_ref(), arg(a, 1)?))
        }
        "errors.mentionsOtp" => out(errors::mentions_otp(&arg::<String>(a, 0)?)),
        "errors.mayReload" => out(errors::may_reload(arg(a, 0)?, arg(a, 1)?)),
        "identity.anonId" => {
            let stored: Option<String> = arg(a, 0)?;
            let bytes: Vec<u8> = arg(a, 1)?;
            let random: [u8; 16] = bytes.try_into().map_err(|_| "random must be 16 bytes".to_owned())?;
            out(identity::anon_id(stored.as_deref(), random))
        }
        "routes.isAppRoute" => out(routes::is_app_route(&arg::<String>(a, 0)?)),
        other => Err(format!("no native twin for rule '{other}'")),
    }
}

/// Does `actual` hold everything `expected` says?
fn subset(expected: &Value, actual: &Value, path: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Null, Value::Null) => Ok(()),
        (Value::Number(e), Value::Number(a)) if e.as_f64() == a.as_f64() => Ok(()),
        (Value::Object(e), Value::Object(a)) => {
            e.iter().try_for_each(|(k, ev)| subset(ev, a.get(k).unwrap_or(&Value::Null), &format!("{path}.{k}")))
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            e.iter().zip(a).enumerate().try_for_each(|(i, (ev, av))| subset(ev, av, &format!("{path}[{i}]")))
        }
        (e, a) if e == a => Ok(()),
        (e, a) => Err(format!("at {path}: expected {e}, got {a}")),
    }
}

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector files in {}", dir.display());
    let mut trials = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let rule = doc["rule"].as_str().unwrap_or_else(|| panic!("{}: no rule", file.display())).to_owned();
        let cases = doc["cases"].as_array().unwrap_or_else(|| panic!("{}: no cases", file.display()));
        for case in cases {
            let name = format!("{rule}: {}", case["name"].as_str().unwrap_or("(unnamed)"));
            let (rule, case) = (rule.clone(), case.clone());
            trials.push(Trial::test(name, move || {
                let args = case["args"].as_array().cloned().unwrap_or_default();
                let result = run(&rule, &args);
                if case["throws"] == Value::Bool(true) {
                    return match result {
                        Err(_) => Ok(()),
                        Ok(v) => Err(Failed::from(format!("expected an error, got {v}"))),
                    };
                }
                let actual = result.map_err(Failed::from)?;
                subset(&case["expected"], &actual, "result").map_err(Failed::from)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
