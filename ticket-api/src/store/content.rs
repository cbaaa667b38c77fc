//! The home pages' content: headlines, blogs, offers, cities, operators, popular routes,
//! banners. Read-only for the traveller's calls: the seed writes it, and staff
//! (`staff::content`); travellers see what is visible.

use core_wasm::service::Service;

use super::Exec;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct HeadlineRow {
    pub text: String,
    pub text_bn: Option<String>,
    pub is_visible: i64,
}

pub async fn headline<'c>(e: impl Exec<'c>, service: Service) -> Result<Option<HeadlineRow>, sqlx::Error> {
    sqlx::query_as("SELECT text, text_bn, is_visible FROM headlines WHERE service = $1")
        .bind(service.as_str())
        .fetch_optional(e)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BlogRow {
    pub id: String,
    pub title: String,
    pub summary: String,
    pub image: String,
    pub url: String,
}

pub async fn blogs<'c>(e: impl Exec<'c>) -> Result<Vec<BlogRow>, sqlx::Error> {
    sqlx::query_as("SELECT id, title, summary, image, url FROM blogs WHERE visible = 1 ORDER BY position")
        .fetch_all(e)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OfferRow {
    pub id: String,
    pub title: String,
    pub image: String,
    pub promo_code: Option<String>,
    pub description: Option<String>,
}

pub async fn offers<'c>(e: impl Exec<'c>) -> Result<Vec<OfferRow>, sqlx::Error> {
    sqlx::query_as("SELECT id, title, image, promo_code, description FROM offers WHERE visible = 1 ORDER BY position")
        .fetch_all(e)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CityRow {
    pub id: String,
    pub name: String,
    pub name_bn: Option<String>,
    pub district: String,
}

/// The cities the service's routes stop at, most popular first.
pub async fn cities<'c>(e: impl Exec<'c>, service: Service) -> Result<Vec<CityRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.id, c.name, c.name_bn, c.district FROM cities c \
         WHERE EXISTS (SELECT 1 FROM route_stops s JOIN routes r ON r.id = s.route_id \
                       WHERE s.city_id = c.id AND r.service = $1) \
         ORDER BY c.popularity, c.name",
    )
    .bind(service.as_str())
    .fetch_all(e)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OperatorRow {
    pub id: String,
    pub title: String,
    pub title_bn: Option<String>,
    pub logo: String,
    pub slug: String,
    pub description: String,
}

pub async fn operators<'c>(e: impl Exec<'c>, service: Service) -> Result<Vec<OperatorRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, title, title_bn, logo, slug, description FROM operators WHERE service = $1 ORDER BY popularity, title",
    )
    .bind(service.as_str())
    .fetch_all(e)
    .await
}

/// An operator by id or slug.
pub async fn operator<'c>(e: impl Exec<'c>, service: Service, id: &str) -> Result<Option<OperatorRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, title, title_bn, logo, slug, description FROM operators WHERE (id = $1 OR slug = $1) AND service = $2",
    )
    .bind(id)
    .bind(service.as_str())
    .fetch_optional(e)
    .await
}

/// The names of the routes an operator runs trips on.
pub async fn operator_routes<'c>(e: impl Exec<'c>, operator_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT r.name FROM trips t JOIN routes r ON r.id = t.route_id WHERE t.operator_id = $1 ORDER BY r.name",
    )
    .bind(operator_id)
    .fetch_all(e)
    .await
}

/// The classes of an operator's coaches or ships.
pub async fn operator_classes<'c>(e: impl Exec<'c>, operator_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT DISTINCT bus_class FROM vehicles WHERE operator_id = $1 ORDER BY bus_class")
        .bind(operator_id)
        .fetch_all(e)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PopularRouteRow {
    pub id: String,
    pub title: String,
    pub title_bn: Option<String>,
    pub image: Option<String>,
    pub description: Option<String>,
    pub from_name: String,
    pub from_name_bn: Option<String>,
    pub to_name: String,
    pub to_name_bn: Option<String>,
    /// The lowest fare between the two cities on any route.
    pub fare_from: Option<i64>,
}

const POPULAR_ROUTE: &str = "SELECT p.id, p.title, p.title_bn, p.image, p.description, f.name AS from_name, \
     f.name_bn AS from_name_bn, t.name AS to_name, t.name_bn AS to_name_bn, \
     (SELECT MIN(fa.fare) FROM fares fa JOIN route_stops a ON a.route_id = fa.route_id AND a.stop_index = fa.from_stop \
      JOIN route_stops b ON b.route_id = fa.route_id AND b.stop_index = fa.to_stop \
      WHERE a.city_id = p.from_city_id AND b.city_id = p.to_city_id) AS fare_from \
     FROM popular_routes p JOIN cities f ON f.id = p.from_city_id JOIN cities t ON t.id = p.to_city_id";

pub async fn popular_routes<'c>(e: impl Exec<'c>, service: Service) -> Result<Vec<PopularRouteRow>, sqlx::Error> {
    // Both parts are constants: no input reaches the SQL text.
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{POPULAR_ROUTE} WHERE p.service = $1 AND p.visible = 1 ORDER BY p.position"
    )))
    .bind(service.as_str())
    .fetch_all(e)
    .await
}

pub async fn popular_route<'c>(
    e: impl Exec<'c>,
    service: Service,
    id: &str,
) -> Result<Option<PopularRouteRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!("{POPULAR_ROUTE} WHERE p.id = $1 AND p.service = $2 AND p.visible = 1")))
        .bind(id)
        .bind(service.as_str())
        .fetch_optional(e)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BannerRow {
    pub id: String,
    pub title: String,
    pub image: String,
    pub link: Option<String>,
}

pub async fn banners<'c>(e: impl Exec<'c>, module: Service) -> Result<Vec<BannerRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, title, image, link FROM banners WHERE module_type = $1 AND visible = 1 ORDER BY position",
    )
    .bind(module.api_segment())
    .fetch_all(e)
    .await
}

/// A site setting ('helpline', 'rollout_percentage', 'network_version').
pub async fn setting<'c>(e: impl Exec<'c>, key: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT value FROM settings WHERE key = $1").bind(key).fetch_optional(e).await
}

/// An uploaded image: its type and bytes.
pub async fn image<'c>(e: impl Exec<'c>, name: &str) -> Result<Option<(String, Vec<u8>)>, sqlx::Error> {
    sqlx::query_as("SELECT content_type, bytes FROM content_images WHERE id = $1").bind(name).fetch_optional(e).await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BlogPageRow {
    pub title: String,
    pub summary: String,
    pub image: String,
    /// Sanitised when saved (`staff::markdown`); none for the demo's posts.
    pub body_html: Option<String>,
}

/// The visible post read at `url`.
pub async fn blog_page<'c>(e: impl Exec<'c>, url: &str) -> Result<Option<BlogPageRow>, sqlx::Error> {
    sqlx::query_as("SELECT title, summary, image, body_html FROM blogs WHERE url = $1 AND visible = 1")
        .bind(url)
        .fetch_optional(e)
        .await
}
