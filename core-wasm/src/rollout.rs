//! Who sees the banner inviting visitors to the new site (SPEC §4 "New-site banner").

/// Visitors are sampled by their visitor count modulo this divider (SPEC §9).
pub const DIVIDER: u64 = 100;

/// Whether the new-site banner shows. A visitor who was shown it once (the stored flag) keeps
/// seeing it; otherwise the day's visitor count modulo 100 is compared with the rollout
/// percentage, and a percentage of 0 never shows it.
/// The percentage is compared as the server sends it (a JS number), so 0.5 shows the banner to
/// count % 100 == 0.
pub fn show_new_site_banner(stored_flag: bool, visitor_count: u64, percentage: f64) -> bool {
    stored_flag || (percentage > 0.0 && ((visitor_count % DIVIDER) as f64) < percentage)
}
