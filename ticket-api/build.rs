//! Rebuilds the crate when a migration is added or changed: `sqlx::migrate!` embeds the files at
//! compile time, and cargo does not know it reads them (a new migration was left out of a build).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
