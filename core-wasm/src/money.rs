//! Amounts as travellers read them: whole taka with thousands separators, `TK 1,800`.

/// `TK 1,800`; negative amounts (discounts) as `- TK 100`. Paisa are rounded to whole taka,
/// as fares are whole taka.
pub fn taka(amount: f64) -> String {
    let rounded = amount.round();
    let whole = rounded.abs() as u64;
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    if rounded < 0.0 { format!("- TK {grouped}") } else { format!("TK {grouped}") }
}

#[cfg(test)]
mod tests {
    use super::taka;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(taka(0.0), "TK 0");
        assert_eq!(taka(850.0), "TK 850");
        assert_eq!(taka(1800.0), "TK 1,800");
        assert_eq!(taka(1234567.4), "TK 1,234,567");
        assert_eq!(taka(-100.0), "- TK 100");
    }
}
