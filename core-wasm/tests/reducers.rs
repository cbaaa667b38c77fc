//! The state transitions of SPEC §4, as the site drives them.

use core_wasm::contract::booking::{
    BookingStatus, BusBooking, BusInvoice, Promo, PromoResponse, SurpriseDeal, UpdateGatewayResponse,
};
use core_wasm::contract::seats::{BusSeat, FareEntry, SeatStatus};
use core_wasm::contract::trips::CoachType;
use core_wasm::deal::{self, DealEvent, DealState};
use core_wasm::invoice::{self, BusBookingEvent};
use core_wasm::otp::{self, OtpEvent, OtpState};
use core_wasm::seats::{self, SeatChoice, SeatEvent};

fn otp_after(events: Vec<OtpEvent>) -> OtpState {
    events.into_iter().fold(OtpState::default(), otp::reduce)
}

#[test]
fn otp_countdown_runs_120_seconds_then_offers_resend_which_restarts_it() {
    let mut s = otp::reduce(OtpState::default(), OtpEvent::Sent);
    for _ in 0..119 {
        s = otp::reduce(s, OtpEvent::Tick);
    }
    assert!(!s.can_resend, "one second left");
    s = otp::reduce(s, OtpEvent::Input { index: 0, value: "7".into() });
    s = otp::reduce(s, OtpEvent::Tick);
    assert!(s.can_resend && s.seconds_left == 0);
    s = otp::reduce(s, OtpEvent::Tick);
    assert_eq!(s.seconds_left, 0, "never below zero");
    s = otp::reduce(s, OtpEvent::Sent);
    assert_eq!(
        (s.seconds_left, s.can_resend, s.digits.concat()),
        (120, false, String::new()),
        "resend clears the digits"
    );
}

#[test]
fn verify_is_enabled_only_with_four_digits() {
    let three = otp_after(vec![OtpEvent::Paste { text: "12 3".into() }]);
    assert!(!three.can_verify);
    assert_eq!(three.focus, 3);
    let four = otp::reduce(three, OtpEvent::Input { index: 3, value: "৪".into() });
    assert_eq!(four.code().as_deref(), Some("1234"));
}

#[test]
fn backspace_on_an_empty_box_moves_back_and_clears_it() {
    let s = otp_after(vec![
        OtpEvent::Input { index: 0, value: "5".into() },
        OtpEvent::Input { index: 1, value: "6".into() },
        OtpEvent::Backspace { index: 2 },
    ]);
    assert_eq!((s.digits.concat(), s.focus), ("5".to_owned(), 1));
}

#[test]
fn a_server_error_shows_until_a_digit_is_typed() {
    let s =
        otp_after(vec![OtpEvent::Paste { text: "9999".into() }, OtpEvent::Failed { message: "Invalid OTP".into() }]);
    assert_eq!(s.error.as_deref(), Some("Invalid OTP"));
    let s = otp::reduce(s, OtpEvent::Input { index: 3, value: "1".into() });
    assert_eq!(s.error, None);
}

#[test]
fn a_surprise_deal_can_be_claimed_for_120_seconds_only() {
    let offered = SurpriseDeal { promo_code: "EID50".into(), amount: 50.0, claim_seconds: 600 };
    let mut s = deal::reduce(DealState::default(), DealEvent::Offered { deal: offered });
    assert_eq!((s.seconds_left, s.can_claim), (120, true), "the window is capped at 120 s");
    for _ in 0..120 {
        s = deal::reduce(s, DealEvent::Tick);
    }
    assert!(!s.can_claim, "dimmed at zero");
    assert_eq!(deal::reduce(s, DealEvent::Closed), DealState::default());
}

fn seat(no: &str, status: SeatStatus) -> BusSeat {
    BusSeat { seat_no: no.into(), status, fare: Some(900.0), fare_list: None, is_ladies: None, row: None, col: None }
}

fn tap(state: SeatChoice, seat: BusSeat) -> SeatChoice {
    seats::choose(state, SeatEvent::ToggleBusSeat { seat, boarding_point: None, dropping_point: None })
}

#[test]
fn at_most_four_seats_and_never_a_taken_one() {
    let mut s = SeatChoice::default();
    for no in ["A1", "A2", "A3", "A4"] {
        s = tap(s, seat(no, SeatStatus::Available));
    }
    assert_eq!((s.seats.len(), s.total, s.problem), (4, 3600.0, None));
    s = tap(s, seat("B1", SeatStatus::Available));
    assert_eq!((s.seats.len(), s.problem), (4, Some(seats::TOO_MANY)));
    s = tap(s, seat("A2", SeatStatus::Available));
    assert_eq!((s.seats.len(), s.problem), (3, None), "a second tap deselects");
    s = tap(s, seat("C1", SeatStatus::Booked));
    assert_eq!((s.seats.len(), s.problem), (3, Some(seats::UNAVAILABLE)));
}

#[test]
fn a_segment_priced_seat_needs_points_and_takes_its_pair_fare() {
    let mut segmented = seat("D1", SeatStatus::Available);
    segmented.fare_list = Some(vec![
        FareEntry {
            boarding_point: "Sayedabad".into(),
            dropping_point: "Cumilla".into(),
            fare: Some(450.0),
            status: SeatStatus::Booked,
        },
        FareEntry {
            boarding_point: "Cumilla".into(),
            dropping_point: "Chattogram".into(),
            fare: Some(600.0),
            status: SeatStatus::Available,
        },
    ]);
    let s = tap(SeatChoice::default(), segmented.clone());
    assert_eq!(s.problem, Some(seats::POINTS_FIRST));
    let pick = |b: &str, d: &str| {
        seats::choose(
            SeatChoice::default(),
            SeatEvent::ToggleBusSeat {
                seat: segmented.clone(),
                boarding_point: Some(b.into()),
                dropping_point: Some(d.into()),
            },
        )
    };
    assert_eq!(pick("Sayedabad", "Cumilla").problem, Some(seats::UNAVAILABLE), "sold on that leg");
    assert_eq!(pick("Cumilla", "Chattogram").total, 600.0, "free on the next leg");
}

fn booking_with_promo() -> BusBooking {
    BusBooking {
        id: "b1".into(),
        tnx_id: "T1".into(),
        status: BookingStatus::Pending,
        amount: 1700.0,
        invoice: BusInvoice {
            company_id: "op1".into(),
            trip_date_time: None,
            boarding_date_time: Some("2025-04-11T04:30:00.000Z".into()),
            coach_type: CoachType::Ac,
            seats: vec!["A1".into(), "A2".into()],
            sub_total: 1800.0,
            discount: 100.0,
            promo: Some(Promo { code: "EID100".into(), amount: 100.0 }),
        },
        redirect_url: None,
        gateway: None,
        hold_seconds_left: Some(600),
        payment_gateways: vec!["sandbox".into()],
        refund_status: None,
        policy: None,
        change: None,
    }
}

#[test]
fn removing_a_promo_replaces_amount_and_discount_and_nulls_the_promo() {
    let removed = PromoResponse { amount: 1800.0, discount: 0.0, promo: None };
    let b = invoice::apply_bus(booking_with_promo(), BusBookingEvent::PromoRemoved(removed));
    assert_eq!((b.amount, b.invoice.discount, b.invoice.promo), (1800.0, 0.0, None));
}

#[test]
fn a_gateway_update_sets_discount_and_promo_amount_to_promo_discount() {
    let update = UpdateGatewayResponse {
        redirect_url: "/pay/T1".into(),
        gateway: "sandbox".into(),
        amount: Some(1720.0),
        promo_discount: Some(80.0),
    };
    let b = invoice::apply_bus(booking_with_promo(), BusBookingEvent::GatewayUpdated(update));
    assert_eq!(b.redirect_url.as_deref(), Some("/pay/T1"));
    assert_eq!((b.amount, b.invoice.discount), (1720.0, 80.0));
    assert_eq!(b.invoice.promo.map(|p| p.amount), Some(80.0));
}

#[test]
fn a_deal_claim_falls_back_to_the_boarding_time() {
    let offered = SurpriseDeal { promo_code: "LUCKY".into(), amount: 60.0, claim_seconds: 120 };
    let claim = deal::claim(&offered, &booking_with_promo(), "T1");
    assert_eq!(claim.trip_date_time.as_deref(), Some("2025-04-11T04:30:00.000Z"));
    assert_eq!((claim.payment_id.as_str(), claim.tnx_id.as_str(), claim.company_id.as_str()), ("b1", "T1", "op1"));
}
