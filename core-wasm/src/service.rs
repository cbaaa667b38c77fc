//! The two services, BUS and LAUNCH, and every name each goes by: SPEC §9's identifier (also
//! the stored one), the site's path segment (`bus`, `launch`) and the ticket API's (`intercity`,
//! `water`). Every mapping between them is here, so none is written twice.

// SPEC §9's identifiers, as the wire and the store write them.
crate::names!(Service { Bus = "BUS", Launch = "LAUNCH" });

/// The two services, as SPEC §9 names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "UPPERCASE")]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Service {
    Bus,
    Launch,
}

impl Service {
    /// The first path segment of the service's pages.
    pub fn path_segment(self) -> &'static str {
        match self {
            Service::Bus => "bus",
            Service::Launch => "launch",
        }
    }

    /// The ticket API's path segment (DESIGN §3): `intercity` for bus, `water` for launch. The
    /// same word names a banner's module (`banners?moduleType=`).
    pub fn api_segment(self) -> &'static str {
        match self {
            Service::Bus => "intercity",
            Service::Launch => "water",
        }
    }

    /// The service of an API path segment or banner module: `intercity` or `water`.
    pub fn from_api_segment(segment: &str) -> Option<Service> {
        Service::ALL.iter().copied().find(|s| s.api_segment() == segment)
    }

    /// The selected service follows the path: launch pages select LAUNCH, everything else BUS
    /// (`/` is the bus home).
    pub fn from_path(path: &str) -> Service {
        match path.trim_start_matches('/').split('/').next() {
            Some("launch") => Service::Launch,
            _ => Service::Bus,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::booking::{BookingStatus, Gender};
    use crate::contract::tickets::TicketStatus;

    /// serde and `names!` must agree, or the store and the wire would disagree.
    fn same_names<T: serde::Serialize + Copy>(all: &[T], name: impl Fn(T) -> &'static str) {
        for v in all {
            assert_eq!(serde_json::to_value(v).ok(), Some(serde_json::Value::from(name(*v))));
        }
    }

    #[test]
    fn service_follows_the_path() {
        assert_eq!(Service::from_path("/launch/trip"), Service::Launch);
        assert_eq!(Service::from_path("/bus/trip"), Service::Bus);
        assert_eq!(Service::from_path("/"), Service::Bus);
    }

    #[test]
    fn serde_writes_the_same_names() {
        same_names(Service::ALL, Service::as_str);
        same_names(BookingStatus::ALL, BookingStatus::as_str);
        same_names(Gender::ALL, Gender::as_str);
        same_names(TicketStatus::ALL, TicketStatus::as_str);
        assert_eq!(Service::try_from("LAUNCH".to_owned()), Ok(Service::Launch));
        assert_eq!(Service::from_api_segment("water"), Some(Service::Launch));
        assert!(BookingStatus::try_from("paid".to_owned()).is_err());
    }
}
