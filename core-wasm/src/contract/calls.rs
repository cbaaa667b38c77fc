//! Every call of the ticket API, in one table: its name (the path purpose SPEC §7 gives), method,
//! the services it answers for, whether it honours an Idempotency-Key, whether its errors are a
//! payment block (SPEC §8), and its request and response types.
//!
//! The table is the single place a call is declared. The ticket API builds its router from it
//! (a call outside its scope is a 404 before any handler runs) and its OpenAPI document; the
//! site's client finds method and path here and its TypeScript types (`CallRow`, generated below)
//! type `api.call(name, service, body)`. Adding a call is a contract type, one row here and a
//! handler in ticket-api (whose router refuses to build without one).

use super::accounts::{
    LoginOtpRequest, LoginRequest, LoginResponse, LogoutResponse, Me, MyTicketsRequest, MyTicketsResponse,
};
use super::booking::{
    BusBooking, LaunchBooking, MaybePromo, PaymentPendingRequest, PromoRequest, SeatLockRequest, SeatLockResponse,
    SeatRemoveRequest, SeatRemoveResponse, SurpriseDeal, TxnRequest, UpdateGatewayRequest, UpdateGatewayResponse,
};
use super::content::{
    BannerQuery, BannersResponse, BlogsResponse, ById, CitiesResponse, HeadlineResponse, OfferImagesResponse,
    OperatorResponse, OperatorsResponse, PopularRouteResponse, PopularRoutesResponse,
};
use super::envelope::NoBody;
use super::queue::{QueueJoinRequest, QueueStanding, QueueStatusQuery};
use super::reservation::{ReservationAck, ReservationForm};
use super::seats::{BusSeatViewResponse, LaunchSeatViewResponse, SeatViewRequest};
use super::tickets::{
    CancelTicketRequest, CancelTicketResponse, ChangeTicketRequest, ChangeTicketResponse, Pdf, SearchTicketRequest,
    SearchTicketResponse, SendOtpByPhoneRequest, SendOtpRequest, SendOtpResponse, Ticket, TicketById,
};
use super::trips::{BusTripsResponse, LaunchTripsResponse, TripSearchRequest};
use crate::service::Service;

/// HTTP methods of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

/// Which path prefixes a call answers under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// `/v1/api/intercity/...` only.
    Bus,
    /// `/v1/api/water/...` only.
    Launch,
    /// Both services, each under its own prefix.
    Both,
    /// `/v1/api/common/...`.
    Common,
}

/// The prefix a call is made under: a service's, or the common one. In TypeScript `"BUS"`,
/// `"LAUNCH"` or `"COMMON"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Under {
    Bus,
    Launch,
    Common,
}

impl Under {
    /// The path segment: `intercity`, `water` or `common`.
    pub fn segment(self) -> &'static str {
        match self {
            Under::Bus => Service::Bus.api_segment(),
            Under::Launch => Service::Launch.api_segment(),
            Under::Common => "common",
        }
    }

    /// The service of a service prefix; `None` for common.
    pub fn service(self) -> Option<Service> {
        match self {
            Under::Bus => Some(Service::Bus),
            Under::Launch => Some(Service::Launch),
            Under::Common => None,
        }
    }
}

impl From<Service> for Under {
    fn from(service: Service) -> Under {
        match service {
            Service::Bus => Under::Bus,
            Service::Launch => Under::Launch,
        }
    }
}

impl Scope {
    /// The prefixes this scope answers under.
    pub fn prefixes(self) -> &'static [Under] {
        match self {
            Scope::Bus => &[Under::Bus],
            Scope::Launch => &[Under::Launch],
            Scope::Both => &[Under::Bus, Under::Launch],
            Scope::Common => &[Under::Common],
        }
    }

    pub fn serves(self, under: Under) -> bool {
        self.prefixes().contains(&under)
    }
}

/// A JSON Schema of a contract type, for the OpenAPI document.
#[cfg(feature = "schema")]
pub type SchemaOf = fn(&mut schemars::SchemaGenerator) -> schemars::Schema;

#[cfg(feature = "schema")]
fn schema<T: schemars::JsonSchema>(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    g.subschema_for::<T>()
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct CallSpec {
    pub name: CallName,
    /// The path below the prefix, as SPEC §7 names the purpose (`seat-lock`); a `{id}` segment is
    /// filled from the request's field of that name.
    pub purpose: &'static str,
    pub method: Method,
    pub scope: Scope,
    /// Changes state: the API answers a repeated Idempotency-Key with the first answer, and the
    /// client sends one (and may then retry the call).
    pub idempotent: bool,
    /// A failure is a payment block: the site shows its whole message list (SPEC §8).
    pub payment_block: bool,
    /// Counted against a limit per client address (token, OTP sends and tries, seat holds, the
    /// full-bus form): may answer 429 with `Retry-After`.
    pub limited: bool,
    /// Its request names the visitor (`anonymousId`, SPEC §6): the client fills in the visitor id
    /// its token was issued with, and the API refuses any other (DESIGN §3 "Identity").
    pub names_visitor: bool,
    /// Its request names the logged-in user (`userId`, SPEC §6 "Most calls send userId"): while
    /// a login is kept the client fills in its user, and the API refuses any other.
    pub names_user: bool,
    /// Needs a logged-in user's token (`common/login`): a visitor's token is refused with 401
    /// before the call runs, and so is a token whose login has ended (logout, expiry).
    pub needs_login: bool,
    /// Content the site shows offline: the service worker keeps its answers and shows the kept
    /// one while asking again (stale-while-revalidate, app/build/service-worker-routes.ts). The
    /// same for every visitor, so never a call that names one, a user or a login.
    pub offline: bool,
    /// Answers a file (the e-ticket PDF), not a JSON envelope.
    pub file: bool,
    /// For the OpenAPI document only (not in the browser's module).
    #[cfg(feature = "schema")]
    pub summary: &'static str,
    #[cfg(feature = "schema")]
    pub request_schema: SchemaOf,
    #[cfg(feature = "schema")]
    pub response_schema: SchemaOf,
}

impl CallSpec {
    /// The path under `under`, `{id}`-style segments left for the caller: `/v1/api/water/seat-lock`.
    pub fn path(&self, under: Under) -> String {
        format!("/v1/api/{}/{}", under.segment(), self.purpose)
    }

    /// The request's path parameters: the `{name}` segments of the purpose.
    pub fn path_params(&self) -> impl Iterator<Item = &'static str> {
        self.purpose.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
    }

    /// The path and query of a request of this call: `{name}` segments filled from the request's
    /// fields of those names, and for a GET every other field as the query string. Values are
    /// percent-encoded; a missing path field is an error naming it.
    pub fn request_path(&self, under: Under, fields: &[(String, String)]) -> Result<String, MissingField> {
        let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let mut path = format!("/v1/api/{}", under.segment());
        for segment in self.purpose.split('/') {
            path.push('/');
            match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(name) => match field(name).filter(|v| !v.is_empty()) {
                    Some(value) => percent_encode(value, &mut path),
                    None => return Err(MissingField(name)),
                },
                None => path.push_str(segment),
            }
        }
        if self.method == Method::Get {
            let params: Vec<&str> = self.path_params().collect();
            let mut first = true;
            for (name, value) in fields.iter().filter(|(k, _)| !params.contains(&k.as_str())) {
                path.push(if first { '?' } else { '&' });
                first = false;
                percent_encode(name, &mut path);
                path.push('=');
                percent_encode(value, &mut path);
            }
        }
        Ok(path)
    }

    /// The row of `purpose` that answers under `under`.
    pub fn find(purpose: &str, under: Under) -> Option<&'static CallSpec> {
        CALLS.iter().find(|c| c.purpose_name() == purpose && c.scope.serves(under))
    }

    /// The purpose without path parameters: `download-ticket-pdf`, `queue/join`.
    pub fn purpose_name(&self) -> &'static str {
        self.purpose.split_once("/{").map_or(self.purpose, |(name, _)| name)
    }

    pub fn get(name: CallName) -> &'static CallSpec {
        &CALLS[name as usize]
    }
}

/// A path parameter the request does not give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissingField(pub &'static str);

impl std::fmt::Display for MissingField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is required", self.0)
    }
}

impl std::error::Error for MissingField {}

/// RFC 3986 percent-encoding of everything but the unreserved characters.
fn percent_encode(value: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0x0f)]));
        }
    }
}

macro_rules! scope_ts {
    (Bus) => {
        "\"BUS\""
    };
    (Launch) => {
        "\"LAUNCH\""
    };
    (Both) => {
        "\"BUS\" | \"LAUNCH\""
    };
    (Common) => {
        "\"COMMON\""
    };
}

macro_rules! flag {
    (idempotent, idempotent) => {
        true
    };
    (payment_block, payment_block) => {
        true
    };
    (limited, limited) => {
        true
    };
    (visitor, visitor) => {
        true
    };
    (user, user) => {
        true
    };
    (login, login) => {
        true
    };
    (offline, offline) => {
        true
    };
    ($a:ident, $b:ident) => {
        false
    };
}

/// `calls! { Name: METHOD "purpose", Scope [flags]; Request => Response; "summary" }`: the enum
/// of names, the table, and the TypeScript rows. Flags: `idempotent`, `payment_block`, `limited`,
/// `visitor` (names the visitor), `user` (names the logged-in user), `login` (needs a logged-in
/// user), `offline` (content the service worker keeps).
macro_rules! calls {
    ($( $name:ident: $method:ident $purpose:literal $(/ $param:literal)?, $scope:ident [$($flag:ident)*]; $req:ident => $resp:ident; $summary:literal )*) => {
        /// Every call, one variant a row (a purpose whose types differ per service has a row each).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum CallName { $($name),* }

        /// The table, in [`CallName`] order.
        pub const CALLS: &[CallSpec] = &[
            $(CallSpec {
                name: CallName::$name,
                purpose: concat!($purpose $(, "/", $param)?),
                method: Method::$method,
                scope: Scope::$scope,
                idempotent: false $(|| flag!(idempotent, $flag))*,
                payment_block: false $(|| flag!(payment_block, $flag))*,
                limited: false $(|| flag!(limited, $flag))*,
                names_visitor: false $(|| flag!(visitor, $flag))*,
                names_user: false $(|| flag!(user, $flag))*,
                needs_login: false $(|| flag!(login, $flag))*,
                offline: false $(|| flag!(offline, $flag))*,
                file: matches!(stringify!($resp).as_bytes(), b"Pdf"),
                #[cfg(feature = "schema")]
                summary: $summary,
                #[cfg(feature = "schema")]
                request_schema: schema::<$req>,
                #[cfg(feature = "schema")]
                response_schema: schema::<$resp>,
            }),*
        ];

        /// The type names of the TypeScript rows are Rust types of the contract: this fails to
        /// compile when one is not.
        #[allow(dead_code)]
        fn types_exist() {
            $(let _: Option<($req, $resp)> = None;)*
        }

        /// The calls as TypeScript sees them: one row per call and scope, which types
        /// `api.call(name, service, body)` in the site.
        pub const CALLS_TS: &str = concat!(
            "/** Every call of the ticket API (core-wasm/src/contract/calls.rs). */\nexport type CallRow =\n",
            $("  | { name: \"", $purpose, "\"; service: ", scope_ts!($scope), "; request: ", stringify!($req),
              "; response: ", stringify!($resp), " }\n",)*
            ";\n",
        );
    };
}

calls! {
    Headline: Get "get-head-line", Both [offline]; NoBody => HeadlineResponse; "Headline of the service's ticker"
    Blogs: Get "blogs", Both [offline]; NoBody => BlogsResponse; "Blog posts"
    Offers: Get "offer-and-promo-images", Both [offline]; NoBody => OfferImagesResponse; "Offer and promo images"
    Cities: Get "cities", Both [offline]; NoBody => CitiesResponse; "Cities the service stops at"
    Operators: Get "operators", Both [offline]; NoBody => OperatorsResponse; "Operators (bus companies or launch owners)"
    Operator: Get "operator", Both [offline]; ById => OperatorResponse; "An operator's page"
    PopularRoutes: Get "popular-routes", Both [offline]; NoBody => PopularRoutesResponse; "Popular routes"
    PopularRoute: Get "popular-route", Both [offline]; ById => PopularRouteResponse; "A popular route"
    Banners: Get "banners", Both [offline]; BannerQuery => BannersResponse; "Banners of a module (intercity or water)"
    BusTrips: Post "get-schedule-trips", Bus [visitor user]; TripSearchRequest => BusTripsResponse;
        "Bus departures between two cities on a date"
    LaunchTrips: Post "get-schedule-trips", Launch []; TripSearchRequest => LaunchTripsResponse;
        "Launch departures between two places on a date"
    BusSeatView: Post "get-seat-view", Bus [visitor user]; SeatViewRequest => BusSeatViewResponse;
        "A bus trip's seats for a segment"
    LaunchSeatView: Post "get-seat-view", Launch [visitor user]; SeatViewRequest => LaunchSeatViewResponse;
        "A launch trip's classes, cabins and seats"
    SeatLock: Post "seat-lock", Both [idempotent limited visitor user]; SeatLockRequest => SeatLockResponse;
        "Hold up to 4 seats for the visitor (409 names a seat someone else holds)"
    BusPaymentPending: Post "payment-pending", Bus [idempotent payment_block visitor user]; PaymentPendingRequest => BusBooking;
        "Passenger details for the visitor's hold: a bus booking with its invoice"
    LaunchPaymentPending: Post "payment-pending", Launch [idempotent payment_block visitor user]; PaymentPendingRequest => LaunchBooking;
        "Passenger details for the visitor's hold: a launch booking with its invoice"
    PassengerDetailsPayment: Post "passenger-details-payment", Launch [idempotent payment_block visitor user];
        PaymentPendingRequest => LaunchBooking;
        "Launch passenger details for the visitor's hold (as payment-pending)"
    UpdateGateway: Post "update-gateway", Both [idempotent payment_block]; UpdateGatewayRequest => UpdateGatewayResponse;
        "Choose the payment gateway: where to send the traveller"
    ConfirmTicket: Post "confirm-ticket", Both [idempotent]; TxnRequest => Ticket;
        "The ticket of a paid booking (idempotent)"
    TicketInfo: Post "get-ticket-info-by-txn-id", Both []; TxnRequest => Ticket; "A ticket by transaction id"
    BusBookingInfo: Post "get-booking-info-by-txn-id", Bus []; TxnRequest => BusBooking;
        "A bus booking by transaction id"
    LaunchBookingInfo: Post "get-booking-info-by-txn-id", Launch []; TxnRequest => LaunchBooking;
        "A launch booking by transaction id"
    SeatRemove: Post "payment-seat-remove", Launch [idempotent]; SeatRemoveRequest => SeatRemoveResponse;
        "Drop one seat from a pending launch booking; amounts recomputed"
    CheckPromo: Post "check-promo-code", Both []; PromoRequest => MaybePromo;
        "What a promo code would give (data null: invalid)"
    ApplyPromo: Post "apply-promo-code", Both [idempotent]; PromoRequest => MaybePromo;
        "Apply a promo code or claim a surprise deal (data null: invalid)"
    RemovePromo: Post "remove-promo-code", Bus [idempotent]; TxnRequest => MaybePromo;
        "Remove the promo: full amount again"
    SurpriseDeal: Post "get-surprise-deal", Both []; TxnRequest => SurpriseDeal;
        "Sometimes a deal for the booking, claimable for 120 s (404: Sorry!! No deal found now.)"
    SearchTicket: Post "search-ticket", Both [limited visitor]; SearchTicketRequest => SearchTicketResponse;
        "The phone's tickets, newest first, with the OTP sent to it"
    CancelTicket: Post "cancel-ticket", Both [idempotent limited]; CancelTicketRequest => CancelTicketResponse;
        "Cancel a ticket with the OTP sent to its phone: refund per policy"
    ChangeTicket: Post "change-ticket", Both [idempotent limited]; ChangeTicketRequest => ChangeTicketResponse;
        "Move a ticket, with the OTP sent to its phone, to the caller's pending booking on another date of its route: the fee per policy, the difference paid or refunded"
    TicketPdf: Get "download-ticket-pdf" / "{id}", Both []; TicketById => Pdf;
        "The e-ticket as a PDF (PNR, passenger, route, times, points, seats, fares, QR code)"
    BusReservation: Post "bus-reservation", Bus [idempotent limited]; ReservationForm => ReservationAck;
        "A full-bus reservation request (fields of SPEC §3)"
    SendOtp: Post "send-otp", Common [limited]; SendOtpRequest => SendOtpResponse;
        "An OTP to cancel a ticket or change its date (action), sent to the ticket's phone"
    SendOtpByPhone: Post "send-otp-by-phone", Common [limited]; SendOtpByPhoneRequest => SendOtpResponse;
        "An OTP to find a phone's tickets"
    LoginOtp: Post "login-otp", Common [limited]; LoginOtpRequest => SendOtpResponse;
        "An OTP to log in, sent to the phone (the same limits as the other OTPs; a login code only logs in)"
    Login: Post "login", Common [limited visitor]; LoginRequest => LoginResponse;
        "Log in with the phone and its OTP, with the visitor's token: a user token; the visitor's holds and pending bookings become the user's"
    Me: Get "me", Common [login]; NoBody => Me;
        "The logged-in user: id, phone, and the name of their latest booking"
    Logout: Post "logout", Common [login]; NoBody => LogoutResponse;
        "End the login: its token is refused from now on"
    MyTickets: Post "my-tickets", Common [login visitor user]; MyTicketsRequest => MyTicketsResponse;
        "The user's bus and launch tickets, newest first: theirs and their phone's"
    QueueJoin: Post "queue/join", Common []; QueueJoinRequest => QueueStanding;
        "A place in the Eid sale queue of the trip's sale window (the visitor's own, if they have one)"
    QueueStatus: Get "queue/status", Common []; QueueStatusQuery => QueueStanding;
        "Where the visitor's place stands: position, wait, and the admission once their turn comes"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_the_service_worker_keeps_is_the_same_for_everyone() {
        let kept: Vec<&str> = CALLS.iter().filter(|c| c.offline).map(|c| c.purpose).collect();
        assert_eq!(kept.len(), 9, "the home pages' content calls: {kept:?}");
        for call in CALLS.iter().filter(|c| c.offline) {
            assert_eq!(call.method, Method::Get, "{}", call.purpose);
            assert!(
                !(call.idempotent || call.names_visitor || call.names_user || call.needs_login),
                "{}",
                call.purpose
            );
        }
    }

    #[test]
    fn the_table_is_in_name_order() {
        for (i, call) in CALLS.iter().enumerate() {
            assert_eq!(call.name as usize, i, "{:?}", call.name);
            assert_eq!(CallSpec::get(call.name).purpose, call.purpose);
        }
    }

    #[test]
    fn one_row_answers_each_purpose_and_prefix() {
        for call in CALLS {
            for under in call.scope.prefixes() {
                let rows = CALLS.iter().filter(|c| c.purpose == call.purpose && c.scope.serves(*under)).count();
                assert_eq!(rows, 1, "{} under {under:?}", call.purpose);
                assert_eq!(CallSpec::find(call.purpose_name(), *under).map(|c| c.name), Some(call.name));
            }
        }
    }

    #[test]
    fn scope_decides_where_a_call_answers() {
        let remove = CallSpec::get(CallName::RemovePromo);
        assert_eq!(remove.path(Under::Bus), "/v1/api/intercity/remove-promo-code");
        assert!(CallSpec::find("remove-promo-code", Under::Launch).is_none());
        assert!(CallSpec::find("payment-seat-remove", Under::Bus).is_none());
        assert_eq!(CallSpec::get(CallName::SendOtp).path(Under::Common), "/v1/api/common/send-otp");
        assert_eq!(CallSpec::get(CallName::TicketPdf).path_params().collect::<Vec<_>>(), ["id"]);
    }

    #[test]
    fn a_request_path_fills_path_fields_and_a_get_query() {
        let f = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>();
        let pdf = CallSpec::get(CallName::TicketPdf);
        assert_eq!(
            pdf.request_path(Under::Bus, &f(&[("id", "ticket/1 ২")])).as_deref(),
            Ok("/v1/api/intercity/download-ticket-pdf/ticket%2F1%20%E0%A7%A8")
        );
        assert_eq!(pdf.request_path(Under::Bus, &[]), Err(MissingField("id")));
        let banners = CallSpec::get(CallName::Banners);
        assert_eq!(
            banners.request_path(Under::Launch, &f(&[("moduleType", "water")])).as_deref(),
            Ok("/v1/api/water/banners?moduleType=water")
        );
        let lock = CallSpec::get(CallName::SeatLock);
        assert_eq!(
            lock.request_path(Under::Bus, &f(&[("tripId", "t1")])).as_deref(),
            Ok("/v1/api/intercity/seat-lock")
        );
    }

    #[test]
    fn state_changing_calls_are_idempotent() {
        let idempotent: Vec<&str> = CALLS.iter().filter(|c| c.idempotent).map(|c| c.purpose).collect();
        for purpose in ["seat-lock", "payment-pending", "update-gateway", "confirm-ticket", "cancel-ticket"] {
            assert!(idempotent.contains(&purpose), "{purpose}");
        }
        assert!(CALLS.iter().filter(|c| c.method == Method::Get).all(|c| !c.idempotent));
    }

    #[test]
    fn the_account_calls_are_common_and_need_a_login_where_they_read_the_user() {
        let login: Vec<&str> = CALLS.iter().filter(|c| c.needs_login).map(|c| c.purpose).collect();
        assert_eq!(login, ["me", "logout", "my-tickets"]);
        for name in [CallName::LoginOtp, CallName::Login, CallName::Me, CallName::Logout, CallName::MyTickets] {
            assert_eq!(CallSpec::get(name).scope, Scope::Common);
        }
        assert_eq!(CallSpec::get(CallName::Login).path(Under::Common), "/v1/api/common/login");
        assert!(CallSpec::get(CallName::Login).limited && CallSpec::get(CallName::LoginOtp).limited);
        // A login consumes its code: a repeat must not replay an answer holding a token.
        assert!(!CallSpec::get(CallName::Login).idempotent);
    }

    #[test]
    fn the_client_names_the_user_in_the_calls_of_a_journey_and_my_tickets() {
        let user: Vec<&str> = CALLS.iter().filter(|c| c.names_user).map(|c| c.purpose).collect();
        assert_eq!(
            user,
            [
                "get-schedule-trips",
                "get-seat-view",
                "get-seat-view",
                "seat-lock",
                "payment-pending",
                "payment-pending",
                "passenger-details-payment",
                "my-tickets"
            ]
        );
        // SPEC §6: userId, with anonymousId added; the launch search sends filters only (SPEC §7).
        assert!(CALLS.iter().filter(|c| c.names_user).all(|c| c.names_visitor));
        assert!(!CallSpec::get(CallName::LaunchTrips).names_user);
    }

    /// A row that names the user has a request with a `userId` to fill (checked where the
    /// contract's schemas are built, as for the ticket API's OpenAPI document).
    #[cfg(feature = "schema")]
    #[test]
    fn a_row_that_names_the_user_has_a_user_id_field() {
        for call in CALLS {
            let mut generator = schemars::SchemaGenerator::default();
            let schema = (call.request_schema)(&mut generator);
            let reference = schema.get("$ref").and_then(|r| r.as_str()).and_then(|r| r.rsplit('/').next());
            let definitions = generator.definitions();
            let object = reference.and_then(|name| definitions.get(name)).unwrap_or(schema.as_value());
            let has = object.get("properties").and_then(|p| p.get("userId")).is_some();
            if call.names_user {
                assert!(has, "{} sends no userId", call.purpose);
            }
        }
    }

    #[test]
    fn typescript_rows_name_each_call_and_its_types() {
        assert!(
            CALLS_TS.contains(
                "{ name: \"remove-promo-code\"; service: \"BUS\"; request: TxnRequest; response: MaybePromo }"
            )
        );
        assert!(CALLS_TS.contains("{ name: \"seat-lock\"; service: \"BUS\" | \"LAUNCH\";"));
        assert_eq!(CALLS_TS.matches("| { name:").count(), CALLS.len());
    }
}
