//! Content calls of both services (SPEC §7): headline, blogs, offer and promo images, cities,
//! operators, an operator's page, popular routes, banners. Each answer wraps its list in the key
//! SPEC names.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use core_wasm::contract::content::{
    Banner, BannerQuery, BannersResponse, Blog, BlogsResponse, ById, CitiesResponse, City, Headline, HeadlineResponse,
    OfferImage, OfferImagesResponse, Operator, OperatorDetail, OperatorResponse, OperatorsResponse, PopularRoute,
    PopularRouteResponse, PopularRoutesResponse, ServiceSettings,
};
use core_wasm::contract::envelope::Envelope;
use core_wasm::server_messages as say;
use core_wasm::service::Service;

use crate::AppState;
use crate::error::ApiError;
use crate::http::extract::{At, ok};
use crate::http::html::escape;
use crate::store::content::{self, PopularRouteRow};

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

pub async fn headline(State(state): State<AppState>, At(service): At) -> Answer<HeadlineResponse> {
    // No headline configured is a hidden ticker, not an error.
    let headline = match content::headline(&state.pool, service).await? {
        Some(row) => Headline { text: row.text, text_bn: row.text_bn, is_visible: row.is_visible != 0 },
        None => Headline { text: String::new(), text_bn: None, is_visible: false },
    };
    let settings = Some(ServiceSettings { headline });
    Ok(ok(match service {
        Service::Bus => HeadlineResponse { bus_settings: settings, launch_settings: None },
        Service::Launch => HeadlineResponse { bus_settings: None, launch_settings: settings },
    }))
}

pub async fn blogs(State(state): State<AppState>) -> Answer<BlogsResponse> {
    let blogs = content::blogs(&state.pool)
        .await?
        .into_iter()
        .map(|r| Blog { id: r.id, title: r.title, summary: r.summary, image: r.image, url: r.url })
        .collect();
    Ok(ok(BlogsResponse { blogs }))
}

pub async fn offers(State(state): State<AppState>) -> Answer<OfferImagesResponse> {
    let offer_and_promo_images = content::offers(&state.pool)
        .await?
        .into_iter()
        .map(|r| OfferImage {
            id: r.id,
            title: r.title,
            image: r.image,
            promo_code: r.promo_code,
            description: r.description,
        })
        .collect();
    Ok(ok(OfferImagesResponse { offer_and_promo_images }))
}

/// The cities the service's routes stop at, most popular first.
pub async fn cities(State(state): State<AppState>, At(service): At) -> Answer<CitiesResponse> {
    let cities = content::cities(&state.pool, service)
        .await?
        .into_iter()
        .map(|r| City { id: Some(r.id), name: r.name, name_bn: r.name_bn, district: Some(r.district) })
        .collect();
    Ok(ok(CitiesResponse { cities }))
}

pub async fn operators(State(state): State<AppState>, At(service): At) -> Answer<OperatorsResponse> {
    let operators = content::operators(&state.pool, service)
        .await?
        .into_iter()
        .map(|r| Operator {
            id: Some(r.id),
            title: r.title,
            title_bn: r.title_bn,
            logo: Some(r.logo),
            slug: Some(r.slug),
        })
        .collect();
    Ok(ok(OperatorsResponse { operators }))
}

fn required_id(query: Result<Query<ById>, QueryRejection>) -> Result<String, ApiError> {
    let Query(by_id) = query?;
    by_id.id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).ok_or_else(|| ApiError::bad(say::ID_REQUIRED))
}

pub async fn operator(
    State(state): State<AppState>,
    At(service): At,
    query: Result<Query<ById>, QueryRejection>,
) -> Answer<OperatorResponse> {
    let id = required_id(query)?;
    let row = content::operator(&state.pool, service, &id)
        .await?
        .ok_or_else(|| ApiError::not_found(say::OPERATOR_NOT_FOUND))?;
    let routes = content::operator_routes(&state.pool, &row.id).await?;
    let coach_types = content::operator_classes(&state.pool, &row.id).await?;
    Ok(ok(OperatorResponse {
        operator: OperatorDetail {
            id: row.id,
            title: row.title,
            title_bn: row.title_bn,
            logo: Some(row.logo),
            description: row.description,
            routes,
            coach_types,
        },
    }))
}

fn popular_route_of(r: PopularRouteRow) -> PopularRoute {
    PopularRoute {
        id: r.id,
        from: r.from_name,
        to: r.to_name,
        title: r.title,
        from_bn: r.from_name_bn,
        to_bn: r.to_name_bn,
        title_bn: r.title_bn,
        image: r.image,
        fare_from: r.fare_from.map(|f| f as f64),
        description: r.description,
    }
}

pub async fn popular_routes(State(state): State<AppState>, At(service): At) -> Answer<PopularRoutesResponse> {
    let popular_routes =
        content::popular_routes(&state.pool, service).await?.into_iter().map(popular_route_of).collect();
    Ok(ok(PopularRoutesResponse { popular_routes }))
}

pub async fn popular_route(
    State(state): State<AppState>,
    At(service): At,
    query: Result<Query<ById>, QueryRejection>,
) -> Answer<PopularRouteResponse> {
    let id = required_id(query)?;
    let row = content::popular_route(&state.pool, service, &id)
        .await?
        .ok_or_else(|| ApiError::not_found(say::ROUTE_NOT_FOUND))?;
    Ok(ok(PopularRouteResponse { popular_route: popular_route_of(row) }))
}

/// `banners?moduleType=intercity|water`; without it, the service's own module.
pub async fn banners(
    State(state): State<AppState>,
    At(service): At,
    query: Result<Query<BannerQuery>, QueryRejection>,
) -> Answer<BannersResponse> {
    let Query(q) = query?;
    let module = match q.module_type.as_deref().map(str::trim) {
        None | Some("") => service,
        Some(m) => Service::from_api_segment(m).ok_or_else(|| ApiError::bad(say::MODULE_TYPE.with(&[("value", m)])))?,
    };
    let banners = content::banners(&state.pool, module)
        .await?
        .into_iter()
        .map(|r| Banner { id: r.id, title: r.title, image: r.image, link: r.link })
        .collect();
    Ok(ok(BannersResponse { banners }))
}

/// An image staff uploaded (`staff::images`): named by its bytes' SHA-256, so it never changes
/// and is cached for a year.
pub async fn image(State(state): State<AppState>, Path(name): Path<String>) -> Result<Response, ApiError> {
    let Some((_, format)) = core_wasm::staff::content::image_name(&name) else {
        return Err(ApiError::no_page());
    };
    let Some((_, bytes)) = content::image(&state.pool, &name).await? else {
        return Err(ApiError::no_page());
    };
    let headers = [
        (header::CONTENT_TYPE, format.content_type()),
        (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"),
    ];
    Ok((headers, bytes).into_response())
}

/// The page of a blog post: plain HTML, no script, and a policy that would stop one anyway.
pub async fn blog_page(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let Some(post) = content::blog_page(&state.pool, &format!("/blog/{id}")).await? else {
        let missing =
            "<!doctype html><title>Not found</title><h1>This post is not here</h1><p><a href=\"/bus\">Home</a></p>";
        return Ok((axum::http::StatusCode::NOT_FOUND, Html(missing)).into_response());
    };
    let body = match &post.body_html {
        Some(html) => html.clone(),
        None => format!("<p>{}</p>", escape(&post.summary)),
    };
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <style>body{{font:17px/1.6 system-ui,sans-serif;max-width:42rem;margin:0 auto;padding:1rem;color:#1a1a1a}}\
         img{{max-width:100%;height:auto}}a{{color:#0a6b3d}}</style></head><body><main><h1>{title}</h1>\
         <img src=\"{image}\" alt=\"\" width=\"640\" height=\"360\">{body}</main>\
         <p><a href=\"/bus\">Buy a ticket</a></p></body></html>",
        title = escape(&post.title),
        image = escape(&post.image),
    );
    let policy = "default-src 'none'; img-src 'self' https:; style-src 'unsafe-inline'; base-uri 'none'; \
                  form-action 'none'; frame-ancestors 'none'";
    let headers = [(header::CACHE_CONTROL, "public, max-age=300"), (header::CONTENT_SECURITY_POLICY, policy)];
    Ok((headers, Html(page)).into_response())
}
