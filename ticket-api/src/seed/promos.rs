//! Promo codes: flat taka off, or a percentage with a cap, above a minimum fare; some for one
//! service or one operator. Validity is relative to the seed's `today` (days from it), stored as
//! Unix milliseconds from Dhaka midnight of the first day to the last millisecond of the last.

use core_wasm::time::Date;

pub struct PromoCode {
    pub code: &'static str,
    /// 'flat' (TK) or 'percent'.
    pub kind: &'static str,
    pub amount: i64,
    /// The most a percentage code takes off, in TK.
    pub max_discount: Option<i64>,
    pub min_fare: i64,
    /// 'BUS', 'LAUNCH', or `None` for both.
    pub service: Option<&'static str>,
    pub operator: Option<&'static str>,
    /// First and last valid day, in days from today.
    pub from_day: i64,
    pub until_day: i64,
    pub total_uses: i64,
    pub uses_per_phone: i64,
}

pub const PROMO_CODES: &[PromoCode] = &[
    PromoCode {
        code: "EID200",
        kind: "flat",
        amount: 200,
        max_discount: None,
        min_fare: 1000,
        service: Some("BUS"),
        operator: None,
        from_day: -10,
        until_day: 45,
        total_uses: 5000,
        uses_per_phone: 2,
    },
    PromoCode {
        code: "LAUNCH10",
        kind: "percent",
        amount: 10,
        max_discount: Some(300),
        min_fare: 800,
        service: Some("LAUNCH"),
        operator: None,
        from_day: -30,
        until_day: 60,
        total_uses: 3000,
        uses_per_phone: 3,
    },
    PromoCode {
        code: "GREEN15",
        kind: "percent",
        amount: 15,
        max_discount: Some(250),
        min_fare: 1000,
        service: Some("BUS"),
        operator: Some("op-green-line"),
        from_day: -7,
        until_day: 30,
        total_uses: 1000,
        uses_per_phone: 1,
    },
    PromoCode {
        code: "FIRST100",
        kind: "flat",
        amount: 100,
        max_discount: None,
        min_fare: 500,
        service: None,
        operator: None,
        from_day: -60,
        until_day: 60,
        total_uses: 10000,
        uses_per_phone: 1,
    },
    PromoCode {
        code: "NIGHT50",
        kind: "flat",
        amount: 50,
        max_discount: None,
        min_fare: 400,
        service: Some("BUS"),
        operator: None,
        from_day: -15,
        until_day: 15,
        total_uses: 20000,
        uses_per_phone: 5,
    },
    PromoCode {
        code: "CABIN500",
        kind: "flat",
        amount: 500,
        max_discount: None,
        min_fare: 2500,
        service: Some("LAUNCH"),
        operator: Some("op-sundarban"),
        from_day: 0,
        until_day: 30,
        total_uses: 500,
        uses_per_phone: 1,
    },
    // Ended yesterday: lets the demo show how an expired code is refused.
    PromoCode {
        code: "WINTER25",
        kind: "percent",
        amount: 25,
        max_discount: Some(200),
        min_fare: 600,
        service: Some("BUS"),
        operator: None,
        from_day: -60,
        until_day: -1,
        total_uses: 2000,
        uses_per_phone: 1,
    },
];

const MINUTE_MS: i64 = 60_000;
/// Dhaka is UTC+6 all year.
const DHAKA_OFFSET_MINUTES: i64 = 6 * 60;

/// Unix milliseconds of 00:00 in Dhaka on `date`.
pub fn dhaka_midnight_ms(date: Date) -> i64 {
    (date.days_since_epoch() * 1440 - DHAKA_OFFSET_MINUTES) * MINUTE_MS
}

impl PromoCode {
    pub fn valid_from(&self, today: Date) -> i64 {
        dhaka_midnight_ms(today.add_days(self.from_day))
    }

    /// The last millisecond of the last valid day.
    pub fn valid_until(&self, today: Date) -> i64 {
        dhaka_midnight_ms(today.add_days(self.until_day + 1)) - 1
    }
}
