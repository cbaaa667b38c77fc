//! Seat layouts: the seats of a coach, the berths of a sleeper, the places, chairs and cabins of
//! a launch.
//!
//! A layout is a list of blocks; a block fills its grid positions row by row. Positions are
//! 0-based (as the seat-view contract's `row`/`col`), and a column left out of `cols` is an
//! aisle: a 2+2 coach uses columns 0, 1, 3, 4. Bus blocks share one grid per deck; a launch
//! block is one class on one floor, drawn as its own grid (the launch seat view groups by class
//! and floor).

pub struct Layout {
    pub id: &'static str,
    pub name: &'static str,
    pub blocks: &'static [Block],
    /// Seats set aside for women travellers: the front seats by the door.
    pub ladies: &'static [&'static str],
}

pub struct Block {
    /// Bus: 'main', 'upper' or 'lower'; launch: the floor's id.
    pub deck: &'static str,
    /// Launch: the floor's name; bus: the same as `deck` (schema comment).
    pub deck_name: &'static str,
    pub seat_class: &'static str,
    pub class_name: &'static str,
    pub naming: Naming,
    pub rows: &'static [i64],
    pub cols: &'static [i64],
    pub count: usize,
}

pub enum Naming {
    /// A row letter and the seat's place in the row: A1, A2, ... (prefix first, if any).
    Letters { prefix: &'static str, first: u8 },
    /// A running number from `start`, zero-padded to `width` digits: D-01, 201.
    Numbers { prefix: &'static str, start: usize, width: usize },
}

/// One seat as stored in `layout_seats`.
pub struct Seat {
    pub seat_no: String,
    pub deck: &'static str,
    pub deck_name: &'static str,
    pub seat_class: &'static str,
    pub class_name: &'static str,
    pub row: i64,
    pub col: i64,
    pub ladies: bool,
}

const R2: &[i64] = &[0, 1];
const R3: &[i64] = &[0, 1, 2];
const R4: &[i64] = &[0, 1, 2, 3];
const R5: &[i64] = &[0, 1, 2, 3, 4];
const R8: &[i64] = &[0, 1, 2, 3, 4, 5, 6, 7];
const R9: &[i64] = &[0, 1, 2, 3, 4, 5, 6, 7, 8];
const R10: &[i64] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const R12: &[i64] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/// Cabins line both sides of a corridor (row 1 is the corridor).
const CABIN_ROWS: &[i64] = &[0, 2];
const ONE_ROW: &[i64] = &[0];

/// 2+2 with the aisle in column 2.
const TWO_TWO: &[i64] = &[0, 1, 3, 4];
/// 1+2 business class: a single seat, the aisle, a pair.
const ONE_TWO: &[i64] = &[0, 2, 3];
/// 1+1 sleeper berths either side of the aisle.
const ONE_ONE: &[i64] = &[0, 2];
const DECK_PLACES_WIDE: &[i64] = &[0, 1, 2, 3, 5, 6, 7, 8];
const DECK_PLACES: &[i64] = &[0, 1, 2, 4, 5, 6];

const fn letters(first: u8) -> Naming {
    Naming::Letters { prefix: "", first }
}

const fn numbers(prefix: &'static str, start: usize, width: usize) -> Naming {
    Naming::Numbers { prefix, start, width }
}

#[allow(clippy::too_many_arguments)]
const fn block(
    deck: &'static str,
    deck_name: &'static str,
    seat_class: &'static str,
    class_name: &'static str,
    naming: Naming,
    rows: &'static [i64],
    cols: &'static [i64],
    count: usize,
) -> Block {
    Block { deck, deck_name, seat_class, class_name, naming, rows, cols, count }
}

const FLOOR_1: (&str, &str) = ("floor-1", "First floor");
const FLOOR_2: (&str, &str) = ("floor-2", "Second floor");
const FLOOR_3: (&str, &str) = ("floor-3", "Third floor");

const fn deck_places(
    floor: (&'static str, &'static str),
    rows: &'static [i64],
    cols: &'static [i64],
    count: usize,
) -> Block {
    block(floor.0, floor.1, "deck", "Deck", numbers("D-", 1, 2), rows, cols, count)
}

const fn chairs(floor: (&'static str, &'static str), rows: &'static [i64], count: usize) -> Block {
    block(
        floor.0,
        floor.1,
        "chair",
        "Chair",
        Naming::Letters { prefix: "S_CHAIR-", first: b'A' },
        rows,
        DECK_PLACES_WIDE,
        count,
    )
}

const fn cabins(
    floor: (&'static str, &'static str),
    seat_class: &'static str,
    class_name: &'static str,
    start: usize,
    rows: &'static [i64],
    cols: &'static [i64],
    count: usize,
) -> Block {
    block(floor.0, floor.1, seat_class, class_name, numbers("", start, 0), rows, cols, count)
}

pub const LAYOUTS: &[Layout] = &[
    Layout {
        id: "bus-economy-40",
        name: "2+2 Economy, 40 seats",
        blocks: &[block("main", "main", "economy", "Economy", letters(b'A'), R10, TWO_TWO, 40)],
        ladies: &["A1", "A2"],
    },
    Layout {
        id: "bus-economy-36",
        name: "2+2 AC Economy, 36 seats",
        blocks: &[block("main", "main", "economy", "Economy", letters(b'A'), R9, TWO_TWO, 36)],
        ladies: &["A1", "A2"],
    },
    Layout {
        id: "bus-business-30",
        name: "1+2 Business Class, 30 seats",
        blocks: &[block("main", "main", "business", "Business Class", letters(b'A'), R10, ONE_TWO, 30)],
        ladies: &["A1"],
    },
    Layout {
        id: "bus-sleeper-32",
        name: "1+1 Sleeper, 16 lower and 16 upper berths",
        blocks: &[
            block("lower", "lower", "sleeper-lower", "Sleeper (lower)", numbers("L", 1, 0), R8, ONE_ONE, 16),
            block("upper", "upper", "sleeper-upper", "Sleeper (upper)", numbers("U", 1, 0), R8, ONE_ONE, 16),
        ],
        ladies: &["L1"],
    },
    Layout {
        id: "bus-double-deck-64",
        name: "Double-decker, 16 lower and 48 upper seats",
        blocks: &[
            block("lower", "lower", "economy", "Economy", letters(b'A'), R4, TWO_TWO, 16),
            block("upper", "upper", "economy", "Economy", letters(b'E'), R12, TWO_TWO, 48),
        ],
        ladies: &["A1", "A2"],
    },
    Layout {
        id: "launch-large",
        name: "Three-floor launch, 192 places and cabins",
        blocks: &[
            deck_places(FLOOR_1, R10, DECK_PLACES_WIDE, 80),
            chairs(FLOOR_1, R5, 40),
            cabins(FLOOR_2, "single", "Single cabin", 201, CABIN_ROWS, R12, 24),
            cabins(FLOOR_2, "double", "Double cabin", 225, CABIN_ROWS, R10, 20),
            cabins(FLOOR_2, "family", "Family cabin", 245, ONE_ROW, R4, 4),
            cabins(FLOOR_3, "vip", "VIP cabin", 301, ONE_ROW, R4, 4),
            cabins(FLOOR_3, "double", "Double cabin", 305, CABIN_ROWS, R5, 10),
            cabins(FLOOR_3, "single", "Single cabin", 315, CABIN_ROWS, R5, 10),
        ],
        ladies: &[],
    },
    Layout {
        id: "launch-medium",
        name: "Two-floor launch, 118 places and cabins",
        blocks: &[
            deck_places(FLOOR_1, R10, DECK_PLACES, 60),
            chairs(FLOOR_1, R3, 24),
            cabins(FLOOR_2, "single", "Single cabin", 201, CABIN_ROWS, R8, 16),
            cabins(FLOOR_2, "double", "Double cabin", 217, CABIN_ROWS, &[0, 1, 2, 3, 4, 5, 6], 14),
            cabins(FLOOR_2, "family", "Family cabin", 231, ONE_ROW, R2, 2),
            cabins(FLOOR_2, "vip", "VIP cabin", 233, ONE_ROW, R2, 2),
        ],
        ladies: &[],
    },
];

impl Block {
    fn seat_no(&self, index: usize, row_index: usize, col_index: usize) -> String {
        match self.naming {
            Naming::Letters { prefix, first } => {
                // Rows past 'Z' never occur in our layouts (12 rows at most).
                let letter = char::from(first + row_index as u8);
                format!("{prefix}{letter}{}", col_index + 1)
            }
            Naming::Numbers { prefix, start, width } => format!("{prefix}{:0width$}", start + index),
        }
    }
}

impl Layout {
    /// The layout's seats, block by block, each block row by row.
    pub fn seats(&self) -> Vec<Seat> {
        let mut seats = Vec::new();
        for block in self.blocks {
            let positions = block
                .rows
                .iter()
                .enumerate()
                .flat_map(|(ri, &row)| block.cols.iter().enumerate().map(move |(ci, &col)| (ri, ci, row, col)))
                .take(block.count);
            for (index, (ri, ci, row, col)) in positions.enumerate() {
                let seat_no = block.seat_no(index, ri, ci);
                let ladies = self.ladies.contains(&seat_no.as_str());
                seats.push(Seat {
                    seat_no,
                    deck: block.deck,
                    deck_name: block.deck_name,
                    seat_class: block.seat_class,
                    class_name: block.class_name,
                    row,
                    col,
                    ladies,
                });
            }
        }
        seats
    }

    /// The fare classes of the layout, in block order, without repeats.
    pub fn classes(&self) -> Vec<&'static str> {
        let mut classes: Vec<&'static str> = Vec::new();
        for block in self.blocks {
            if !classes.contains(&block.seat_class) {
                classes.push(block.seat_class);
            }
        }
        classes
    }
}

pub fn layout_by_id(id: &str) -> Option<&'static Layout> {
    LAYOUTS.iter().find(|l| l.id == id)
}
