//! The two services, BUS and LAUNCH, and every name each goes by: SPEC §9's identifier (also
//! the stored one), the site's path segment (`bus`, `launch`) and the ticket API's (`intercity`,
//! `water`). Every mapping between them is here, so none is written twice.

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
    pub const ALL: [Service; 2] = [Service::Bus, Service::Launch];

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
        Service::ALL.into_iter().find(|s| s.api_segment() == segment)
    }

    /// SPEC §9's identifier, as the wire and the store write it: `BUS`, `LAUNCH`.
    pub fn as_str(self) -> &'static str {
        match self {
            Service::Bus => "BUS",
            Service::Launch => "LAUNCH",
        }
    }

    /// The service of a stored identifier (`BUS`, `LAUNCH`).
    pub fn parse(key: &str) -> Option<Service> {
        Service::ALL.into_iter().find(|s| s.as_str() == key)
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
