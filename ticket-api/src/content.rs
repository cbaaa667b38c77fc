//! Content calls of both services (SPEC §7): headline, blogs, offer and promo images, cities,
//! operators, an operator's page, popular routes, banners. Each answer wraps its list in the key
//! SPEC names.

use axum::Json;
use axum::extract::{Query, State};
use core_wasm::contract::content::{
    Banner, BannersResponse, Blog, BlogsResponse, CitiesResponse, City, Headline, HeadlineResponse, OfferImage,
    OfferImagesResponse, Operator, OperatorDetail, OperatorResponse, OperatorsResponse, PopularRoute,
    PopularRouteResponse, PopularRoutesResponse, ServiceSettings,
};
use core_wasm::contract::envelope::Envelope;
use core_wasm::server_messages as say;
use core_wasm::service::Service;
use serde::Deserialize;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::AppState;
use crate::error::ApiError;
use crate::wire::At;
use crate::wire::ok;

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

fn text(row: &AnyRow, column: &str) -> Result<String, sqlx::Error> {
    row.try_get::<String, _>(column)
}

fn optional_text(row: &AnyRow, column: &str) -> Result<Option<String>, sqlx::Error> {
    row.try_get::<Option<String>, _>(column)
}

pub async fn headline(State(state): State<AppState>, At(service): At) -> Answer<HeadlineResponse> {
    let row = sqlx::query("SELECT text, is_visible FROM headlines WHERE service = $1")
        .bind(service.as_str())
        .fetch_optional(&state.pool)
        .await?;
    // No headline configured is a hidden ticker, not an error.
    let headline = match row {
        Some(row) => Headline { text: text(&row, "text")?, is_visible: row.try_get::<i64, _>("is_visible")? != 0 },
        None => Headline { text: String::new(), is_visible: false },
    };
    let settings = Some(ServiceSettings { headline });
    Ok(ok(match service {
        Service::Bus => HeadlineResponse { bus_settings: settings, launch_settings: None },
        Service::Launch => HeadlineResponse { bus_settings: None, launch_settings: settings },
    }))
}

pub async fn blogs(State(state): State<AppState>) -> Answer<BlogsResponse> {
    let rows = sqlx::query("SELECT id, title, summary, image, url FROM blogs ORDER BY position")
        .fetch_all(&state.pool)
        .await?;
    let blogs = rows
        .iter()
        .map(|r| {
            Ok(Blog {
                id: text(r, "id")?,
                title: text(r, "title")?,
                summary: text(r, "summary")?,
                image: text(r, "image")?,
                url: text(r, "url")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(ok(BlogsResponse { blogs }))
}

pub async fn offers(State(state): State<AppState>) -> Answer<OfferImagesResponse> {
    let rows = sqlx::query("SELECT id, title, image, promo_code, description FROM offers ORDER BY position")
        .fetch_all(&state.pool)
        .await?;
    let offer_and_promo_images = rows
        .iter()
        .map(|r| {
            Ok(OfferImage {
                id: text(r, "id")?,
                title: text(r, "title")?,
                image: text(r, "image")?,
                promo_code: optional_text(r, "promo_code")?,
                description: optional_text(r, "description")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(ok(OfferImagesResponse { offer_and_promo_images }))
}

/// The cities the service's routes stop at, most popular first.
pub async fn cities(State(state): State<AppState>, At(service): At) -> Answer<CitiesResponse> {
    let rows = sqlx::query(
        "SELECT c.id, c.name, c.district FROM cities c \
         WHERE EXISTS (SELECT 1 FROM route_stops s JOIN routes r ON r.id = s.route_id \
                       WHERE s.city_id = c.id AND r.service = $1) \
         ORDER BY c.popularity, c.name",
    )
    .bind(service.as_str())
    .fetch_all(&state.pool)
    .await?;
    let cities = rows
        .iter()
        .map(|r| Ok(City { id: Some(text(r, "id")?), name: text(r, "name")?, district: Some(text(r, "district")?) }))
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(ok(CitiesResponse { cities }))
}

pub async fn operators(State(state): State<AppState>, At(service): At) -> Answer<OperatorsResponse> {
    let rows = sqlx::query("SELECT id, title, logo, slug FROM operators WHERE service = $1 ORDER BY popularity, title")
        .bind(service.as_str())
        .fetch_all(&state.pool)
        .await?;
    let operators = rows
        .iter()
        .map(|r| {
            Ok(Operator {
                id: Some(text(r, "id")?),
                title: text(r, "title")?,
                logo: Some(text(r, "logo")?),
                slug: Some(text(r, "slug")?),
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(ok(OperatorsResponse { operators }))
}

#[derive(Debug, Deserialize)]
pub struct ById {
    id: Option<String>,
}

fn required_id(query: Result<Query<ById>, axum::extract::rejection::QueryRejection>) -> Result<String, ApiError> {
    let Query(by_id) = query?;
    by_id.id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).ok_or_else(|| ApiError::bad(say::ID_REQUIRED))
}

pub async fn operator(
    State(state): State<AppState>,
    At(service): At,
    query: Result<Query<ById>, axum::extract::rejection::QueryRejection>,
) -> Answer<OperatorResponse> {
    let id = required_id(query)?;
    let row =
        sqlx::query("SELECT id, title, logo, description FROM operators WHERE (id = $1 OR slug = $1) AND service = $2")
            .bind(&id)
            .bind(service.as_str())
            .fetch_optional(&state.pool)
            .await?
            .ok_or_else(|| ApiError::not_found(say::OPERATOR_NOT_FOUND))?;
    let operator_id = text(&row, "id")?;
    let routes = sqlx::query(
        "SELECT DISTINCT r.name FROM trips t JOIN routes r ON r.id = t.route_id WHERE t.operator_id = $1 ORDER BY r.name",
    )
    .bind(&operator_id)
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(|r| text(r, "name"))
    .collect::<Result<_, _>>()?;
    let coach_types = sqlx::query("SELECT DISTINCT bus_class FROM vehicles WHERE operator_id = $1 ORDER BY bus_class")
        .bind(&operator_id)
        .fetch_all(&state.pool)
        .await?
        .iter()
        .map(|r| text(r, "bus_class"))
        .collect::<Result<_, _>>()?;
    Ok(ok(OperatorResponse {
        operator: OperatorDetail {
            id: operator_id,
            title: text(&row, "title")?,
            logo: Some(text(&row, "logo")?),
            description: text(&row, "description")?,
            routes,
            coach_types,
        },
    }))
}

const POPULAR_ROUTE: &str = "SELECT p.id, p.title, p.image, p.description, f.name AS from_name, t.name AS to_name, \
     (SELECT MIN(fa.fare) FROM fares fa JOIN route_stops a ON a.route_id = fa.route_id AND a.stop_index = fa.from_stop \
      JOIN route_stops b ON b.route_id = fa.route_id AND b.stop_index = fa.to_stop \
      WHERE a.city_id = p.from_city_id AND b.city_id = p.to_city_id) AS fare_from \
     FROM popular_routes p JOIN cities f ON f.id = p.from_city_id JOIN cities t ON t.id = p.to_city_id";

fn popular_route_of(r: &AnyRow) -> Result<PopularRoute, sqlx::Error> {
    Ok(PopularRoute {
        id: text(r, "id")?,
        from: text(r, "from_name")?,
        to: text(r, "to_name")?,
        title: text(r, "title")?,
        image: optional_text(r, "image")?,
        fare_from: r.try_get::<Option<i64>, _>("fare_from")?.map(|f| f as f64),
        description: optional_text(r, "description")?,
    })
}

pub async fn popular_routes(State(state): State<AppState>, At(service): At) -> Answer<PopularRoutesResponse> {
    // Both parts are constants: no input reaches the SQL text.
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!("{POPULAR_ROUTE} WHERE p.service = $1 ORDER BY p.position")))
        .bind(service.as_str())
        .fetch_all(&state.pool)
        .await?;
    let popular_routes = rows.iter().map(popular_route_of).collect::<Result<_, _>>()?;
    Ok(ok(PopularRoutesResponse { popular_routes }))
}

pub async fn popular_route(
    State(state): State<AppState>,
    At(service): At,
    query: Result<Query<ById>, axum::extract::rejection::QueryRejection>,
) -> Answer<PopularRouteResponse> {
    let id = required_id(query)?;
    let row = sqlx::query(sqlx::AssertSqlSafe(format!("{POPULAR_ROUTE} WHERE p.id = $1 AND p.service = $2")))
        .bind(&id)
        .bind(service.as_str())
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::not_found(say::ROUTE_NOT_FOUND))?;
    Ok(ok(PopularRouteResponse { popular_route: popular_route_of(&row)? }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BannerQuery {
    module_type: Option<String>,
}

/// `banners?moduleType=intercity|water`; without it, the service's own module.
pub async fn banners(
    State(state): State<AppState>,
    At(service): At,
    query: Result<Query<BannerQuery>, axum::extract::rejection::QueryRejection>,
) -> Answer<BannersResponse> {
    let Query(q) = query?;
    let module_type = match q.module_type.as_deref().map(str::trim) {
        None | Some("") => service.api_segment().to_owned(),
        Some(m @ ("intercity" | "water")) => m.to_owned(),
        Some(other) => return Err(ApiError::bad(say::MODULE_TYPE.with(&[("value", other)]))),
    };
    let rows = sqlx::query("SELECT id, title, image, link FROM banners WHERE module_type = $1 ORDER BY position")
        .bind(&module_type)
        .fetch_all(&state.pool)
        .await?;
    let banners = rows
        .iter()
        .map(|r| {
            Ok(Banner {
                id: text(r, "id")?,
                title: text(r, "title")?,
                image: text(r, "image")?,
                link: optional_text(r, "link")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(ok(BannersResponse { banners }))
}
