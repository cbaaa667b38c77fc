//! The ticket-API client against a fake transport: token, 401 re-auth, retries, idempotency,
//! error toasts, token cookie, and a login kept beside the visitor (issue 13).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use core_wasm::api::cookie::{TOKEN_COOKIE, read_cookie, token_cookie};
use core_wasm::api::{
    Call, Client, ErrorKind, HttpRequest, HttpResponse, Method, SerdeJson, TokenStore, Transport, TransportError,
};
use core_wasm::contract::auth::TokenResponse;
use serde_json::json;

/// Runs a future whose every await is ready at once (the fake never waits).
fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

type Answer = Result<HttpResponse, TransportError>;

#[derive(Default)]
struct FakeTransport {
    answers: RefCell<VecDeque<Answer>>,
    sent: RefCell<Vec<HttpRequest>>,
    slept: RefCell<Vec<u32>>,
}

impl FakeTransport {
    fn answering(answers: Vec<Answer>) -> Self {
        FakeTransport { answers: RefCell::new(answers.into()), ..Default::default() }
    }
    fn paths(&self) -> Vec<String> {
        self.sent.borrow().iter().map(|r| r.url.clone()).collect()
    }
}

impl Transport for &FakeTransport {
    type File = Vec<u8>;

    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        self.sent.borrow_mut().push(request);
        self.answers.borrow_mut().pop_front().unwrap_or_else(|| Err(TransportError("no more answers".into())))
    }
    async fn sleep(&self, ms: u32) {
        self.slept.borrow_mut().push(ms);
    }
}

/// A token store over a fake `document.cookie`, using the same cookie text as the browser, and a
/// fake local storage for the visitor id and refresh token, and the login's user.
#[derive(Default)]
struct CookieJar(RefCell<String>, RefCell<Option<(Option<String>, Option<String>)>>, RefCell<Option<String>>);

impl CookieJar {
    fn with_cookie(cookie: &str) -> CookieJar {
        CookieJar(RefCell::new(cookie.into()), RefCell::default(), RefCell::default())
    }
    fn token(&self) -> Option<String> {
        read_cookie(&self.0.borrow(), TOKEN_COOKIE)
    }
}

impl TokenStore for &CookieJar {
    fn load(&self) -> Option<String> {
        read_cookie(&self.0.borrow(), TOKEN_COOKIE)
    }
    fn save(&self, token: &TokenResponse) {
        *self.0.borrow_mut() = token_cookie(&token.access_token, token.expires_in);
        *self.1.borrow_mut() = Some((token.visitor_id.clone(), token.refresh_token.clone()));
    }
    fn clear(&self) {
        self.0.borrow_mut().clear();
    }
    fn visitor(&self) -> Option<String> {
        self.1.borrow().clone().and_then(|(v, _)| v)
    }
    fn refresh_token(&self) -> Option<String> {
        self.1.borrow().clone().and_then(|(_, r)| r)
    }
    fn user(&self) -> Option<String> {
        self.2.borrow().clone()
    }
    fn save_login(&self, user_id: &str, access_token: &str, expires_in: u32) {
        *self.0.borrow_mut() = token_cookie(access_token, expires_in);
        *self.2.borrow_mut() = Some(user_id.into());
    }
    fn clear_login(&self) {
        self.0.borrow_mut().clear();
        *self.2.borrow_mut() = None;
    }
}

fn ok(body: serde_json::Value) -> Answer {
    Ok(HttpResponse { status: 200, body: body.to_string(), file: None })
}
fn status(code: u16, body: serde_json::Value) -> Answer {
    Ok(HttpResponse { status: code, body: body.to_string(), file: None })
}
fn token(t: &str) -> Answer {
    ok(json!({"access_token": t, "token_type": "Bearer", "expires_in": 3600}))
}
fn envelope(data: serde_json::Value) -> Answer {
    ok(json!({"statusCode": 200, "message": "Success", "data": data}))
}
fn net_down() -> Answer {
    Err(TransportError("connection refused".into()))
}

fn header<'a>(r: &'a HttpRequest, name: &str) -> Option<&'a str> {
    r.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

const CITIES: &str = "/v1/api/intercity/cities";

#[test]
fn first_call_fetches_a_token_stores_it_in_the_cookie_and_sends_it() {
    let net = FakeTransport::answering(vec![token("t1"), envelope(json!({"cities": []}))]);
    let jar = CookieJar::default();
    let client = Client::new("http://api.test/", &net, &jar, SerdeJson);
    let data = block_on(client.call(&Call::get(CITIES))).expect("success");
    assert_eq!(data, json!({"cities": []}));
    assert_eq!(net.paths(), ["http://api.test/oauth/access_token", "http://api.test/v1/api/intercity/cities"]);
    let token_request: serde_json::Value =
        serde_json::from_str(net.sent.borrow()[0].body.as_deref().unwrap_or("")).expect("json");
    assert_eq!(
        token_request,
        json!({"grant_type": "client_credentials", "client_id": "web"}),
        "no secret is ever sent"
    );
    assert_eq!(header(&net.sent.borrow()[1], "Authorization"), Some("Bearer t1"));
    assert!(jar.0.borrow().starts_with("token=t1; Max-Age=3600;"));
}

#[test]
fn a_stored_token_is_reused() {
    let net = FakeTransport::answering(vec![envelope(json!(1))]);
    let jar = CookieJar::with_cookie("other=1; token=kept");
    let client = Client::new("", &net, &jar, SerdeJson);
    assert_eq!(block_on(client.call(&Call::get(CITIES))), Ok(json!(1)));
    assert_eq!(net.paths(), [CITIES]);
    assert_eq!(header(&net.sent.borrow()[0], "Authorization"), Some("Bearer kept"));
}

#[test]
fn a_401_fetches_a_new_token_once_and_retries() {
    let expired = json!({"statusCode": 401, "message": "Token expired", "error": "Unauthorized"});
    let net = FakeTransport::answering(vec![status(401, expired), token("fresh"), envelope(json!("ok"))]);
    let jar = CookieJar::with_cookie("token=stale");
    let client = Client::new("", &net, &jar, SerdeJson);
    assert_eq!(block_on(client.call(&Call::post(CITIES, "{}".into()))), Ok(json!("ok")));
    assert_eq!(net.paths(), [CITIES, "/oauth/access_token", CITIES]);
    assert_eq!(header(&net.sent.borrow()[2], "Authorization"), Some("Bearer fresh"));
    assert_eq!(read_cookie(&jar.0.borrow(), TOKEN_COOKIE).as_deref(), Some("fresh"));
}

#[test]
fn a_second_401_is_passed_on() {
    let denied = json!({"statusCode": 401, "message": "Unauthorized", "error": "Unauthorized"});
    let net = FakeTransport::answering(vec![status(401, denied.clone()), token("t2"), status(401, denied)]);
    let jar = CookieJar::with_cookie("token=t1");
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&Call::get(CITIES))).expect_err("refused");
    assert_eq!((err.kind, err.status, err.toast.as_str()), (ErrorKind::Auth, Some(401), "Unauthorized"));
    assert_eq!(net.sent.borrow().len(), 3, "exactly one re-authentication");
}

#[test]
fn three_5xx_then_success_is_a_success_after_backoff() {
    let busy = json!({"statusCode": 503, "message": "Busy"});
    let net = FakeTransport::answering(vec![
        status(503, busy.clone()),
        status(502, busy.clone()),
        status(500, busy),
        envelope(json!("finally")),
    ]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    assert_eq!(block_on(client.call(&Call::get(CITIES))), Ok(json!("finally")));
    assert_eq!(*net.slept.borrow(), [200, 400, 800]);
}

#[test]
fn four_5xx_is_a_failure_after_three_retries() {
    let busy = json!({"statusCode": 503, "message": "Service busy, try again"});
    let net = FakeTransport::answering(vec![status(503, busy.clone()); 5]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&Call::get(CITIES))).expect_err("gives up");
    assert_eq!((err.kind, err.status), (ErrorKind::Http, Some(503)));
    assert_eq!(err.toast, "Service busy, try again");
    assert_eq!(net.sent.borrow().len(), 4, "1 try + 3 retries");
}

#[test]
fn network_errors_are_retried_then_reported_with_the_fallback_toast() {
    let net = FakeTransport::answering(vec![net_down(), net_down(), net_down(), net_down()]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&Call::get(CITIES))).expect_err("offline");
    assert_eq!((err.kind, err.status), (ErrorKind::Network, None));
    assert_eq!(err.toast, "Something went wrong!");
    assert_eq!(net.sent.borrow().len(), 4);
}

#[test]
fn a_post_without_idempotency_key_is_never_repeated() {
    let net = FakeTransport::answering(vec![net_down(), envelope(json!("would double-book"))]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&Call::post("/v1/api/intercity/seat-lock", "{}".into()))).expect_err("not repeated");
    assert_eq!(err.kind, ErrorKind::Network);
    assert_eq!(net.sent.borrow().len(), 1);
}

#[test]
fn a_post_with_idempotency_key_is_repeated_with_the_same_key() {
    let net = FakeTransport::answering(vec![status(500, json!({})), envelope(json!({"locked": true}))]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let call =
        Call::post_json("/v1/api/intercity/seat-lock", &json!({"seats": ["A1"]})).expect("json").idempotent("k-1");
    assert_eq!(block_on(client.call(&call)), Ok(json!({"locked": true})));
    let sent = net.sent.borrow();
    assert_eq!(sent.len(), 2);
    assert!(sent.iter().all(|r| header(r, "Idempotency-Key") == Some("k-1") && r.method == Method::Post));
    assert_eq!(sent[0].body, sent[1].body);
}

#[test]
fn a_4xx_is_not_retried_and_its_first_message_is_the_toast() {
    let invalid = json!({"statusCode": 400, "message": ["Phone number must be 11 digits", "name is required"], "error": "Bad Request"});
    let net = FakeTransport::answering(vec![status(400, invalid)]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&Call::get(CITIES))).expect_err("bad request");
    assert_eq!(err.toast, "Phone number must be 11 digits");
    assert_eq!(net.sent.borrow().len(), 1);
}

#[test]
fn a_payment_block_shows_the_whole_list() {
    let blocked =
        json!({"statusCode": 400, "message": ["Seat A1 is taken", "Seat A2 is taken"], "error": "Bad Request"});
    let net = FakeTransport::answering(vec![status(400, blocked)]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let mut call = Call::post("/v1/api/intercity/payment-pending", "{}".into());
    call.is_payment_block = true;
    let err = block_on(client.call(&call)).expect_err("blocked");
    assert_eq!(err.toast, "Seat A1 is taken\nSeat A2 is taken");
}

#[test]
fn an_answer_that_is_not_an_envelope_is_a_decode_error() {
    let net =
        FakeTransport::answering(vec![Ok(HttpResponse { status: 200, body: "<html>proxy</html>".into(), file: None })]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&Call::get(CITIES))).expect_err("not json");
    assert_eq!((err.kind, err.toast.as_str()), (ErrorKind::Decode, "Something went wrong!"));
}

#[test]
fn typed_calls_decode_the_contract() {
    use core_wasm::contract::content::CitiesResponse;
    let net = FakeTransport::answering(vec![envelope(json!({"cities": [{"_id": "c1", "name": "Sylhet"}]}))]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let cities: CitiesResponse = block_on(client.call_as(&Call::get(CITIES))).expect("typed");
    assert_eq!(cities.cities[0].name, "Sylhet");
}

#[test]
fn a_failed_token_request_is_an_auth_error() {
    let net = FakeTransport::answering(vec![status(
        400,
        json!({"statusCode": 400, "message": "unknown client", "error": "Bad Request"}),
    )]);
    let jar = CookieJar::default();
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&Call::get(CITIES))).expect_err("no token");
    assert_eq!((err.kind, err.toast.as_str()), (ErrorKind::Auth, "unknown client"));
}

#[test]
fn a_file_call_returns_the_bytes_as_sent() {
    let pdf = b"%PDF-1.7\n\xff\xfe binary".to_vec();
    let net =
        FakeTransport::answering(vec![Ok(HttpResponse { status: 200, body: String::new(), file: Some(pdf.clone()) })]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    let call = Call { file: true, ..Call::get("/v1/api/intercity/download-ticket-pdf/t1") };
    let bytes = block_on(client.call_file(&call)).expect("file");
    assert_eq!(bytes, pdf);
    assert!(net.sent.borrow()[0].file, "the transport is asked for bytes");
}

#[test]
fn an_expired_token_is_renewed_for_the_same_visitor_and_calls_name_that_visitor() {
    let first = ok(
        json!({"access_token": "t1", "token_type": "Bearer", "expires_in": 3600, "visitor_id": "v1", "refresh_token": "r1.sig"}),
    );
    let expired = json!({"statusCode": 401, "message": "Unauthorized", "error": "Unauthorized"});
    let renewed = ok(
        json!({"access_token": "t2", "token_type": "Bearer", "expires_in": 3600, "visitor_id": "v1", "refresh_token": "r2.sig"}),
    );
    let net =
        FakeTransport::answering(vec![first, envelope(json!(1)), status(401, expired), renewed, envelope(json!(2))]);
    let jar = CookieJar::default();
    let client = Client::new("", &net, &jar, SerdeJson);
    let lock = || Call {
        names_visitor: true,
        ..Call::post("/v1/api/intercity/seat-lock", r#"{"tripId":"t","anonymousId":"not-mine"}"#.into())
    };
    assert_eq!(block_on(client.call(&lock())), Ok(json!(1)));
    assert_eq!(block_on(client.call(&lock())), Ok(json!(2)));
    let sent = net.sent.borrow();
    let body = |i: usize| serde_json::from_str::<serde_json::Value>(sent[i].body.as_deref().unwrap_or("")).unwrap();
    assert_eq!(body(1), json!({"tripId": "t", "anonymousId": "v1"}), "the token's visitor, whatever the page wrote");
    assert_eq!(body(3), json!({"grant_type": "refresh_token", "client_id": "web", "refresh_token": "r1.sig"}));
    assert_eq!(body(4)["anonymousId"], "v1", "renewed: the same visitor");
}

#[test]
fn a_refused_refresh_makes_a_new_visitor() {
    let refused = json!({"error": "invalid_grant", "error_description": "wrong credentials"});
    let fresh = ok(
        json!({"access_token": "t9", "token_type": "Bearer", "expires_in": 3600, "visitor_id": "v9", "refresh_token": "r9"}),
    );
    let net = FakeTransport::answering(vec![status(400, refused), fresh, envelope(json!("ok"))]);
    let jar = CookieJar(
        RefCell::new(String::new()),
        RefCell::new(Some((Some("v1".into()), Some("old".into())))),
        RefCell::default(),
    );
    let client = Client::new("", &net, &jar, SerdeJson);
    assert_eq!(block_on(client.call(&Call::get(CITIES))), Ok(json!("ok")));
    assert_eq!(net.paths(), ["/oauth/access_token", "/oauth/access_token", CITIES]);
    assert_eq!((&jar).visitor().as_deref(), Some("v9"));
}

// --- a login (issue 13) ------------------------------------------------------------------------

const LOGIN_TOKEN: &str = "eyJ1Ijo.login.sig";
const SESSION_ENDED: &str = "auth.sessionEnded";

/// A visitor `v1` with a refresh token, logged in as `u1`.
fn logged_in() -> CookieJar {
    let jar = CookieJar(
        RefCell::default(),
        RefCell::new(Some((Some("v1".into()), Some("r1.sig".into())))),
        RefCell::default(),
    );
    let net = FakeTransport::default();
    let client = Client::new("", &net, &jar, SerdeJson);
    client.set_login("u1", LOGIN_TOKEN, 2_592_000).expect("a login");
    assert!(net.sent.borrow().is_empty(), "keeping a login sends nothing");
    jar
}

fn body_of(r: &HttpRequest) -> serde_json::Value {
    serde_json::from_str(r.body.as_deref().unwrap_or("null")).expect("json body")
}

/// A call whose request names the visitor and the user, as the call table marks seat-lock.
fn seat_lock() -> Call {
    Call {
        names_visitor: true,
        names_user: true,
        ..Call::post("/v1/api/intercity/seat-lock", r#"{"tripId":"t"}"#.into())
    }
}

#[test]
fn a_login_is_kept_in_the_token_cookie_for_its_life_and_names_its_user() {
    let jar = logged_in();
    assert!(jar.0.borrow().starts_with(&format!("token={LOGIN_TOKEN}; Max-Age=2592000;")));
    let net = FakeTransport::answering(vec![envelope(json!(1)), envelope(json!(2)), envelope(json!(3))]);
    let client = Client::new("", &net, &jar, SerdeJson);
    assert_eq!(client.user().as_deref(), Some("u1"));
    assert_eq!(block_on(client.call(&seat_lock())), Ok(json!(1)));
    // A call that names only the visitor (search-ticket), and one that names nobody.
    let search = Call { names_visitor: true, ..Call::post("/v1/api/intercity/search-ticket", "{}".into()) };
    assert_eq!(block_on(client.call(&search)), Ok(json!(2)));
    assert_eq!(block_on(client.call(&Call::get(CITIES))), Ok(json!(3)));
    let sent = net.sent.borrow();
    assert!(
        sent.iter().all(|r| header(r, "Authorization") == Some("Bearer eyJ1Ijo.login.sig")),
        "no visitor token is asked for"
    );
    assert_eq!(body_of(&sent[0]), json!({"tripId": "t", "anonymousId": "v1", "userId": "u1"}));
    assert_eq!(body_of(&sent[1]), json!({"anonymousId": "v1"}), "userId only where the table says");
}

#[test]
fn a_refused_login_is_not_renewed_as_a_visitor_but_ends_with_session_ended() {
    let jar = logged_in();
    let ended =
        json!({"statusCode": 401, "message": "Your login has ended; please log in again", "error": "Unauthorized"});
    let net =
        FakeTransport::answering(vec![status(401, ended), token("visitor"), envelope(json!("would be anonymous"))]);
    let client = Client::new("", &net, &jar, SerdeJson);
    let err = block_on(client.call(&seat_lock())).expect_err("the login has ended");
    assert_eq!(net.sent.borrow().len(), 1, "no token request, no retry");
    assert_eq!((err.kind, err.status), (ErrorKind::Auth, Some(401)));
    assert_eq!(err.toast, "Your login has ended; please log in again");
    // What the page gets: the body as the server writes it, its code included.
    let sent: serde_json::Value = serde_json::from_str(err.sent.as_deref().unwrap_or("")).expect("json");
    assert_eq!(sent["code"], SESSION_ENDED);
    assert_eq!(sent["details"][0]["code"], SESSION_ENDED);
    // Forgotten: no user, no token; the visitor and its refresh token stay.
    assert_eq!((client.user(), jar.token()), (None, None));
    assert_eq!((&jar).visitor().as_deref(), Some("v1"));
    assert_eq!((&jar).refresh_token().as_deref(), Some("r1.sig"));
}

#[test]
fn after_the_login_ended_the_next_call_is_the_same_visitors_again() {
    let jar = logged_in();
    let renewed = ok(
        json!({"access_token": "t2", "token_type": "Bearer", "expires_in": 3600, "visitor_id": "v1", "refresh_token": "r2.sig"}),
    );
    let net = FakeTransport::answering(vec![status(401, json!({})), renewed, envelope(json!("ok"))]);
    let client = Client::new("", &net, &jar, SerdeJson);
    assert!(block_on(client.call(&seat_lock())).is_err());
    assert_eq!(block_on(client.call(&seat_lock())), Ok(json!("ok")));
    let sent = net.sent.borrow();
    assert_eq!(body_of(&sent[1])["grant_type"], "refresh_token");
    assert_eq!(body_of(&sent[2]), json!({"tripId": "t", "anonymousId": "v1"}), "no userId once logged out");
}

#[test]
fn a_login_whose_token_expires_while_in_use_ends_without_a_request() {
    let jar = logged_in();
    let net = FakeTransport::answering(vec![token("visitor"), envelope(json!("would be anonymous"))]);
    let client = Client::new("", &net, &jar, SerdeJson);
    jar.0.borrow_mut().clear(); // the cookie's Max-Age has passed
    let err = block_on(client.call(&Call::get(CITIES))).expect_err("ended");
    assert_eq!((err.kind, err.status), (ErrorKind::Auth, Some(401)));
    assert!(err.sent.is_some_and(|body| body.contains(r#""code":"auth.sessionEnded""#)));
    assert!(net.sent.borrow().is_empty());
    assert_eq!(client.user(), None);
}

#[test]
fn a_login_that_expired_while_away_is_forgotten_when_the_client_starts() {
    let jar = logged_in();
    jar.0.borrow_mut().clear(); // the cookie's Max-Age passed while the page was closed
    let renewed = ok(json!({"access_token": "t2", "token_type": "Bearer", "expires_in": 3600, "visitor_id": "v1"}));
    let net = FakeTransport::answering(vec![renewed, envelope(json!("ok"))]);
    let client = Client::new("", &net, &jar, SerdeJson);
    assert_eq!(client.user(), None, "the page starts as the visitor's");
    assert_eq!(block_on(client.call(&seat_lock())), Ok(json!("ok")));
    assert_eq!(body_of(&net.sent.borrow()[0])["grant_type"], "refresh_token", "the same visitor's token");
    assert_eq!(body_of(&net.sent.borrow()[1]), json!({"tripId": "t", "anonymousId": "v1"}));
}

#[test]
fn logging_out_forgets_the_login_and_the_next_call_renews_the_visitor() {
    let jar = logged_in();
    let renewed = ok(json!({"access_token": "t2", "token_type": "Bearer", "expires_in": 3600, "visitor_id": "v1"}));
    let net = FakeTransport::answering(vec![renewed, envelope(json!("ok"))]);
    let client = Client::new("", &net, &jar, SerdeJson);
    client.clear_login();
    assert_eq!((client.user(), jar.token()), (None, None));
    assert_eq!(block_on(client.call(&Call::get(CITIES))), Ok(json!("ok")));
    assert_eq!(net.paths(), ["/oauth/access_token", CITIES]);
    assert_eq!(header(&net.sent.borrow()[1], "Authorization"), Some("Bearer t2"));
}

#[test]
fn a_login_is_refused_unless_its_token_could_be_one_of_ours() {
    let jar = CookieJar::default();
    let net = FakeTransport::default();
    let client = Client::new("", &net, &jar, SerdeJson);
    for (user, token) in [("u1", "a; Domain=evil.example"), ("u1", ""), ("", "abc.def")] {
        assert!(client.set_login(user, token, 60).is_err(), "{user:?} {token:?}");
    }
    assert_eq!((client.user(), jar.token()), (None, None));
}

#[test]
fn call_value_answers_a_file_call_with_the_file_and_any_other_with_data() {
    // The browser's one path for every call (both are JS values there; natively bytes become a list).
    let net = FakeTransport::answering(vec![
        envelope(json!({"cities": []})),
        Ok(HttpResponse { status: 200, body: String::new(), file: Some(b"%PDF".to_vec()) }),
        Ok(HttpResponse { status: 200, body: String::new(), file: None }),
    ]);
    let jar = CookieJar::with_cookie("token=t");
    let client = Client::new("", &net, &jar, SerdeJson);
    assert_eq!(block_on(client.call_value(&Call::get(CITIES))), Ok(json!({"cities": []})));
    let pdf = Call { file: true, ..Call::get("/v1/api/intercity/download-ticket-pdf/t1") };
    assert_eq!(block_on(client.call_value(&pdf)), Ok(json!([37, 80, 68, 70])));
    let err = block_on(client.call_value(&pdf)).expect_err("no file");
    assert_eq!(err.kind, ErrorKind::Decode);
}
