//! The back office's calls (issue 35), under `/v1/api/staff/...`: their bodies and their table.
//! A staff call is for holders of the roles its row names; the ticket API builds the staff
//! router, its role checks and the OpenAPI entries from [`STAFF_CALLS`], as it does the
//! traveller's from `calls::CALLS` (kept apart so the traveller's browser module carries none of
//! this).
//!
//! Objects of an operator (routes, layouts, coaches, schedules, fares, points) are named by a
//! `code` the manager chooses, unique within the operator; their `id` is `operator:code`, so two
//! operators never collide or learn of each other's codes. Objects of the site (the demo network,
//! cities) have no operator; managers may use them, only an admin changes them. Every object
//! carries a `revision`: a save names the revision it read (none to create), and a save over a
//! newer one is refused (409), so two managers editing at once never silently undo each other.

use super::calls::Method;
use super::contract;
// The counter's bodies name the table's rows only where their schemas are made.
#[cfg(feature = "schema")]
use super::boarding::{
    BoardingClosed, BoardingCutoff, BoardingDevice, BoardingDevices, BoardingKey, BoardingKeys, BoardingScan,
    BoardingSettings, CloseBoarding, DeviceEnrolment, DeviceRevoke, EnrolDevice, EnrolledDevice, KeyChange, Manifest,
    NewDevice, ScanAnswer, TripPack,
};
#[cfg(feature = "schema")]
use super::counter::{
    BlockRemove, ByPnr, CounterSeatMap, CounterSell, CounterTicket, CounterTrips, Counters, CurrentShift, OnlineQuota,
    ReportQuery, SalesReport, SeatBlock, SeatBlocks, Settlement, ShiftClose, ShiftOpen, Shifts, StaffCounter,
    StaffShift,
};
#[cfg(feature = "schema")]
use super::plans::{
    OperatorPolicy, PointMove, PointMoved, Policies, TripCancel, TripCancellation, TripChange, TripChanged, TripPoints,
};
#[cfg(feature = "schema")]
use super::tickets::Pdf;
use crate::service::Service;
use crate::staff::layout::LayoutSpec;
use crate::staff::messages::StaffSaid;
use crate::staff::roles::{Grant, Role};

contract! {
    /// A GET without parameters.
    pub struct Nothing {}

    /// `GET staff/grants`: the staff the caller manages (an admin's: everyone).
    #[serde(rename_all = "camelCase")]
    pub struct StaffList {
        pub staff: Vec<StaffMember>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct StaffMember {
        pub user_id: String,
        pub phone: String,
        pub grants: Vec<Grant>,
        /// Whether their authenticator is set up.
        pub totp_enrolled: bool,
    }

    /// `POST staff/grants/add` and `staff/grants/remove`: a role for a phone (its user is made
    /// if the phone never logged in). Taking a grant away ends the holder's logins.
    #[serde(rename_all = "camelCase")]
    pub struct GrantChange {
        pub phone: String,
        pub grant: Grant,
    }

    /// `POST staff/totp/enrol`: a new secret for the caller's authenticator, to confirm with a
    /// code before it counts. The QR is an SVG of the `otpauth://` URI.
    #[serde(rename_all = "camelCase")]
    pub struct TotpEnrolment {
        pub secret: String,
        pub otpauth_uri: String,
        pub qr_svg: String,
    }

    /// `POST staff/totp/confirm`: the authenticator's code; answers ten single-use recovery codes.
    #[serde(rename_all = "camelCase")]
    pub struct TotpConfirm {
        pub code: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct RecoveryCodes {
        pub codes: Vec<String>,
    }

    /// A city travellers search by, with its other spellings (Chittagong for Chattogram).
    #[serde(rename_all = "camelCase")]
    pub struct StaffCity {
        /// Lower-case letters, digits and '-': `kushtia`.
        pub id: String,
        pub name: String,
        #[serde(default)]
        pub name_bn: Option<String>,
        pub district: String,
        pub division: String,
        #[serde(default)]
        pub aliases: Vec<String>,
        /// Answers only: the operator that added it (null: the site's).
        #[serde(default)]
        pub operator_id: Option<String>,
        /// The revision read (null to create); answers the stored one.
        #[serde(default)]
        pub revision: Option<i64>,
    }

    /// A boarding or dropping point of a city: a terminal, a counter, a ghat.
    #[serde(rename_all = "camelCase")]
    pub struct StaffPoint {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub city_id: String,
        pub name: String,
        #[serde(default)]
        pub name_bn: Option<String>,
        pub address: String,
        /// The operator it is for; a manager's own when absent.
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Places {
        pub cities: Vec<StaffCity>,
        pub points: Vec<StaffPoint>,
    }

    /// A stop of a route: its city, minutes from the first stop, and whether passengers board
    /// or leave there, at which points and when.
    #[serde(rename_all = "camelCase")]
    pub struct StaffStop {
        pub city_id: String,
        pub minutes: i64,
        pub boards: bool,
        pub drops: bool,
        #[serde(default)]
        pub points: Vec<StopPoint>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct StopPoint {
        pub point_id: String,
        pub minutes: i64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct StaffRoute {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub service: Service,
        pub name: String,
        #[serde(default)]
        pub name_bn: Option<String>,
        pub stops: Vec<StaffStop>,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Routes {
        pub routes: Vec<StaffRoute>,
    }

    /// A seat layout: a bus's decks or a launch's floors, drawn cell by cell.
    #[serde(rename_all = "camelCase")]
    pub struct StaffLayout {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub spec: LayoutSpec,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
        /// Save only: move the future trips that have sales to the new version too (refused,
        /// naming the tickets, when a seat sold on one of them would go).
        #[serde(default)]
        pub include_sold_trips: bool,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Layouts {
        pub layouts: Vec<StaffLayout>,
    }

    /// `GET staff/layouts/{id}`.
    #[serde(rename_all = "camelCase")]
    pub struct ById {
        pub id: String,
    }

    /// A coach or a vessel.
    #[serde(rename_all = "camelCase")]
    pub struct StaffVehicle {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        /// The registration (Dhaka Metro Ba 11-2345) or the ship's name.
        pub name: String,
        #[serde(default)]
        pub name_bn: Option<String>,
        /// Economy, Business Class, Sleeper, Launch.
        pub class: String,
        pub ac: bool,
        pub layout_id: String,
        #[serde(default)]
        pub amenities: Vec<String>,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Vehicles {
        pub vehicles: Vec<StaffVehicle>,
    }

    /// A schedule: a route leaving at a time of day on some days between two dates, with a coach
    /// class and layout. Its trips are made by `staff/trips/generate` (and on every save).
    #[serde(rename_all = "camelCase")]
    pub struct StaffSchedule {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub route_id: String,
        /// `HH:MM`, Dhaka.
        pub departure: String,
        /// `daily` or day names: `Sat Sun Mon`.
        pub days: String,
        pub from_date: String,
        pub to_date: String,
        /// Economy, Business Class, Sleeper, Launch; AC when it starts with 'AC '.
        pub class: String,
        pub layout_id: String,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Schedules {
        pub schedules: Vec<StaffSchedule>,
    }

    /// Fares of one route, operator and seat class: taka per leg pair (from stop, to stop).
    #[serde(rename_all = "camelCase")]
    pub struct StaffFares {
        pub route_id: String,
        pub seat_class: String,
        #[serde(default)]
        pub operator_id: Option<String>,
        /// None: the base fares. A period: its fares replace the base ones on its travel dates
        /// (an Eid fare); saved with no fares, the period is removed.
        #[serde(default)]
        pub period: Option<FarePeriod>,
        pub fares: Vec<StaffFare>,
    }

    /// Travel dates, first and last (Dhaka dates), inclusive.
    #[serde(rename_all = "camelCase")]
    pub struct FarePeriod {
        pub from_date: String,
        pub to_date: String,
    }

    #[serde(rename_all = "camelCase")]
    pub struct StaffFare {
        pub from_stop: i64,
        pub to_stop: i64,
        pub fare: i64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct FareList {
        pub fares: Vec<StaffFares>,
    }

    /// `POST staff/trips/generate`: trips of the caller's schedules up to `days` ahead
    /// (default 30); what was written.
    #[serde(rename_all = "camelCase")]
    pub struct Generate {
        #[serde(default)]
        pub days: Option<u32>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Generated {
        pub trips_added: u64,
        pub trips_changed: u64,
    }

    /// `GET staff/trips`: the caller's trips of the coming days, with their sales.
    #[serde(rename_all = "camelCase")]
    pub struct StaffTrips {
        pub trips: Vec<StaffTrip>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct StaffTrip {
        pub id: String,
        pub route_id: String,
        pub schedule_id: Option<String>,
        /// Dhaka wall clock, `YYYY-MM-DD HH:MM`.
        pub departs: String,
        pub seats: i64,
        pub sold: i64,
        /// The operator cancelled it (issue 37): off sale, its tickets refunded.
        #[serde(default)]
        pub cancelled: bool,
    }

    /// `POST staff/schedules/import`: the CSV's outcome. A file with any bad line writes nothing
    /// and answers 400 with every problem under `data.errors`.
    #[serde(rename_all = "camelCase")]
    pub struct ImportResult {
        pub dry_run: bool,
        pub schedules: u64,
        pub stops: u64,
        /// Schedules, routes and fares the file changed.
        pub changed: u64,
        /// Trips made (or changed) for the schedules, up to the horizon.
        pub trips: u64,
    }

    #[serde(rename_all = "camelCase")]
    pub struct CsvProblem {
        pub line: u64,
        pub column: String,
        pub message: StaffSaid,
    }

    /// `POST staff/schedules/import?dryRun=1`.
    #[serde(rename_all = "camelCase")]
    pub struct ImportQuery {
        #[serde(default)]
        pub dry_run: Option<String>,
    }

    /// A CSV file (`text/csv`).
    pub struct Csv {}

    /// A promo code: a flat amount or a percentage (with a cap), from a least fare, between two
    /// dates, for a number of uses and of uses per phone; for one operator's trips, or (admin)
    /// the site's.
    #[serde(rename_all = "camelCase")]
    pub struct StaffPromo {
        /// What travellers type: upper-case letters and digits, 3 to 20.
        pub code: String,
        /// `flat` (taka) or `percent`.
        pub kind: String,
        pub amount: i64,
        #[serde(default)]
        pub max_discount: Option<i64>,
        #[serde(default)]
        pub min_fare: i64,
        #[serde(default)]
        pub service: Option<Service>,
        /// First and last day it works (Dhaka dates).
        pub from_date: String,
        pub to_date: String,
        pub total_uses: i64,
        /// 1: once per phone.
        pub uses_per_phone: i64,
        #[serde(default)]
        pub operator_id: Option<String>,
        /// Answers only: the stored one exists (a save over it changes it).
        #[serde(default)]
        pub exists: bool,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Promos {
        pub promos: Vec<StaffPromo>,
    }

    /// A service's headline (the ticker of its home page), in both languages.
    #[serde(rename_all = "camelCase")]
    pub struct StaffHeadline {
        pub service: Service,
        pub text: String,
        #[serde(default)]
        pub text_bn: Option<String>,
        pub visible: bool,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Headlines {
        pub headlines: Vec<StaffHeadline>,
    }

    /// `POST staff/images`: the image's own bytes (PNG, JPEG or WebP, at most 1 MB and 4,096
    /// pixels a side), stored once by content; `path` serves it with a year's cache.
    #[serde(rename_all = "camelCase")]
    pub struct StaffImage {
        pub path: String,
        pub content_type: String,
        pub width: u32,
        pub height: u32,
        pub bytes: u32,
    }

    /// An image's bytes (`image/png`, `image/jpeg` or `image/webp`).
    pub struct ImageBytes {}

    /// A banner of a service's home page. Content of an operator is its manager's; of the
    /// site (no operator), an admin's. `visible` false takes it off the site.
    #[serde(rename_all = "camelCase")]
    pub struct StaffBanner {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub service: Service,
        pub title: String,
        /// An image uploaded with `staff/images` (its path).
        pub image: String,
        /// Where it leads: `https://...` or a path on this site.
        #[serde(default)]
        pub link: Option<String>,
        #[serde(default)]
        pub position: i64,
        pub visible: bool,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    /// An offer's image, with its promo code.
    #[serde(rename_all = "camelCase")]
    pub struct StaffOffer {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub title: String,
        pub image: String,
        #[serde(default)]
        pub promo_code: Option<String>,
        #[serde(default)]
        pub description: Option<String>,
        #[serde(default)]
        pub position: i64,
        pub visible: bool,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    /// A blog post: written in Markdown, rendered and sanitised by the server, read at `url`.
    #[serde(rename_all = "camelCase")]
    pub struct StaffBlog {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub title: String,
        pub summary: String,
        pub image: String,
        /// Markdown (raw HTML in it is shown as text).
        pub body: String,
        /// Answers only: where travellers read it.
        #[serde(default)]
        pub url: Option<String>,
        #[serde(default)]
        pub position: i64,
        pub visible: bool,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    /// A popular route of a service's home page: two cities, a title in both languages.
    #[serde(rename_all = "camelCase")]
    pub struct StaffPopularRoute {
        #[serde(default)]
        pub id: Option<String>,
        pub code: String,
        pub service: Service,
        pub from_city_id: String,
        pub to_city_id: String,
        pub title: String,
        #[serde(default)]
        pub title_bn: Option<String>,
        #[serde(default)]
        pub image: Option<String>,
        #[serde(default)]
        pub description: Option<String>,
        #[serde(default)]
        pub position: i64,
        pub visible: bool,
        #[serde(default)]
        pub operator_id: Option<String>,
        #[serde(default)]
        pub revision: Option<i64>,
    }

    /// `GET staff/content`: the caller's operators' content (an admin's: all).
    #[serde(rename_all = "camelCase")]
    pub struct Content {
        pub banners: Vec<StaffBanner>,
        pub offers: Vec<StaffOffer>,
        pub blogs: Vec<StaffBlog>,
        pub popular_routes: Vec<StaffPopularRoute>,
    }

    /// A sale window of the waiting room (issue 16), as the `SALE_WINDOWS` file writes one:
    /// which trips (service, routes by city id, travel dates), when sales open (`opensAt`,
    /// Dhaka wall clock, repeating), and how fast visitors are let in.
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct StaffSaleWindow {
        pub id: String,
        pub service: Service,
        #[serde(default)]
        pub routes: Vec<WindowRoute>,
        #[serde(default)]
        pub travel_dates: Option<WindowDates>,
        pub opens_at: String,
        #[serde(default)]
        pub repeat_every_minutes: Option<u32>,
        pub admit_per_minute: u32,
        #[serde(default = "ten")]
        pub admission_minutes: u32,
        #[serde(default = "thirty")]
        pub pre_queue_minutes: u32,
        #[serde(default = "one_twenty")]
        pub open_for_minutes: u32,
        /// False: the window is off (kept in the log).
        #[serde(default = "yes")]
        pub active: bool,
        /// Staff saves only: the revision read (null to create).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub revision: Option<i64>,
    }

    #[serde(deny_unknown_fields)]
    pub struct WindowRoute {
        pub from: String,
        pub to: String,
    }

    #[serde(deny_unknown_fields)]
    pub struct WindowDates {
        pub from: String,
        pub to: String,
    }

    /// `GET staff/sale-windows`.
    #[serde(rename_all = "camelCase")]
    pub struct SaleWindowList {
        pub windows: Vec<StaffSaleWindow>,
    }

    /// `GET staff/audit`: entries newest first, `before` a sequence number to page back.
    #[serde(rename_all = "camelCase")]
    pub struct AuditQuery {
        #[serde(default)]
        pub before: Option<i64>,
        #[serde(default)]
        pub limit: Option<u32>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct AuditPage {
        pub entries: Vec<AuditEntry>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct AuditEntry {
        pub seq: i64,
        /// Unix milliseconds.
        pub at: i64,
        pub user_id: String,
        pub phone: String,
        pub role: Role,
        pub operator_id: Option<String>,
        pub call: String,
        pub object: String,
        /// The object before and after, as JSON text (null: made, or removed).
        pub before: Option<String>,
        pub after: Option<String>,
        pub address: String,
        pub hash: String,
    }
}

/// One staff call: its path below `/v1/api/staff/`, method, the roles that may make it, and
/// whether it writes (every write appends one audit entry).
#[derive(Debug, Clone, Copy)]
pub struct StaffCall {
    pub name: StaffCallName,
    pub purpose: &'static str,
    pub method: Method,
    pub roles: &'static [Role],
    pub writes: bool,
    #[cfg(feature = "schema")]
    pub summary: &'static str,
    #[cfg(feature = "schema")]
    pub request_schema: super::calls::SchemaOf,
    #[cfg(feature = "schema")]
    pub response_schema: super::calls::SchemaOf,
}

impl StaffCall {
    pub fn path(&self) -> String {
        format!("/v1/api/staff/{}", self.purpose)
    }

    pub fn get(name: StaffCallName) -> &'static StaffCall {
        &STAFF_CALLS[name as usize]
    }
}

fn ten() -> u32 {
    10
}
fn thirty() -> u32 {
    30
}
fn one_twenty() -> u32 {
    120
}
fn yes() -> bool {
    true
}

#[cfg(feature = "schema")]
fn schema<T: schemars::JsonSchema>(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    g.subschema_for::<T>()
}

const NETWORK: &[Role] = &[Role::Admin, Role::Manager];
const ADMIN: &[Role] = &[Role::Admin];
const STAFF: &[Role] = &[Role::Admin, Role::Manager, Role::Counter, Role::Supervisor, Role::Finance];
const SALES: &[Role] = &[Role::Admin, Role::Manager, Role::Finance];
/// Who sees what a counter sells.
const DESK: &[Role] = &[Role::Admin, Role::Manager, Role::Counter];
/// Who sells at a counter (in their own shift).
const SELL: &[Role] = &[Role::Manager, Role::Counter];
/// Who boards travellers and closes boarding.
const BOARD: &[Role] = &[Role::Admin, Role::Manager, Role::Supervisor];
/// Who reads a trip's manifest.
const CREW: &[Role] = &[Role::Admin, Role::Manager, Role::Supervisor, Role::Counter];

macro_rules! staff_calls {
    ($( $name:ident: $method:ident $purpose:literal, $roles:ident, $writes:literal; $req:ident => $resp:ident; $summary:literal )*) => {
        /// Every staff call, one variant a row.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum StaffCallName { $($name),* }

        /// The table, in [`StaffCallName`] order.
        pub const STAFF_CALLS: &[StaffCall] = &[
            $(StaffCall {
                name: StaffCallName::$name,
                purpose: $purpose,
                method: Method::$method,
                roles: $roles,
                writes: $writes,
                #[cfg(feature = "schema")]
                summary: $summary,
                #[cfg(feature = "schema")]
                request_schema: schema::<$req>,
                #[cfg(feature = "schema")]
                response_schema: schema::<$resp>,
            }),*
        ];
    };
}

staff_calls! {
    Staff: Get "grants", NETWORK, false; Nothing => StaffList; "The staff the caller manages, with their grants"
    GrantAdd: Post "grants/add", NETWORK, true; GrantChange => StaffMember; "Give a phone a role"
    GrantRemove: Post "grants/remove", NETWORK, true; GrantChange => StaffMember; "Take a role away (ends the holder's logins)"
    TotpEnrol: Post "totp/enrol", STAFF, true; Nothing => TotpEnrolment; "Start setting up an authenticator"
    TotpConfirm: Post "totp/confirm", STAFF, true; TotpConfirm => RecoveryCodes; "Confirm the authenticator; answers recovery codes"
    Places: Get "places", NETWORK, false; Nothing => Places; "Cities and the caller's boarding and dropping points"
    SaveCity: Post "places/city", NETWORK, true; StaffCity => StaffCity; "Add or change a city"
    SavePoint: Post "places/point", NETWORK, true; StaffPoint => StaffPoint; "Add or change a boarding or dropping point"
    Routes: Get "routes", NETWORK, false; Nothing => Routes; "Routes the caller may schedule"
    SaveRoute: Post "routes", NETWORK, true; StaffRoute => StaffRoute; "Add or change a route"
    Layouts: Get "layouts", NETWORK, false; Nothing => Layouts; "Seat layouts the caller may use"
    Layout: Get "layouts/{id}", NETWORK, false; ById => StaffLayout; "One seat layout"
    SaveLayout: Post "layouts", NETWORK, true; StaffLayout => StaffLayout; "Add a layout, or a new version of one"
    Vehicles: Get "vehicles", NETWORK, false; Nothing => Vehicles; "Coaches and vessels"
    SaveVehicle: Post "vehicles", NETWORK, true; StaffVehicle => StaffVehicle; "Add or change a coach or vessel"
    Schedules: Get "schedules", NETWORK, false; Nothing => Schedules; "Schedules"
    SaveSchedule: Post "schedules", NETWORK, true; StaffSchedule => StaffSchedule; "Add or change a schedule (its future trips without sales follow)"
    ImportSchedules: Post "schedules/import", NETWORK, true; Csv => ImportResult; "Schedules from a CSV, all or nothing (?dryRun=1 checks only)"
    ExportSchedules: Get "schedules/export", NETWORK, false; Nothing => Csv; "Schedules as CSV, in the import's format"
    Fares: Get "fares", NETWORK, false; Nothing => FareList; "Fares"
    SaveFares: Post "fares", NETWORK, true; StaffFares => StaffFares; "Set the fares of a route and seat class, or of a period of travel dates (Eid fares)"
    Generate: Post "trips/generate", NETWORK, true; Generate => Generated; "Make the trips of the schedules up to a horizon"
    Trips: Get "trips", SALES, false; Nothing => StaffTrips; "Coming trips and their sales"
    Audit: Get "audit", NETWORK, false; AuditQuery => AuditPage; "The audit log, newest first"
    Promos: Get "promos", NETWORK, false; Nothing => Promos; "Promo codes of the caller's operators (an admin's: all)"
    SavePromo: Post "promos", NETWORK, true; StaffPromo => StaffPromo; "Add or change a promo code"
    Headlines: Get "headlines", ADMIN, false; Nothing => Headlines; "The services' headlines"
    SaveHeadline: Post "headlines", ADMIN, true; StaffHeadline => StaffHeadline; "Change a service's headline"
    UploadImage: Post "images", NETWORK, true; ImageBytes => StaffImage; "Upload a banner, offer or blog image (PNG, JPEG or WebP up to 1 MB)"
    Content: Get "content", NETWORK, false; Nothing => Content; "Banners, offers, blog posts and popular routes of the caller's operators"
    SaveBanner: Post "content/banners", NETWORK, true; StaffBanner => StaffBanner; "Add or change a banner"
    SaveOffer: Post "content/offers", NETWORK, true; StaffOffer => StaffOffer; "Add or change an offer"
    SaveBlog: Post "content/blogs", NETWORK, true; StaffBlog => StaffBlog; "Add or change a blog post (Markdown, rendered and sanitised here)"
    SavePopularRoute: Post "content/popular-routes", NETWORK, true; StaffPopularRoute => StaffPopularRoute; "Add or change a popular route"
    SaleWindows: Get "sale-windows", ADMIN, false; Nothing => SaleWindowList; "The waiting room's sale windows"
    SaveSaleWindow: Post "sale-windows", ADMIN, true; StaffSaleWindow => StaffSaleWindow; "Add or change a sale window (the waiting room follows within seconds)"
    Counters: Get "counters", DESK, false; Nothing => Counters; "The counters of the caller's operators"
    SaveCounter: Post "counters", NETWORK, true; StaffCounter => StaffCounter; "Add or change a counter"
    CounterTrips: Get "counter/trips", DESK, false; Nothing => CounterTrips; "Trips a counter sells now, today's and tomorrow's first"
    CounterTrip: Get "counter/trips/{id}", DESK, false; ById => CounterSeatMap; "A trip's seat map as a counter sells it"
    CounterSell: Post "counter/sell", SELL, true; CounterSell => CounterTicket; "Sell seats at the counter, in the seller's open shift"
    CounterCancel: Post "counter/cancel", SELL, true; ByPnr => CounterTicket; "Cancel a counter ticket; the cash refund comes from the seller's drawer"
    CounterReprint: Post "counter/reprint", SELL, true; ByPnr => CounterTicket; "A counter ticket again, to print (logged)"
    CounterPdf: Get "counter/pdf/{id}", SELL, false; ById => Pdf; "A counter ticket as the A4 e-ticket PDF (id: its PNR)"
    ShiftCurrent: Get "shifts/current", SELL, false; Nothing => CurrentShift; "The caller's open shift"
    ShiftOpen: Post "shifts/open", SELL, true; ShiftOpen => StaffShift; "Open a shift at a counter with a float"
    ShiftClose: Post "shifts/close", SELL, true; ShiftClose => StaffShift; "Close the caller's shift with the cash counted"
    Shifts: Get "shifts", SALES, false; Nothing => Shifts; "Shifts of the caller's operators' counters, newest first"
    Blocks: Get "blocks", NETWORK, false; Nothing => SeatBlocks; "Seats held back and online quotas on coming trips"
    SaveBlock: Post "blocks", NETWORK, true; SeatBlock => SeatBlock; "Hold seats of a trip or a schedule back for a channel"
    RemoveBlock: Post "blocks/remove", NETWORK, true; BlockRemove => SeatBlock; "Release held-back seats to sale"
    SetQuota: Post "quotas", NETWORK, true; OnlineQuota => OnlineQuota; "Set or lift the online quota of a trip or a schedule"
    SalesReport: Get "reports/sales", SALES, false; ReportQuery => SalesReport; "Sales per trip, day and channel (CSV with format=csv)"
    Settlement: Get "reports/settlement", SALES, false; ReportQuery => Settlement; "Per operator: web sales, gateway fees, commission, refunds, net"
    BoardingTrips: Get "boarding/trips", BOARD, false; Nothing => CounterTrips; "Trips to board now, today's and tomorrow's first"
    BoardingScan: Post "boarding/scan", BOARD, true; BoardingScan => ScanAnswer; "A boarding code scanned or a PNR typed (uploads later are idempotent by nonce; the earliest scan boards)"
    Manifest: Get "boarding/manifest/{id}", CREW, false; ById => Manifest; "Everyone booked on a trip, boarded or not (CSV with format=csv, an A4 PDF with format=pdf)"
    CloseBoarding: Post "boarding/close", BOARD, true; CloseBoarding => BoardingClosed; "Close boarding at the cut-off: unboarded tickets become no-shows, their seats the counter's"
    BoardingKeys: Get "boarding/keys", NETWORK, false; Nothing => BoardingKeys; "The operators' boarding-code keys"
    RotateKey: Post "boarding/keys/rotate", NETWORK, true; KeyChange => BoardingKey; "A new signing key; codes of the old ones stay valid"
    RetireKey: Post "boarding/keys/retire", NETWORK, true; KeyChange => BoardingKey; "Retire a key: its codes no longer verify"
    Devices: Get "boarding/devices", NETWORK, false; Nothing => BoardingDevices; "Phones enrolled to board offline"
    AddDevice: Post "boarding/devices", NETWORK, true; NewDevice => DeviceEnrolment; "A phone to enrol: its one-time code"
    EnrolDevice: Post "boarding/devices/enrol", BOARD, true; EnrolDevice => EnrolledDevice; "This phone takes an enrolment code: its device key"
    RevokeDevice: Post "boarding/devices/revoke", NETWORK, true; DeviceRevoke => BoardingDevice; "Revoke a phone: no more trip packs or offline scans"
    BoardingSettings: Get "boarding/settings", NETWORK, false; Nothing => BoardingSettings; "Each operator's boarding cut-off"
    SaveBoardingCutoff: Post "boarding/settings", NETWORK, true; BoardingCutoff => BoardingCutoff; "Set how long before departure boarding may close (0 to 180 minutes)"
    TripPack: Get "boarding/pack/{id}", BOARD, false; ById => TripPack; "A trip's pack for an enrolled phone (Device-Key): tickets, keys, revocations"
    Policies: Get "policies", NETWORK, false; Nothing => Policies; "Each operator's cancellation and date-change policy"
    SavePolicy: Post "policies", NETWORK, true; OperatorPolicy => OperatorPolicy; "Set an operator's policy (tickets keep the one they were sold under)"
    CancelTrip: Post "trips/cancel", NETWORK, true; TripCancel => TripCancellation; "Cancel a trip: every ticket refunded in full and told by SMS (safe to repeat)"
    TripCancellation: Get "trips/cancel/{id}", SALES, false; ById => TripCancellation; "How far a trip's cancellation has come"
    ChangeTrip: Post "trips/change", NETWORK, true; TripChange => TripChanged; "Move a trip's departure: its travellers are told by SMS and may cancel free"
    TripPoints: Get "trips/points/{id}", NETWORK, false; ById => TripPoints; "A trip's boarding and dropping points, and the places each may move to"
    MovePoint: Post "trips/points", NETWORK, true; PointMove => PointMoved; "Move a trip's point to another place of the city: its travellers are told by SMS and may cancel free"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staff_calls_are_in_name_order_with_unique_paths_and_roles() {
        for (i, call) in STAFF_CALLS.iter().enumerate() {
            assert_eq!(call.name as usize, i);
            assert!(!call.roles.is_empty());
            assert!(STAFF_CALLS.iter().filter(|c| c.purpose == call.purpose && c.method == call.method).count() == 1);
        }
        assert_eq!(StaffCall::get(StaffCallName::Audit).path(), "/v1/api/staff/audit");
    }
}
