//! Boarding's calls (issue 36), under `/v1/api/staff/...`: a scan (online, or uploaded later by
//! an enrolled device), a trip's manifest, boarding closed with its no-shows, and the operators'
//! signing keys. Their rows are in `staff::STAFF_CALLS`.

use super::contract;
use crate::pricing::Taka;
use crate::service::Service;

contract! {
    /// `POST staff/boarding/scan`: a code scanned (or a PNR typed) for a trip, at `scannedAt`
    /// (Unix ms, the device's clock). The same nonce twice is one scan.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct BoardingScan {
        pub trip_id: String,
        /// The QR code's text.
        #[serde(default)]
        pub code: Option<String>,
        /// A PNR typed by hand, for a traveller with only an SMS.
        #[serde(default)]
        pub pnr: Option<String>,
        pub scanned_at: i64,
        /// The enrolled device that scanned it (none: a supervisor's browser, online).
        #[serde(default)]
        pub device_id: Option<String>,
        /// Chosen by the scanner, 8 to 64 of `0-9 A-Z a-z - _`.
        pub nonce: String,
    }

    /// What a scan did.
    #[serde(rename_all = "camelCase")]
    pub struct ScanAnswer {
        pub result: ScanResult,
        #[serde(default)]
        pub reason: Option<ScanReason>,
        #[serde(default)]
        pub pnr: Option<String>,
        #[serde(default)]
        pub seats: Vec<String>,
        #[serde(default)]
        pub passenger_name: Option<String>,
        #[serde(default)]
        pub boarding_point: Option<String>,
        /// The scan that boarded the ticket (this one, or the earlier one of a duplicate): Unix ms.
        #[serde(default)]
        pub boarded_at: Option<i64>,
        /// Its device (none: online).
        #[serde(default)]
        pub boarded_by: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    #[derive(Copy, Eq)]
    pub enum ScanResult {
        /// This scan boarded the ticket: the earliest that admitted it.
        Boarded,
        /// The ticket boarded with an earlier scan; this one is flagged to the supervisor.
        Duplicate,
        Refused,
    }

    /// Why a scan did not board: the code's own reasons (`boarding::Refusal`) and the store's.
    #[serde(rename_all = "camelCase")]
    #[derive(Copy, Eq)]
    pub enum ScanReason {
        Unreadable,
        UnknownKey,
        Forged,
        /// Cancelled, rescheduled or refunded.
        Revoked,
        /// A ticket of another trip or date.
        OtherTrip,
        NotYet,
        Expired,
        /// No ticket of this trip has the PNR typed.
        NotFound,
        /// Boarding closed before it was scanned; its seats were freed.
        NoShow,
    }

    /// `GET staff/boarding/manifest/{id}` (`?format=csv` for a file): everyone booked on a trip.
    #[serde(rename_all = "camelCase")]
    pub struct Manifest {
        pub trip: ManifestTrip,
        pub passengers: Vec<ManifestPassenger>,
        /// Per deck or floor: a launch's headcount against its capacity.
        pub decks: Vec<DeckCount>,
        pub booked: i64,
        pub boarded: i64,
        pub no_shows: i64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct ManifestTrip {
        pub id: String,
        pub service: Service,
        pub operator_name: String,
        pub route_name: String,
        /// Dhaka wall clock, `YYYY-MM-DD HH:MM`.
        pub departs: String,
        pub vehicle: String,
        pub capacity: i64,
        /// Unix ms.
        pub boarding_closed_at: Option<i64>,
        /// Boarding may close this long before departure.
        pub cutoff_minutes: i64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct ManifestPassenger {
        pub pnr: String,
        pub seats: Vec<String>,
        pub passenger_name: String,
        /// All but the last 3 digits hidden.
        pub phone: String,
        pub boarding_point: Option<String>,
        pub dropping_point: Option<String>,
        pub channel: SaleChannel,
        pub paid: Taka,
        pub status: PassengerStatus,
        /// The scan that boarded: Unix ms, and its device (none: online).
        pub boarded_at: Option<i64>,
        pub boarded_by: Option<String>,
        /// Later scans that also admitted the ticket (two devices offline): for the supervisor.
        pub flags: Vec<ScanFlag>,
    }

    #[serde(rename_all = "lowercase")]
    #[derive(Copy, Eq)]
    pub enum SaleChannel {
        Web,
        Counter,
    }

    #[serde(rename_all = "camelCase")]
    #[derive(Copy, Eq)]
    pub enum PassengerStatus {
        Booked,
        Boarded,
        NoShow,
    }

    #[serde(rename_all = "camelCase")]
    pub struct ScanFlag {
        pub device_id: Option<String>,
        /// Unix ms.
        pub scanned_at: i64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct DeckCount {
        pub deck: String,
        pub capacity: i64,
        pub booked: i64,
        pub boarded: i64,
    }

    /// `POST staff/boarding/close`: boarding ends; unboarded tickets become no-shows.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct CloseBoarding {
        pub trip_id: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct BoardingClosed {
        pub trip_id: String,
        /// Unix ms.
        pub closed_at: i64,
        pub boarded: i64,
        pub no_shows: i64,
        /// Seats the no-shows held, now for a counter (or on board) to sell.
        pub freed_seats: Vec<String>,
    }

    /// `GET staff/boarding/keys`: the caller's operators' boarding-code keys.
    #[serde(rename_all = "camelCase")]
    pub struct BoardingKeys {
        pub keys: Vec<BoardingKey>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct BoardingKey {
        pub operator_id: String,
        pub key_id: u8,
        /// 32 bytes, hex.
        pub public_key: String,
        /// Unix ms.
        pub created_at: i64,
        pub retired_at: Option<i64>,
        /// The key new codes are signed with.
        pub signing: bool,
    }

    /// `POST staff/boarding/keys/rotate` (a new signing key; the old ones stay valid) and
    /// `staff/boarding/keys/retire` (`keyId`'s codes no longer verify).
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct KeyChange {
        /// The caller's operator when they have one.
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub key_id: Option<u8>,
    }
}

contract! {
    /// `POST staff/boarding/devices`: a phone to enrol, named by the manager.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct NewDevice {
        pub name: String,
        #[serde(default)]
        pub operator_id: Option<String>,
    }

    /// A device with its one-time enrolment code (shown once, valid for minutes).
    #[serde(rename_all = "camelCase")]
    pub struct DeviceEnrolment {
        pub device: BoardingDevice,
        pub enrol_code: String,
        /// Unix ms.
        pub expires_at: i64,
    }

    /// `POST staff/boarding/devices/enrol`: the supervisor's phone takes the code.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct EnrolDevice {
        pub code: String,
    }

    /// What an enrolled phone keeps: its id and key (sent as `Device-Key: id:key`).
    #[serde(rename_all = "camelCase")]
    pub struct EnrolledDevice {
        pub device: BoardingDevice,
        pub device_key: String,
    }

    /// `POST staff/boarding/devices/revoke`.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct DeviceRevoke {
        pub id: String,
    }

    /// `GET staff/boarding/devices`.
    #[serde(rename_all = "camelCase")]
    pub struct BoardingDevices {
        pub devices: Vec<BoardingDevice>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct BoardingDevice {
        pub id: String,
        pub operator_id: String,
        pub name: String,
        /// Unix ms.
        pub created_at: i64,
        pub enrolled_at: Option<i64>,
        pub revoked_at: Option<i64>,
    }

    /// `GET staff/boarding/pack/{id}` (an enrolled device's `Device-Key`): what a phone needs
    /// to board a trip with no network.
    #[serde(rename_all = "camelCase")]
    pub struct TripPack {
        pub trip: ManifestTrip,
        pub keys: Vec<crate::boarding::PublicKey>,
        /// PNRs that no longer board: cancelled, refunded, no-shows.
        pub revoked: Vec<String>,
        /// The trip's seat labels in the order a code's positions count in.
        pub seat_order: Vec<String>,
        pub tickets: Vec<PackTicket>,
        /// Unix ms.
        pub made_at: i64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct PackTicket {
        pub pnr: String,
        pub seats: Vec<String>,
        pub passenger_name: String,
        pub boarding_point: Option<String>,
        pub status: PassengerStatus,
    }
}

contract! {
    /// `GET staff/boarding/settings`: each of the caller's operators' boarding cut-off.
    #[serde(rename_all = "camelCase")]
    pub struct BoardingSettings {
        pub operators: Vec<BoardingCutoff>,
    }

    /// `POST staff/boarding/settings`: how long before departure boarding may close.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct BoardingCutoff {
        /// The caller's operator when they have one.
        #[serde(default)]
        pub operator_id: Option<String>,
        /// 0 to 180 minutes.
        pub cutoff_minutes: i64,
    }
}

crate::names!(ScanResult { Boarded = "boarded", Duplicate = "duplicate", Refused = "refused" });
crate::names!(ScanReason {
    Unreadable = "unreadable",
    UnknownKey = "unknownKey",
    Forged = "forged",
    Revoked = "revoked",
    OtherTrip = "otherTrip",
    NotYet = "notYet",
    Expired = "expired",
    NotFound = "notFound",
    NoShow = "noShow"
});
crate::names!(SaleChannel { Web = "web", Counter = "counter" });
crate::names!(PassengerStatus { Booked = "booked", Boarded = "boarded", NoShow = "noShow" });

impl From<crate::boarding::Refusal> for ScanReason {
    fn from(refusal: crate::boarding::Refusal) -> ScanReason {
        use crate::boarding::Refusal as R;
        match refusal {
            R::Unreadable => ScanReason::Unreadable,
            R::UnknownKey => ScanReason::UnknownKey,
            R::Forged => ScanReason::Forged,
            R::Revoked => ScanReason::Revoked,
            R::OtherTrip => ScanReason::OtherTrip,
            R::NotYet => ScanReason::NotYet,
            R::Expired => ScanReason::Expired,
        }
    }
}
