//! The API client for the browser: gloo-net transport, `document.cookie` token store, and the
//! `ApiClient` class JavaScript uses.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::{optional, to_js};
use crate::api::cookie::{TOKEN_COOKIE, expired_token_cookie, read_cookie, token_cookie};
use crate::api::{
    ApiError, Call, Client, Codec, HttpRequest, HttpResponse, Method, TokenStore, Transport, TransportError,
};
use crate::contract::auth::TokenResponse;
use crate::contract::calls::{CallName, CallSpec, Under};
use crate::contract::envelope::MessageField;

#[derive(Debug)]
struct BrowserTransport;

impl Transport for BrowserTransport {
    type File = JsValue;

    async fn send(&self, request: HttpRequest) -> Result<HttpResponse<JsValue>, TransportError> {
        let method = match request.method {
            Method::Get => gloo_net::http::Method::GET,
            Method::Post => gloo_net::http::Method::POST,
        };
        let mut builder = gloo_net::http::RequestBuilder::new(&request.url).method(method);
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        let built = match request.body {
            Some(body) => builder.body(body),
            None => builder.build(),
        };
        let response = built
            .map_err(|e| TransportError(e.to_string()))?
            .send()
            .await
            .map_err(|e| TransportError(e.to_string()))?;
        let status = response.status();
        let failed = |e: gloo_net::Error| TransportError(e.to_string());
        if request.file && (200..300).contains(&status) {
            // The browser's own Blob: the file never passes through the module's memory.
            let blob =
                web_sys::Response::from(response).blob().map_err(|_| TransportError("cannot read the file".into()))?;
            let file = wasm_bindgen_futures::JsFuture::from(blob)
                .await
                .map_err(|_| TransportError("cannot read the file".into()))?;
            return Ok(HttpResponse { status, body: String::new(), file: Some(file) });
        }
        let body = response.text().await.map_err(failed)?;
        Ok(HttpResponse { status, body, file: None })
    }

    async fn sleep(&self, ms: u32) {
        gloo_timers::future::TimeoutFuture::new(ms).await;
    }
}

/// Answers are read by the browser's `JSON.parse`; contract types decoded by `decode`.
#[derive(Debug)]
struct BrowserCodec;

impl Codec for BrowserCodec {
    type Data = JsValue;

    fn parse<T: serde::de::DeserializeOwned>(&self, text: &str) -> Option<T> {
        super::decode::decode(&js_sys::JSON::parse(text).ok()?).ok()
    }

    fn envelope_data(&self, text: &str) -> Option<JsValue> {
        let answer = js_sys::JSON::parse(text).ok()?;
        let key = JsValue::from_str("data");
        let is_envelope = answer.is_object() && js_sys::Reflect::has(&answer, &key).ok()?;
        if is_envelope { js_sys::Reflect::get(&answer, &key).ok() } else { None }
    }

    fn with_field(&self, body: &str, field: &str, value: &str) -> Option<String> {
        let object = js_sys::JSON::parse(body).ok().filter(|o| o.is_object() && !js_sys::Array::is_array(o))?;
        js_sys::Reflect::set(&object, &JsValue::from_str(field), &JsValue::from_str(value)).ok()?;
        js_sys::JSON::stringify(&object).ok()?.as_string()
    }
}

/// Local storage, if the page may use it (privacy modes may refuse).
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The visitor id in local storage (SPEC §3 `anon_id`): the server's, from the token response.
const VISITOR_KEY: &str = crate::identity::ANON_ID_KEY;
/// The refresh token in local storage.
const REFRESH_KEY: &str = "refresh_token";
/// The logged-in user in local storage (SPEC §3 `user_id`), beside the login's token in the cookie.
const USER_KEY: &str = crate::identity::USER_ID_KEY;

#[derive(Debug)]
struct CookieStore;

fn document() -> Option<web_sys::HtmlDocument> {
    web_sys::window()?.document()?.dyn_into::<web_sys::HtmlDocument>().ok()
}

// One function each for reading, writing and the cookie, whatever the key: every copy of one
// costs the module bytes. A page without cookies or storage (privacy mode) still works: it just
// asks for tokens more often, each a new visitor, and keeps no login past the page.

/// The text kept under `key`, if any.
#[inline(never)]
fn stored(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok()?.filter(|v| !v.is_empty())
}

/// Keeps `value` under `key`, or forgets `key`.
#[inline(never)]
fn keep(key: &str, value: Option<&str>) {
    if let Some(storage) = local_storage() {
        let _ = match value {
            Some(v) => storage.set_item(key, v),
            None => storage.remove_item(key),
        };
    }
}

/// Sets the token cookie (`token_cookie`, `expired_token_cookie`).
#[inline(never)]
fn set_cookie(assignment: &str) {
    if let Some(doc) = document() {
        let _ = doc.set_cookie(assignment);
    }
}

impl TokenStore for CookieStore {
    fn load(&self) -> Option<String> {
        read_cookie(&document()?.cookie().ok()?, TOKEN_COOKIE)
    }

    fn save(&self, token: &TokenResponse) {
        set_cookie(&token_cookie(&token.access_token, token.expires_in));
        keep(VISITOR_KEY, token.visitor_id.as_deref());
        keep(REFRESH_KEY, token.refresh_token.as_deref());
    }

    fn visitor(&self) -> Option<String> {
        stored(VISITOR_KEY)
    }

    fn refresh_token(&self) -> Option<String> {
        stored(REFRESH_KEY)
    }

    fn clear(&self) {
        set_cookie(&expired_token_cookie());
    }

    fn user(&self) -> Option<String> {
        stored(USER_KEY)
    }

    fn save_login(&self, user_id: &str, access_token: &str, expires_in: u32) {
        set_cookie(&token_cookie(access_token, expires_in));
        keep(USER_KEY, Some(user_id));
    }

    fn clear_login(&self) {
        self.clear();
        keep(USER_KEY, None);
    }
}

#[wasm_bindgen(typescript_custom_section)]
const API_TYPES: &'static str = r#"
/** Options of a call. */
export interface CallOptions {
  /** The Idempotency-Key of a state-changing call, to send one user intent twice as one (a
   * double-tapped Pay); without it each call gets a new key, kept for its retries. */
  idempotencyKey?: string;
}
/** The request of a call that takes nothing. */
export type NoBody = Record<string, never>;
/** A PDF file. */
export type Pdf = Blob;
/** The services a call answers for: "BUS", "LAUNCH" or "COMMON". */
export type CallService<N extends CallRow["name"]> = Extract<CallRow, { name: N }>["service"];
/** The row of call `N` under service `S`. */
export type CallOf<N extends CallRow["name"], S> = CallRow extends infer R
  ? R extends { name: N; service: infer X } ? (S extends X ? R : never) : never
  : never;
/** A failed call: a real Error whose message is the toast text. */
export interface ApiFailure extends Error {
  kind: "network" | "http" | "auth" | "decode";
  status: number | null;
  body: ErrorBody | null;
  toast: string;
}
"#;

#[wasm_bindgen(typescript_custom_section)]
const CALL_ROWS: &str = crate::contract::calls::CALLS_TS;

#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct CallOptions {
    idempotency_key: Option<String>,
}

/// The ticket-API client. Every method resolves to the envelope's `data` or rejects with an
/// `ApiFailure`.
#[wasm_bindgen(js_name = ApiClient)]
#[derive(Debug)]
pub struct JsApiClient {
    inner: Rc<Client<BrowserTransport, CookieStore, BrowserCodec>>,
    /// The language every call says it reads (`setLanguage`).
    language: std::cell::RefCell<Option<String>>,
}

/// A request as JSON text; nothing at all is an empty object.
fn json_text(request: &JsValue) -> Result<String, JsError> {
    if request.is_undefined() || request.is_null() {
        return Ok("{}".to_owned());
    }
    js_sys::JSON::stringify(request)
        .map_err(|_| JsError::new("invalid body: not JSON data"))?
        .as_string()
        .ok_or_else(|| JsError::new("invalid body: not JSON data"))
}

/// The request's own fields that are texts, numbers or booleans, as text: what a path or a
/// query string can carry.
fn scalar_fields(request: &JsValue) -> Vec<(String, String)> {
    if !request.is_object() {
        return Vec::new();
    }
    let object: &js_sys::Object = request.unchecked_ref();
    js_sys::Object::entries(object)
        .iter()
        .filter_map(|entry| {
            let pair: js_sys::Array = entry.unchecked_into();
            let key = pair.get(0).as_string()?;
            let value = pair.get(1);
            let text = if let Some(s) = value.as_string() {
                s
            } else if let Some(n) = value.as_f64() {
                js_sys::Number::from(n).to_string_with_radix(10).ok()?.as_string()?
            } else {
                value.as_bool()?.to_string()
            };
            Some((key, text))
        })
        .collect()
}

/// A new Idempotency-Key: a random UUID from `crypto.getRandomValues`.
fn new_key() -> Result<String, JsError> {
    let mut bytes = [0u8; 16];
    web_sys::window()
        .and_then(|w| w.crypto().ok())
        .ok_or_else(|| JsError::new("crypto is not available"))?
        .get_random_values_with_u8_array(&mut bytes)
        .map_err(|_| JsError::new("crypto.getRandomValues failed"))?;
    Ok(crate::identity::uuid_v4(bytes))
}

fn failure(error: ApiError) -> JsValue {
    let js = js_sys::Error::new(&error.toast);
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&js, &JsValue::from_str(key), &value);
    };
    set("kind", to_js(&error.kind).unwrap_or(JsValue::NULL));
    set("status", error.status.map_or(JsValue::NULL, JsValue::from));
    // The body as the server sent it (codes and values included); a network failure's is just
    // its message.
    let sent = error.sent.as_deref().filter(|_| error.body.is_some()).and_then(|t| js_sys::JSON::parse(t).ok());
    let body = sent.or_else(|| {
        // A list came as JSON, read above; here the toast says it (one join fewer in the module).
        let message = match error.body.as_ref()?.message.as_ref()? {
            MessageField::One(text) => text.clone(),
            MessageField::Many(_) => error.toast.clone(),
        };
        let object = js_sys::Object::new();
        js_sys::Reflect::set(&object, &JsValue::from_str("message"), &JsValue::from_str(&message)).ok()?;
        Some(object.into())
    });
    set("body", body.unwrap_or(JsValue::NULL));
    set("toast", JsValue::from_str(&error.toast));
    js.into()
}

#[wasm_bindgen(js_class = ApiClient)]
impl JsApiClient {
    /// `baseUrl`: the API's origin, or "" for the site's own origin.
    #[wasm_bindgen(constructor)]
    pub fn new(base_url: &str) -> JsApiClient {
        JsApiClient {
            inner: Rc::new(Client::new(base_url, BrowserTransport, CookieStore, BrowserCodec)),
            language: std::cell::RefCell::new(None),
        }
    }

    /// The traveller's language for every later call (`bn` or `en`; anything else is not sent):
    /// the server writes the OTP's SMS and the e-ticket PDF in it.
    #[wasm_bindgen(js_name = setLanguage)]
    pub fn set_language(&self, language: &str) {
        let known = matches!(language, "bn" | "en").then(|| language.to_owned());
        *self.language.borrow_mut() = known;
    }

    /// The call `name` under `service` ("BUS", "LAUNCH" or "COMMON"), as the call table
    /// declares it: method and path from the table, a GET's request as its query, a POST's as
    /// its JSON body, an Idempotency-Key on state-changing calls (the given one, else a new
    /// one, kept for the call's retries), payment-block errors whole. Resolves to the answer's
    /// `data`, or a `Blob` for a file. The site types it through `CallOf` (app/src/api).
    ///
    /// A successful `login` (COMMON) logs the client in: it keeps the answer's `accessToken` in
    /// the `token` cookie for `expiresIn` seconds, in place of the visitor's, and its `userId` in
    /// local storage (`user_id`, SPEC §3); later calls carry that token, and those whose request
    /// names the user send its `userId` beside the visitor's `anonymousId`. `logout` logs it out
    /// once answered, whatever the answer. A 401 while logged in (logout elsewhere, the session's
    /// end) is not renewed as a visitor: the login is forgotten and the call rejects with status
    /// 401 and `body.code` `auth.sessionEnded`. A client made after the login's token expired
    /// (the page was closed) starts as the visitor's.
    #[wasm_bindgen(unchecked_return_type = "Promise<unknown>")]
    pub fn call(
        &self,
        name: &str,
        #[wasm_bindgen(unchecked_param_type = "\"BUS\" | \"LAUNCH\" | \"COMMON\"")] service: String,
        #[wasm_bindgen(unchecked_param_type = "object | null | undefined")] request: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CallOptions | undefined")] options: JsValue,
    ) -> Result<js_sys::Promise, JsError> {
        let under = match service.as_str() {
            "BUS" => Under::Bus,
            "LAUNCH" => Under::Launch,
            "COMMON" => Under::Common,
            other => return Err(JsError::new(&format!("'{other}' is not BUS, LAUNCH or COMMON"))),
        };
        let spec = CallSpec::find(name, under)
            .ok_or_else(|| JsError::new(&format!("'{name}' is not a call of {}", under.segment())))?;
        let fields = scalar_fields(&request);
        let path = spec.request_path(under, &fields).map_err(|e| JsError::new(&e.to_string()))?;
        let mut call = match spec.method {
            Method::Get => Call::get(path),
            Method::Post => Call::post(path, json_text(&request)?),
        };
        if spec.idempotent {
            let options: CallOptions = optional(options, "options")?.unwrap_or_default();
            call.idempotency_key = Some(match options.idempotency_key {
                Some(key) => key,
                None => new_key()?,
            });
        }
        call.is_payment_block = spec.payment_block;
        call.file = spec.file;
        call.names_visitor = spec.names_visitor;
        call.names_user = spec.names_user;
        call.language = self.language.borrow().clone();
        // `common/login` logs the client in: it keeps the answer's login itself, so the token never
        // passes through the page's code (the core's `Client::set_login`). `common/logout` logs it
        // out, whatever the answer: the device forgets the login either way.
        let (logs_in, logs_out) = (spec.name == CallName::Login, spec.name == CallName::Logout);
        let inner = Rc::clone(&self.inner);
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            let answer = inner.call_value(&call).await;
            if logs_out {
                inner.clear_login();
            }
            let data = answer.map_err(failure)?;
            if logs_in {
                // Read from the answer as it is (no decoder for one more type in the module); an
                // answer that is no login keeps nothing, and the page sees no `user_id`.
                let field = |key: &str| js_sys::Reflect::get(&data, &JsValue::from_str(key)).ok();
                let text = |key: &str| field(key).and_then(|v| v.as_string()).unwrap_or_default();
                let expires_in = field("expiresIn").and_then(|v| v.as_f64()).unwrap_or(0.0) as u32;
                let _ = inner.set_login(&text("userId"), &text("accessToken"), expires_in);
            }
            Ok(data)
        }))
    }
}
