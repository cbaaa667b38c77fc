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

#[derive(Debug)]
struct BrowserTransport;

impl Transport for BrowserTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
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
        let body = response.text().await.map_err(|e| TransportError(e.to_string()))?;
        Ok(HttpResponse { status, body })
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
}

#[derive(Debug)]
struct CookieStore;

fn document() -> Option<web_sys::HtmlDocument> {
    web_sys::window()?.document()?.dyn_into::<web_sys::HtmlDocument>().ok()
}

impl TokenStore for CookieStore {
    fn load(&self) -> Option<String> {
        read_cookie(&document()?.cookie().ok()?, TOKEN_COOKIE)
    }

    fn save(&self, token: &str, max_age_seconds: u32) {
        // A page without cookies (privacy mode) still works: it just asks for tokens more often.
        if let Some(doc) = document() {
            let _ = doc.set_cookie(&token_cookie(token, max_age_seconds));
        }
    }

    fn clear(&self) {
        if let Some(doc) = document() {
            let _ = doc.set_cookie(&expired_token_cookie());
        }
    }
}

#[wasm_bindgen(typescript_custom_section)]
const API_TYPES: &'static str = r#"
/** Options of a POST. */
export interface CallOptions {
  /** Makes the POST safe to retry; the API answers a repeat with the first answer. */
  idempotencyKey?: string;
  /** A payment-block error shows its whole message list (SPEC §8). */
  paymentBlock?: boolean;
}
/** A failed call: a real Error whose message is the toast text. */
export interface ApiFailure extends Error {
  kind: "network" | "http" | "auth" | "decode";
  status: number | null;
  body: ErrorBody | null;
  toast: string;
}
"#;

#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct CallOptions {
    idempotency_key: Option<String>,
    payment_block: bool,
}

/// The ticket-API client. Every method resolves to the envelope's `data` or rejects with an
/// `ApiFailure`.
#[wasm_bindgen(js_name = ApiClient)]
#[derive(Debug)]
pub struct JsApiClient {
    inner: Rc<Client<BrowserTransport, CookieStore, BrowserCodec>>,
}

fn failure(error: ApiError) -> JsValue {
    let js = js_sys::Error::new(&error.toast);
    let set = |key: &str, value: JsValue| {
        let _ = js_sys::Reflect::set(&js, &JsValue::from_str(key), &value);
    };
    set("kind", to_js(&error.kind).unwrap_or(JsValue::NULL));
    set("status", error.status.map_or(JsValue::NULL, JsValue::from));
    set("body", error.body.as_ref().and_then(|b| to_js(b).ok()).unwrap_or(JsValue::NULL));
    set("toast", JsValue::from_str(&error.toast));
    js.into()
}

#[wasm_bindgen(js_class = ApiClient)]
impl JsApiClient {
    /// `baseUrl`: the API's origin, or "" for the site's own origin.
    #[wasm_bindgen(constructor)]
    pub fn new(base_url: &str) -> JsApiClient {
        JsApiClient { inner: Rc::new(Client::new(base_url, BrowserTransport, CookieStore, BrowserCodec)) }
    }

    fn run(&self, call: Call) -> js_sys::Promise {
        let inner = Rc::clone(&self.inner);
        wasm_bindgen_futures::future_to_promise(async move { inner.call(&call).await.map_err(failure) })
    }

    #[wasm_bindgen(unchecked_return_type = "Promise<any>")]
    pub fn get(&self, path: String) -> js_sys::Promise {
        self.run(Call::get(path))
    }

    #[wasm_bindgen(unchecked_return_type = "Promise<any>")]
    pub fn post(
        &self,
        path: String,
        #[wasm_bindgen(unchecked_param_type = "unknown")] body: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CallOptions | undefined")] options: JsValue,
    ) -> Result<js_sys::Promise, JsError> {
        let json: String = js_sys::JSON::stringify(&body)
            .map_err(|_| JsError::new("invalid body: not JSON data"))?
            .as_string()
            .unwrap_or_else(|| "null".to_owned());
        let options: CallOptions = optional(options, "options")?.unwrap_or_default();
        let mut call = Call::post(path, json);
        call.idempotency_key = options.idempotency_key;
        call.is_payment_block = options.payment_block;
        Ok(self.run(call))
    }
}
