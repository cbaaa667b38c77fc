//! How cities and operators are listed (SPEC §5 "City display").
//!
//! These rules change only what is shown: a search still sends the city's id or stored name.

use crate::contract::content::{City, Operator};

/// Dhaka's own terminals are stored as cities named "Dhaka ..." in the original data; the list
/// shows plain "Dhaka" only. Abdullahpur, the northern terminal, is kept by name.
fn is_hidden(name: &str) -> bool {
    let lower = name.trim().to_ascii_lowercase();
    lower.starts_with("dhaka") && lower.chars().count() > 5 && !lower.contains("abdullahpur")
}

/// The shown spelling of a stored name: 'Chattogram' shows as 'Chittagong', 'Gabgoli' as
/// 'Gabtoli' (case-insensitive; other names unchanged).
pub fn display_name(name: &str) -> &str {
    let trimmed = name.trim();
    if trimmed.eq_ignore_ascii_case("chattogram") {
        "Chittagong"
    } else if trimmed.eq_ignore_ascii_case("gabgoli") {
        "Gabtoli"
    } else {
        name
    }
}

/// The stored name of a shown name: the reverse of [`display_name`], so a search for
/// 'Chittagong' finds 'Chattogram'.
pub fn stored_name(shown: &str) -> &str {
    let trimmed = shown.trim();
    if trimmed.eq_ignore_ascii_case("chittagong") {
        "Chattogram"
    } else if trimmed.eq_ignore_ascii_case("gabtoli") {
        "Gabgoli"
    } else {
        trimmed
    }
}

/// The city list as shown: hidden names dropped, the rest renamed, order kept.
pub fn display_cities(cities: Vec<City>) -> Vec<City> {
    cities
        .into_iter()
        .filter(|c| !is_hidden(&c.name))
        .map(|mut c| {
            c.name = display_name(&c.name).to_owned();
            c
        })
        .collect()
}

/// The title of the entry that ends every operator list.
pub const MANY_MORE: &str = "Many more to come...";

/// The operator list as shown: as given, then a final 'Many more to come...' entry.
pub fn display_operators(mut operators: Vec<Operator>) -> Vec<Operator> {
    operators.push(Operator { id: None, title: MANY_MORE.to_owned(), title_bn: None, logo: None, slug: None });
    operators
}
