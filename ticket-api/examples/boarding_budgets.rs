//! Boarding's budgets (issue 36), measured natively in a release build: a trip pack's size for a
//! full 40-seat coach and a 600-passenger launch (JSON as the phone downloads it, and deflated as
//! the wire carries it), a code's verification in the core, and a 600-passenger manifest as an
//! A4 PDF. The packs are made as the server makes them (`TripPack`, every ticket a real signed
//! code's PNR, names of realistic length, Bangla for half), not read from a store: their size
//! depends on the tickets, not on how they were sold. Run by tests/load/boarding-bench.sh.
#![allow(clippy::unwrap_used, clippy::print_stdout)]

use std::time::Instant;

use core_wasm::boarding::{BoardingPass, PublicKey, public_key, sign, verify};
use core_wasm::contract::boarding::{ManifestTrip, PackTicket, PassengerStatus, TripPack};
use core_wasm::service::Service;
use ticket_api::pdf::Language;
use ticket_api::pdf::manifest::{ManifestDocument, ManifestLine, render};

const SECRET: &str = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
const PNR: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const NOW: i64 = 1_796_983_200_000;

fn pnr(i: usize) -> String {
    (0..8).map(|k| char::from(PNR[(i * 7 + k * 13 + i / 32 * k) % 32])).collect()
}

fn pack(service: Service, tickets: usize, seats_each: usize, labels: &[String]) -> TripPack {
    TripPack {
        trip: ManifestTrip {
            id: "trip-dhaka-barishal-sundarban-10-20261212-2030".into(),
            service,
            operator_name: "Sundarban Navigation".into(),
            route_name: "Dhaka - Barishal".into(),
            departs: "2026-12-12 20:30".into(),
            vehicle: "MV Sundarban-10 (Launch)".into(),
            capacity: labels.len() as i64,
            boarding_closed_at: None,
            cutoff_minutes: 15,
        },
        keys: vec![
            PublicKey { key_id: 0, key: public_key(SECRET).unwrap() },
            PublicKey { key_id: 1, key: public_key(SECRET).unwrap() },
        ],
        revoked: (0..tickets / 20).map(|i| pnr(100_000 + i)).collect(),
        seat_order: labels.to_vec(),
        tickets: (0..tickets)
            .map(|i| PackTicket {
                pnr: pnr(i),
                seats: labels[i * seats_each..(i + 1) * seats_each].to_vec(),
                passenger_name: if i.is_multiple_of(2) {
                    "মোছাম্মৎ রহিমা খাতুন".into()
                } else {
                    "Mohammad Abdul Karim".into()
                },
                boarding_point: Some(
                    if service == Service::Launch { "Sadarghat Launch Terminal" } else { "Gabtoli" }.into(),
                ),
                status: PassengerStatus::Booked,
            })
            .collect(),
        made_at: NOW,
    }
}

fn sizes(name: &str, pack: &TripPack, budget_kb: usize) {
    let json = serde_json::to_vec(pack).unwrap();
    let wire = miniz_oxide::deflate::compress_to_vec(&json, 6);
    let verdict = if wire.len() <= budget_kb * 1024 { "within" } else { "OVER" };
    println!(
        "pack, {name}: {} tickets, {:.1} KB JSON, {:.1} KB deflated ({verdict} the {budget_kb} KB budget)",
        pack.tickets.len(),
        json.len() as f64 / 1024.0,
        wire.len() as f64 / 1024.0
    );
}

fn main() {
    let coach: Vec<String> =
        core_wasm::boarding::seat_order((1..=10).flat_map(|r| ["A", "B", "C", "D"].map(|c| format!("{c}{r}"))));
    sizes("a full 40-seat coach", &pack(Service::Bus, 40, 1, &coach), 20);
    let launch: Vec<String> = core_wasm::boarding::seat_order(
        (1..=560)
            .map(|i| format!("D-{i:03}"))
            .chain((1..=40).map(|i| format!("S_CHAIR-A{i}")))
            .chain((1..=40).map(|i| format!("C-{i:03}"))),
    );
    sizes("a 600-passenger launch", &pack(Service::Launch, 600, 1, &launch), 150);

    // Verifying a code: the signature, the revocation list, the trip and the window.
    let pass = BoardingPass {
        pnr: pnr(1),
        trip_id: "trip-1".into(),
        seats: vec![0, 1, 2, 3],
        from_stop: 0,
        to_stop: 1,
        valid_from: NOW - 3_600_000,
        valid_until: NOW + 3_600_000,
        key_id: 0,
    };
    let code = sign(&pass, SECRET).unwrap();
    let keys = vec![PublicKey { key_id: 0, key: public_key(SECRET).unwrap() }];
    let revoked: Vec<String> = (0..600).map(pnr).filter(|p| *p != pass.pnr).collect();
    let rounds = 2_000;
    let started = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(verify(std::hint::black_box(&code), &keys, &revoked, "trip-1", NOW));
    }
    let per = started.elapsed().as_secs_f64() * 1000.0 / f64::from(rounds);
    println!("verify, native: {per:.3} ms a code ({} characters, 600 revoked PNRs)", code.len());

    // The manifest of a 600-passenger launch as A4 pages (the first render loads the fonts).
    let doc = ManifestDocument {
        operator: "Sundarban Navigation".into(),
        trip: "Dhaka - Barishal · 2026-12-12 20:30 · MV Sundarban-10 (Launch)".into(),
        counts: "600 booked · 540 boarded · 60 no-shows".into(),
        rows: (0..600)
            .map(|i| ManifestLine {
                seats: launch[i].clone(),
                passenger: if i.is_multiple_of(2) {
                    format!("মোছাম্মৎ রহিমা খাতুন ({})", pnr(i))
                } else {
                    format!("Mohammad Abdul Karim ({})", pnr(i))
                },
                phone: "••••••••678".into(),
                points: "Sadarghat Launch Terminal – Barishal Launch Ghat".into(),
                channel: "Web".into(),
                paid: "650".into(),
                status: "Boarded".into(),
                attention: i.is_multiple_of(10),
            })
            .collect(),
        language: Language::English,
    };
    render(&doc).unwrap();
    let mut best = f64::MAX;
    let mut bytes = 0;
    for _ in 0..5 {
        let started = Instant::now();
        bytes = render(&doc).unwrap().len();
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
    }
    let bangla = ManifestDocument { language: Language::Bangla, ..doc };
    let started = Instant::now();
    let pdf = render(&bangla).unwrap();
    let bn = started.elapsed().as_secs_f64() * 1000.0;
    // MANIFEST_PDF=path keeps the Bangla one, to look at.
    if let Ok(path) = std::env::var("MANIFEST_PDF") {
        std::fs::write(&path, &pdf).unwrap();
    }
    let verdict = if best.max(bn) <= 1000.0 { "within" } else { "OVER" };
    println!(
        "manifest PDF, 600 passengers: {best:.0} ms (best of 5; Bangla {bn:.0} ms), {:.0} KB ({verdict} the 1 s budget)",
        bytes as f64 / 1024.0
    );
}
