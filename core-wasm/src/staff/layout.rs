//! Seat layouts as managers draw them (issue 35): decks of a grid of cells, each a seat (of a
//! fare class), a sleeper berth, a ladies' seat, a seat not for sale, the driver, a door, or a
//! launch cabin with its berths; a launch deck also takes standing passengers. [`validate`] is the
//! one check of a layout, run by the staff site's editor as the manager types and by the ticket
//! API before it stores one; [`seats`] lists what the layout sells, as `layout_seats` keeps it.

use serde::{Deserialize, Serialize};

use super::messages::{self as say, StaffSaid};
use crate::service::Service;

/// Largest grid of a deck, and most decks of a layout.
pub const MAX_ROWS: u32 = 40;
pub const MAX_COLS: u32 = 12;
pub const MAX_DECKS: usize = 4;
pub const MAX_LABEL: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum CellKind {
    Seat,
    Sleeper,
    /// Sold to women travellers only.
    Ladies,
    /// A seat kept off sale (the supervisor's, a broken one).
    NotForSale,
    Driver,
    Door,
    /// A launch cabin, sold whole: its berths sleep that many.
    Cabin,
}

impl CellKind {
    fn as_str(self) -> &'static str {
        match self {
            CellKind::Seat => "seat",
            CellKind::Sleeper => "sleeper",
            CellKind::Ladies => "ladies",
            CellKind::NotForSale => "notForSale",
            CellKind::Driver => "driver",
            CellKind::Door => "door",
            CellKind::Cabin => "cabin",
        }
    }

    /// Sold to travellers (and so has a label and a class).
    pub fn for_sale(self) -> bool {
        matches!(self, CellKind::Seat | CellKind::Sleeper | CellKind::Ladies | CellKind::Cabin)
    }

    /// Carries a seat label: every seat, sold or kept off sale.
    pub fn labelled(self) -> bool {
        self.for_sale() || self == CellKind::NotForSale
    }

    fn fits(self, service: Service) -> bool {
        match self {
            CellKind::Sleeper | CellKind::Ladies | CellKind::Driver => service == Service::Bus,
            CellKind::Cabin => service == Service::Launch,
            _ => true,
        }
    }
}

/// One cell of a deck's grid (0-based row and column, as the seat view draws them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Cell {
    pub row: u32,
    pub col: u32,
    pub kind: CellKind,
    /// The seat's label (A1, L3, 201); seats only.
    #[serde(default)]
    pub label: Option<String>,
    /// The fare class (economy, business, sleeper, chair, double...); seats only.
    #[serde(default)]
    pub seat_class: Option<String>,
    /// The class as travellers read it; the class id, capitalised, when absent.
    #[serde(default)]
    pub class_name: Option<String>,
    #[serde(default)]
    pub class_name_bn: Option<String>,
    /// A cabin's berths.
    #[serde(default)]
    pub berths: Option<u8>,
}

/// A bus deck (main, lower, upper) or a launch floor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Deck {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub name_bn: Option<String>,
    pub rows: u32,
    pub cols: u32,
    /// Passengers who may stand on a launch deck (sold as deck places); 0 on a bus.
    #[serde(default)]
    pub standing: u32,
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct LayoutSpec {
    pub name: String,
    pub service: Service,
    pub decks: Vec<Deck>,
}

/// A problem with a layout, and where: `decks[0].cells[3]`, `name`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FieldProblem {
    pub field: String,
    pub message: StaffSaid,
}

fn problem(field: impl Into<String>, message: StaffSaid) -> FieldProblem {
    FieldProblem { field: field.into(), message }
}

/// A seat label: letters, digits, '-' and '_', at most [`MAX_LABEL`].
pub fn label_ok(label: &str) -> bool {
    !label.is_empty()
        && label.chars().count() <= MAX_LABEL
        && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A fare class id: lower-case letters, digits and '-', at most 24.
pub fn class_ok(class: &str) -> bool {
    !class.is_empty()
        && class.len() <= 24
        && class.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// A name shown to travellers: present, at most `max` characters.
pub fn text_problem(field: &str, value: &str, max: usize) -> Option<FieldProblem> {
    if value.trim().is_empty() {
        Some(problem(field, say::REQUIRED.with(&[("field", field)])))
    } else if value.chars().count() > max {
        Some(problem(field, say::TOO_LONG.with(&[("field", field), ("max", &max.to_string())])))
    } else {
        None
    }
}

/// Every problem of a layout; none means it may be stored.
pub fn validate(layout: &LayoutSpec) -> Vec<FieldProblem> {
    let mut problems: Vec<FieldProblem> = text_problem("name", &layout.name, 80).into_iter().collect();
    if layout.decks.is_empty() || layout.decks.len() > MAX_DECKS {
        let range = [("field", "decks"), ("min", "1"), ("max", "4")];
        problems.push(problem("decks", say::OUT_OF_RANGE.with(&range)));
    }
    let service = match layout.service {
        Service::Bus => "bus",
        Service::Launch => "launch",
    };
    let mut labels: Vec<&str> = Vec::new();
    let mut deck_ids: Vec<&str> = Vec::new();
    for (d, deck) in layout.decks.iter().enumerate() {
        let at = format!("decks[{d}]");
        if !class_ok(&deck.id) {
            problems.push(problem(format!("{at}.id"), say::INVALID.with(&[("field", "id"), ("detail", &deck.id)])));
        } else if deck_ids.contains(&deck.id.as_str()) {
            problems.push(problem(format!("{at}.id"), say::DECK_TWICE.with(&[("deck", &deck.id)])));
        }
        deck_ids.push(&deck.id);
        problems.extend(text_problem(&format!("{at}.name"), &deck.name, 40));
        for (field, value, max) in [("rows", deck.rows, MAX_ROWS), ("cols", deck.cols, MAX_COLS)] {
            if value == 0 || value > max {
                let range = [("field", field), ("min", "1"), ("max", &max.to_string())];
                problems.push(problem(format!("{at}.{field}"), say::OUT_OF_RANGE.with(&range)));
            }
        }
        if deck.standing > 0 && layout.service == Service::Bus {
            let kind = [("kind", "standing"), ("service", service)];
            problems.push(problem(format!("{at}.standing"), say::KIND_NOT_HERE.with(&kind)));
        }
        let mut taken: Vec<(u32, u32)> = Vec::new();
        for (c, cell) in deck.cells.iter().enumerate() {
            let at = format!("{at}.cells[{c}]");
            let label = cell.label.as_deref().unwrap_or("").trim();
            if !cell.kind.fits(layout.service) {
                problems
                    .push(problem(&at, say::KIND_NOT_HERE.with(&[("kind", cell.kind.as_str()), ("service", service)])));
            }
            if cell.row >= deck.rows || cell.col >= deck.cols {
                let shown = if label.is_empty() { cell.kind.as_str() } else { label };
                let grid = [("seat", shown), ("rows", &deck.rows.to_string()), ("cols", &deck.cols.to_string())];
                problems.push(problem(&at, say::SEAT_OFF_GRID.with(&grid)));
            }
            if taken.contains(&(cell.row, cell.col)) {
                let place = [("row", &cell.row.to_string()), ("col", &cell.col.to_string()), ("deck", &deck.id)];
                problems.push(problem(&at, say::SEAT_OVERLAP.with(&place.map(|(n, v)| (n, v.as_str())))));
            }
            taken.push((cell.row, cell.col));
            if !cell.kind.labelled() {
                continue;
            }
            if !label_ok(label) {
                problems.push(problem(format!("{at}.label"), say::SEAT_LABEL.with(&[("seat", label)])));
            } else if labels.contains(&label) {
                problems.push(problem(format!("{at}.label"), say::SEAT_LABEL_TWICE.with(&[("seat", label)])));
            }
            labels.push(label);
            let class = cell.seat_class.as_deref().unwrap_or("");
            if cell.kind.for_sale() && !class_ok(class) {
                let said = say::SEAT_CLASS.with(&[("seat", label), ("class", class), ("service", service)]);
                problems.push(problem(format!("{at}.seatClass"), said));
            }
            if cell.kind == CellKind::Cabin && !matches!(cell.berths, Some(1..=8)) {
                let range = [("field", "berths"), ("min", "1"), ("max", "8")];
                problems.push(problem(format!("{at}.berths"), say::OUT_OF_RANGE.with(&range)));
            }
        }
    }
    if problems.is_empty() && seats(layout).is_empty() {
        problems.push(problem("decks", say::NO_SEATS.into()));
    }
    problems
}

/// A seat the layout sells, as `layout_seats` keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoldSeat {
    pub seat_no: String,
    pub deck: String,
    pub deck_name: String,
    pub deck_name_bn: Option<String>,
    pub seat_class: String,
    pub class_name: String,
    pub class_name_bn: Option<String>,
    pub row: u32,
    pub col: u32,
    pub ladies: bool,
}

/// "double-cabin" -> "Double cabin".
fn class_title(class: &str) -> String {
    let words = class.replace('-', " ");
    let mut chars = words.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The seats a (valid) layout sells, deck by deck in grid order. Seats kept off sale, the driver,
/// doors and aisles are drawn, never sold.
pub fn seats(layout: &LayoutSpec) -> Vec<SoldSeat> {
    let mut found = Vec::new();
    for deck in &layout.decks {
        let mut cells: Vec<&Cell> = deck.cells.iter().filter(|c| c.kind.for_sale()).collect();
        cells.sort_by_key(|c| (c.row, c.col));
        for cell in cells {
            let class = cell.seat_class.clone().unwrap_or_default();
            found.push(SoldSeat {
                seat_no: cell.label.as_deref().unwrap_or("").trim().to_owned(),
                deck: deck.id.clone(),
                deck_name: deck.name.clone(),
                deck_name_bn: deck.name_bn.clone(),
                class_name: cell
                    .class_name
                    .clone()
                    .filter(|n| !n.trim().is_empty())
                    .unwrap_or_else(|| class_title(&class)),
                class_name_bn: cell.class_name_bn.clone(),
                seat_class: class,
                row: cell.row,
                col: cell.col,
                ladies: cell.kind == CellKind::Ladies,
            });
        }
    }
    found
}

/// A coach of `rows` rows of 2+2 seats (aisle in column 2) labelled A1..: the editor's
/// starting point, and the demo's and tests' layouts.
pub fn two_by_two(name: &str, rows: u32, seat_class: &str) -> LayoutSpec {
    let mut cells = Vec::new();
    for row in 0..rows {
        let letter = char::from(b'A' + (row % 26) as u8);
        for (n, col) in [0u32, 1, 3, 4].into_iter().enumerate() {
            cells.push(Cell {
                row,
                col,
                kind: CellKind::Seat,
                label: Some(format!("{letter}{}", n + 1)),
                seat_class: Some(seat_class.to_owned()),
                class_name: None,
                class_name_bn: None,
                berths: None,
            });
        }
    }
    let deck = Deck { id: "main".into(), name: "main".into(), name_bn: None, rows, cols: 5, standing: 0, cells };
    LayoutSpec { name: name.to_owned(), service: Service::Bus, decks: vec![deck] }
}

/// A launch of two floors: `rows` rows of chairs (2+2) on the first, and `cabins` double
/// cabins (two berths) along the second: the editor's starting point for a launch.
pub fn two_floor_launch(name: &str, rows: u32, cabins: u32) -> LayoutSpec {
    let seat = |row: u32, col: u32, kind: CellKind, label: String, class: &str, berths: Option<u8>| Cell {
        row,
        col,
        kind,
        label: Some(label),
        seat_class: Some(class.to_owned()),
        class_name: None,
        class_name_bn: None,
        berths,
    };
    let mut chairs = Vec::new();
    for row in 0..rows {
        for (n, col) in [0u32, 1, 3, 4].into_iter().enumerate() {
            chairs.push(seat(row, col, CellKind::Seat, format!("C-{}", row * 4 + n as u32 + 1), "chair", None));
        }
    }
    let cols = cabins.clamp(1, MAX_COLS);
    let cabin_rows = cabins.div_ceil(cols).max(1);
    let cabin_cells = (0..cabins)
        .map(|i| seat(i / cols, i % cols, CellKind::Cabin, format!("{}", 201 + i), "double", Some(2)))
        .collect();
    let floor = |id: &str, name: &str, name_bn: &str, rows: u32, cols: u32, cells: Vec<Cell>| Deck {
        id: id.to_owned(),
        name: name.to_owned(),
        name_bn: Some(name_bn.to_owned()),
        rows,
        cols,
        standing: 0,
        cells,
    };
    LayoutSpec {
        name: name.to_owned(),
        service: Service::Launch,
        decks: vec![
            floor("floor-1", "First floor", "নিচতলা", rows.max(1), 5, chairs),
            floor("floor-2", "Second floor", "দ্বিতীয় তলা", cabin_rows, cols, cabin_cells),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(layout: &LayoutSpec) -> Vec<String> {
        validate(layout).into_iter().map(|p| p.message.code).collect()
    }

    #[test]
    fn a_36_seat_two_by_two_coach_is_valid_and_sells_36_seats() {
        let coach = two_by_two("2+2 AC, 36 seats", 9, "economy");
        assert!(validate(&coach).is_empty(), "{:?}", validate(&coach));
        let seats = seats(&coach);
        assert_eq!(seats.len(), 36);
        assert_eq!(seats[0].seat_no, "A1");
        assert_eq!(seats[0].class_name, "Economy");
        assert_eq!(seats[35].seat_no, "I4");
    }

    #[test]
    fn a_two_floor_launch_with_cabins_is_valid() {
        let launch = two_floor_launch("MV Test", 5, 6);
        assert!(validate(&launch).is_empty(), "{:?}", validate(&launch));
        let seats = seats(&launch);
        assert_eq!(seats.len(), 26);
        assert_eq!(seats.iter().filter(|s| s.seat_class == "double").count(), 6);
        assert_eq!(seats[25].class_name, "Double");
    }

    #[test]
    fn labels_are_unique_and_seats_sit_on_the_grid_one_to_a_cell() {
        let mut coach = two_by_two("c", 2, "economy");
        coach.decks[0].cells[1].label = Some("A1".into());
        coach.decks[0].cells[2].row = 5;
        coach.decks[0].cells[3].col = 0;
        coach.decks[0].cells[3].row = 0;
        let found = codes(&coach);
        assert!(found.contains(&"layout.labelTwice".to_owned()), "{found:?}");
        assert!(found.contains(&"layout.offGrid".to_owned()), "{found:?}");
        assert!(found.contains(&"layout.overlap".to_owned()), "{found:?}");
    }

    #[test]
    fn kinds_belong_to_their_service() {
        let mut launch = two_by_two("l", 1, "chair");
        launch.service = Service::Launch;
        launch.decks[0].cells[0].kind = CellKind::Ladies;
        launch.decks[0].cells[1].kind = CellKind::Cabin;
        launch.decks[0].cells[1].berths = Some(2);
        launch.decks[0].standing = 40;
        assert_eq!(codes(&launch), vec!["layout.kind".to_owned()], "ladies' seats are a bus's");
        let mut bus = two_by_two("b", 1, "economy");
        bus.decks[0].standing = 10;
        assert_eq!(codes(&bus), vec!["layout.kind".to_owned()], "a coach takes no standing passengers");
    }

    #[test]
    fn a_cabin_has_berths_and_labels_are_short_and_plain() {
        let mut launch = two_by_two("l", 1, "double");
        launch.service = Service::Launch;
        launch.decks[0].cells[0].kind = CellKind::Cabin;
        launch.decks[0].cells[1].label = Some("<script>".into());
        let found = codes(&launch);
        assert!(found.contains(&"staff.range".to_owned()), "{found:?}");
        assert!(found.contains(&"layout.label".to_owned()), "{found:?}");
    }

    #[test]
    fn a_layout_with_nothing_for_sale_is_refused() {
        let mut coach = two_by_two("c", 1, "economy");
        for cell in &mut coach.decks[0].cells {
            cell.kind = CellKind::NotForSale;
        }
        assert_eq!(codes(&coach), vec!["layout.noSeats".to_owned()]);
        coach.decks[0].cells[0].kind = CellKind::Seat;
        assert_eq!(seats(&coach).len(), 1, "seats kept off sale are drawn, not sold");
    }
}
