//! The visitor's identity kept in the browser (SPEC §3 "Identity"): `anon_id`, created once and
//! kept; `user_id` and a token when logged in.

/// Storage keys, as SPEC names them.
pub const ANON_ID_KEY: &str = "anon_id";
pub const USER_ID_KEY: &str = "user_id";
pub const MOBILE_APP_KEY: &str = "isMobileApp";

/// True for a UUID in its canonical text form (8-4-4-4-12 hex digits).
pub fn is_uuid(s: &str) -> bool {
    let groups: Vec<&str> = s.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, len)| g.len() == len && g.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A random (version 4) UUID from 16 random bytes the platform supplies (the browser's
/// `crypto.getRandomValues`; the server's RNG).
pub fn uuid_v4(mut bytes: [u8; 16]) -> String {
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

/// The visitor's anon_id: the stored one when it is a UUID, else a new one from `random`.
/// Created once and kept, so a visitor's holds and searches stay theirs across reloads.
pub fn anon_id(stored: Option<&str>, random: [u8; 16]) -> String {
    match stored {
        Some(id) if is_uuid(id) => id.to_owned(),
        _ => uuid_v4(random),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_id_is_a_v4_uuid() {
        let id = anon_id(None, [0xff; 16]);
        assert!(is_uuid(&id));
        assert_eq!(&id[14..15], "4");
        assert_eq!(anon_id(Some(&id), [0; 16]), id);
    }
}
