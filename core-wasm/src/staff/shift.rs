//! A counter seller's shift and its cash (issue 41): opened with a float, closed with the cash
//! counted note by note. What the drawer should hold is the float and the cash sales less the
//! cash refunds; a drawer that holds anything else needs a reason. The server closes a shift
//! with this rule, and the counter screen shows the same sums as the seller counts.

use serde::{Deserialize, Serialize};

use super::messages::{self as say, StaffSaid};
use crate::pricing::Taka;

/// Bangladesh's notes and coins, largest first: what a drawer is counted in.
pub const NOTES: [Taka; 10] = [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1];

/// How many of one note the drawer holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct NoteCount {
    pub note: Taka,
    pub count: i64,
}

/// The cash a shift took and gave back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct ShiftCash {
    pub float: Taka,
    pub cash_sales: Taka,
    pub cash_refunds: Taka,
}

/// A shift's close: what the drawer should hold, what was counted, and the difference
/// (counted less expected: positive is cash over, negative short).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Closing {
    pub expected: Taka,
    pub counted: Taka,
    pub difference: Taka,
}

/// What the drawer should hold.
pub fn expected(cash: ShiftCash) -> Taka {
    cash.float + cash.cash_sales - cash.cash_refunds
}

/// The taka in a count, each note one of [`NOTES`] at most once, none negative.
pub fn counted(notes: &[NoteCount]) -> Result<Taka, StaffSaid> {
    let mut total: Taka = 0;
    for (i, n) in notes.iter().enumerate() {
        if !NOTES.contains(&n.note) || notes[..i].iter().any(|m| m.note == n.note) {
            return Err(say::SHIFT_NOTE.with(&[("note", &n.note.to_string())]));
        }
        if !(0..=100_000).contains(&n.count) {
            return Err(say::OUT_OF_RANGE.with(&[("field", "count"), ("min", "0"), ("max", "100000")]));
        }
        total += n.note * n.count;
    }
    Ok(total)
}

/// The sums of a count against what the drawer should hold (what the seller sees while
/// counting).
pub fn sums(cash: ShiftCash, notes: &[NoteCount]) -> Result<Closing, StaffSaid> {
    if cash.float < 0 || cash.cash_sales < 0 || cash.cash_refunds < 0 {
        return Err(say::OUT_OF_RANGE.with(&[("field", "cash"), ("min", "0"), ("max", "any")]));
    }
    let (expected, counted) = (expected(cash), counted(notes)?);
    Ok(Closing { expected, counted, difference: counted - expected })
}

/// Closes a shift: the sums, or why it cannot close (a difference without a reason).
pub fn close(cash: ShiftCash, notes: &[NoteCount], reason: Option<&str>) -> Result<Closing, StaffSaid> {
    let closing = sums(cash, notes)?;
    if closing.difference != 0 && reason.is_none_or(|r| r.trim().is_empty()) {
        return Err(say::SHIFT_REASON.with(&[("difference", &closing.difference.to_string())]));
    }
    Ok(closing)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notes(pairs: &[(Taka, i64)]) -> Vec<NoteCount> {
        pairs.iter().map(|&(note, count)| NoteCount { note, count }).collect()
    }

    #[test]
    fn the_drawer_holds_the_float_and_the_sales_less_the_refunds() {
        let cash = ShiftCash { float: 2_000, cash_sales: 5_400, cash_refunds: 630 };
        assert_eq!(expected(cash), 6_770);
        let count = notes(&[(1000, 6), (500, 1), (200, 1), (50, 1), (20, 1)]);
        assert_eq!(close(cash, &count, None), Ok(Closing { expected: 6_770, counted: 6_770, difference: 0 }));
    }

    #[test]
    fn a_short_or_over_drawer_needs_a_reason() {
        let cash = ShiftCash { float: 1_000, cash_sales: 700, cash_refunds: 0 };
        let short = notes(&[(1000, 1), (500, 1), (100, 1), (50, 1)]);
        assert_eq!(close(cash, &short, None).unwrap_err().code, "shift.reason");
        assert_eq!(close(cash, &short, Some("  ")).unwrap_err().code, "shift.reason");
        let closed = close(cash, &short, Some("gave 50 too much change")).unwrap();
        assert_eq!(closed.difference, -50);
    }

    #[test]
    fn only_real_notes_count_once_each() {
        assert_eq!(counted(&notes(&[(1000, 2), (1, 3)])), Ok(2_003));
        assert_eq!(counted(&notes(&[(25, 1)])).unwrap_err().code, "shift.note");
        assert_eq!(counted(&notes(&[(100, 1), (100, 2)])).unwrap_err().code, "shift.note");
        assert_eq!(counted(&notes(&[(100, -1)])).unwrap_err().code, "staff.range");
    }
}
