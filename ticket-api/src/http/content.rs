//! Content calls of both services (SPEC §7): headline, blogs, offer and promo images, cities,
//! operators, an operator's page, popular routes, banners. Each answer wraps its list in the key
//! SPEC names.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
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
