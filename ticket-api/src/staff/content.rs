//! The home pages' content (issue 35): banners, offers, blog posts and popular routes. An
//! operator's are its manager's; the site's (the demo's, no operator) an admin's. Each carries a
//! revision like the network's objects; `visible` false takes it off the traveller's site (it is
//! kept, and the log keeps what it was). Images and links are checked by the core's rules
//! (`core_wasm::staff::content`); blog posts are rendered and sanitised here
//! ([`super::markdown`]) and read at `/blog/{id}`.

use core_wasm::contract::staff::{Content, StaffBanner, StaffBlog, StaffOffer, StaffPopularRoute};
use core_wasm::service::Service;
use core_wasm::staff::content::{image_field, link_field};
use core_wasm::staff::messages as say;

use super::access::Staff;
use super::write::{self, Write, check_revision, code, object_id, optional, text};
use crate::AppState;
use crate::error::ApiError;

fn core(result: Result<String, say::StaffSaid>) -> Result<String, ApiError> {
    result.map_err(ApiError::bad)
}

/// Who owns a saved item, its code and id.
struct Named {
    operator: Option<String>,
    code: String,
    id: String,
}

fn named(staff: &Staff, operator_id: Option<&str>, given_code: &str) -> Result<Named, ApiError> {
    let operator = staff.operator_for(operator_id)?;
    let code = code("code", given_code)?;
    let id = object_id(operator.as_deref(), &code);
    Ok(Named { operator, code, id })
}

fn code_of(id: &str) -> String {
    super::routes::code_of(id)
}

#[derive(Debug, sqlx::FromRow)]
struct BannerRow {
    id: String,
    module_type: String,
    title: String,
    image: String,
    link: Option<String>,
    position: i64,
    visible: i64,
    operator_id: Option<String>,
    revision: i64,
}

fn banner_of(r: BannerRow) -> StaffBanner {
    StaffBanner {
        code: code_of(&r.id),
        id: Some(r.id),
        service: Service::from_api_segment(&r.module_type).unwrap_or(Service::Bus),
        title: r.title,
        image: r.image,
        link: r.link,
        position: r.position,
        visible: r.visible != 0,
        operator_id: r.operator_id,
        revision: Some(r.revision),
    }
}

#[derive(Debug, sqlx::FromRow)]
struct OfferRow {
    id: String,
    title: String,
    image: String,
    promo_code: Option<String>,
    description: Option<String>,
    position: i64,
    visible: i64,
    operator_id: Option<String>,
    revision: i64,
}

fn offer_of(r: OfferRow) -> StaffOffer {
    StaffOffer {
        code: code_of(&r.id),
        id: Some(r.id),
        title: r.title,
        image: r.image,
        promo_code: r.promo_code,
        description: r.description,
        position: r.position,
        visible: r.visible != 0,
        operator_id: r.operator_id,
        revision: Some(r.revision),
    }
}

#[derive(Debug, sqlx::FromRow)]
struct BlogRow {
    id: String,
    title: String,
    summary: String,
    image: String,
    body: Option<String>,
    url: String,
    position: i64,
    visible: i64,
    operator_id: Option<String>,
    revision: i64,
}

fn blog_of(r: BlogRow) -> StaffBlog {
    StaffBlog {
        code: code_of(&r.id),
        id: Some(r.id),
        title: r.title,
        summary: r.summary,
        image: r.image,
        body: r.body.unwrap_or_default(),
        url: Some(r.url),
        position: r.position,
        visible: r.visible != 0,
        operator_id: r.operator_id,
        revision: Some(r.revision),
    }
}

#[derive(Debug, sqlx::FromRow)]
struct PopularRow {
    id: String,
    service: String,
    from_city_id: String,
    to_city_id: String,
    title: String,
    title_bn: Option<String>,
    image: Option<String>,
    description: Option<String>,
    position: i64,
    visible: i64,
    operator_id: Option<String>,
    revision: i64,
}

fn popular_of(r: PopularRow) -> StaffPopularRoute {
    StaffPopularRoute {
        code: code_of(&r.id),
        id: Some(r.id),
        service: Service::parse(&r.service).unwrap_or(Service::Bus),
        from_city_id: r.from_city_id,
        to_city_id: r.to_city_id,
        title: r.title,
        title_bn: r.title_bn,
        image: r.image,
        description: r.description,
        position: r.position,
        visible: r.visible != 0,
        operator_id: r.operator_id,
        revision: Some(r.revision),
    }
}

const BANNER: &str =
    "SELECT id, module_type, title, image, link, position, visible, operator_id, revision FROM banners";
const OFFER: &str =
    "SELECT id, title, image, promo_code, description, position, visible, operator_id, revision FROM offers";
const BLOG: &str = "SELECT id, title, summary, image, body, url, position, visible, operator_id, revision FROM blogs";
const POPULAR: &str = "SELECT id, service, from_city_id, to_city_id, title, title_bn, image, description, position, \
     visible, operator_id, revision FROM popular_routes";

async fn one<T>(w: &mut Write, select: &str, id: &str) -> Result<Option<T>, ApiError>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    let sql = format!("{select} WHERE id = $1");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&mut *w.tx).await?)
}

/// `GET staff/content`: the caller's operators' (an admin's: everything, the site's too).
pub async fn list(state: &AppState, staff: &Staff) -> Result<Content, ApiError> {
    let mine = |operator: &Option<String>| staff.reach.covers(operator.as_deref());
    let all = |select: &str| format!("{select} ORDER BY position, id");
    let banners: Vec<BannerRow> = sqlx::query_as(sqlx::AssertSqlSafe(all(BANNER))).fetch_all(&state.pool).await?;
    let offers: Vec<OfferRow> = sqlx::query_as(sqlx::AssertSqlSafe(all(OFFER))).fetch_all(&state.pool).await?;
    let blogs: Vec<BlogRow> = sqlx::query_as(sqlx::AssertSqlSafe(all(BLOG))).fetch_all(&state.pool).await?;
    let popular: Vec<PopularRow> = sqlx::query_as(sqlx::AssertSqlSafe(all(POPULAR))).fetch_all(&state.pool).await?;
    Ok(Content {
        banners: banners.into_iter().filter(|r| mine(&r.operator_id)).map(banner_of).collect(),
        offers: offers.into_iter().filter(|r| mine(&r.operator_id)).map(offer_of).collect(),
        blogs: blogs.into_iter().filter(|r| mine(&r.operator_id)).map(blog_of).collect(),
        popular_routes: popular.into_iter().filter(|r| mine(&r.operator_id)).map(popular_of).collect(),
    })
}

fn position(value: i64) -> Result<i64, ApiError> {
    if (0..=1000).contains(&value) {
        Ok(value)
    } else {
        Err(ApiError::bad(say::OUT_OF_RANGE.with(&[("field", "position"), ("min", "0"), ("max", "1000")])))
    }
}

/// `POST staff/content/banners`.
pub async fn save_banner(state: &AppState, staff: &Staff, given: &StaffBanner) -> Result<StaffBanner, ApiError> {
    let Named { operator, code, id } = named(staff, given.operator_id.as_deref(), &given.code)?;
    let title = text("title", &given.title, 120)?;
    let image = core(image_field("image", &given.image))?;
    let link = match given.link.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
        Some(l) => Some(core(link_field("link", l))?),
        None => None,
    };
    let position = position(given.position)?;
    let mut w = write::begin(state).await?;
    let before = one::<BannerRow>(&mut w, BANNER, &id).await?.map(banner_of);
    let revision = check_revision("banner", &id, before.as_ref().and_then(|b| b.revision), given.revision)?;
    sqlx::query(
        "INSERT INTO banners (id, module_type, title, image, link, position, visible, operator_id, revision) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO UPDATE SET module_type = excluded.module_type, \
         title = excluded.title, image = excluded.image, link = excluded.link, position = excluded.position, \
         visible = excluded.visible, revision = excluded.revision",
    )
    .bind(&id)
    .bind(given.service.api_segment())
    .bind(&title)
    .bind(&image)
    .bind(&link)
    .bind(position)
    .bind(i64::from(given.visible))
    .bind(&operator)
    .bind(revision)
    .execute(&mut *w.tx)
    .await?;
    let after = StaffBanner {
        id: Some(id.clone()),
        code,
        service: given.service,
        title,
        image,
        link,
        position,
        visible: given.visible,
        operator_id: operator.clone(),
        revision: Some(revision),
    };
    w.finish(state, staff, operator.as_deref(), &format!("banner {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// `POST staff/content/offers`.
pub async fn save_offer(state: &AppState, staff: &Staff, given: &StaffOffer) -> Result<StaffOffer, ApiError> {
    let Named { operator, code, id } = named(staff, given.operator_id.as_deref(), &given.code)?;
    let title = text("title", &given.title, 120)?;
    let image = core(image_field("image", &given.image))?;
    let promo_code = match given.promo_code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) if core_wasm::staff::promo::code_ok(c) => Some(c.to_owned()),
        Some(_) => return Err(ApiError::bad(say::PROMO_CODE.with(&[]))),
        None => None,
    };
    let description = optional("description", given.description.as_deref(), 500)?;
    let position = position(given.position)?;
    let mut w = write::begin(state).await?;
    let before = one::<OfferRow>(&mut w, OFFER, &id).await?.map(offer_of);
    let revision = check_revision("offer", &id, before.as_ref().and_then(|b| b.revision), given.revision)?;
    sqlx::query(
        "INSERT INTO offers (id, title, image, promo_code, description, position, visible, operator_id, revision) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO UPDATE SET title = excluded.title, \
         image = excluded.image, promo_code = excluded.promo_code, description = excluded.description, \
         position = excluded.position, visible = excluded.visible, revision = excluded.revision",
    )
    .bind(&id)
    .bind(&title)
    .bind(&image)
    .bind(&promo_code)
    .bind(&description)
    .bind(position)
    .bind(i64::from(given.visible))
    .bind(&operator)
    .bind(revision)
    .execute(&mut *w.tx)
    .await?;
    let after = StaffOffer {
        id: Some(id.clone()),
        code,
        title,
        image,
        promo_code,
        description,
        position,
        visible: given.visible,
        operator_id: operator.clone(),
        revision: Some(revision),
    };
    w.finish(state, staff, operator.as_deref(), &format!("offer {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// A post's Markdown may be this long.
const MAX_BODY: usize = 50_000;

/// `POST staff/content/blogs`: the Markdown kept as written, its sanitised HTML beside it.
pub async fn save_blog(state: &AppState, staff: &Staff, given: &StaffBlog) -> Result<StaffBlog, ApiError> {
    let Named { operator, code, id } = named(staff, given.operator_id.as_deref(), &given.code)?;
    let title = text("title", &given.title, 120)?;
    let summary = text("summary", &given.summary, 300)?;
    let image = core(image_field("image", &given.image))?;
    if given.body.chars().count() > MAX_BODY {
        return Err(ApiError::bad(say::TOO_LONG.with(&[("field", "body"), ("max", &MAX_BODY.to_string())])));
    }
    let body = text("body", &given.body, MAX_BODY)?;
    let html = super::markdown::render(&body);
    let position = position(given.position)?;
    let url = format!("/blog/{id}");
    let mut w = write::begin(state).await?;
    let before = one::<BlogRow>(&mut w, BLOG, &id).await?.map(blog_of);
    let revision = check_revision("blog post", &id, before.as_ref().and_then(|b| b.revision), given.revision)?;
    sqlx::query(
        "INSERT INTO blogs (id, title, summary, image, url, body, body_html, position, visible, operator_id, revision) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO UPDATE SET title = excluded.title, \
         summary = excluded.summary, image = excluded.image, body = excluded.body, body_html = excluded.body_html, \
         position = excluded.position, visible = excluded.visible, revision = excluded.revision",
    )
    .bind(&id)
    .bind(&title)
    .bind(&summary)
    .bind(&image)
    .bind(&url)
    .bind(&body)
    .bind(&html)
    .bind(position)
    .bind(i64::from(given.visible))
    .bind(&operator)
    .bind(revision)
    .execute(&mut *w.tx)
    .await?;
    let after = StaffBlog {
        id: Some(id.clone()),
        code,
        title,
        summary,
        image,
        body,
        url: Some(url),
        position,
        visible: given.visible,
        operator_id: operator.clone(),
        revision: Some(revision),
    };
    w.finish(state, staff, operator.as_deref(), &format!("blog {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}

/// `POST staff/content/popular-routes`: between two cities the site knows.
pub async fn save_popular_route(
    state: &AppState,
    staff: &Staff,
    given: &StaffPopularRoute,
) -> Result<StaffPopularRoute, ApiError> {
    let Named { operator, code, id } = named(staff, given.operator_id.as_deref(), &given.code)?;
    let title = text("title", &given.title, 120)?;
    let title_bn = optional("titleBn", given.title_bn.as_deref(), 120)?;
    let image = match given.image.as_deref().map(str::trim).filter(|i| !i.is_empty()) {
        Some(i) => Some(core(image_field("image", i))?),
        None => None,
    };
    let description = optional("description", given.description.as_deref(), 500)?;
    let (from, to) = (given.from_city_id.trim().to_owned(), given.to_city_id.trim().to_owned());
    if from == to {
        return Err(ApiError::bad(say::SAME_CITY.with(&[])));
    }
    let position = position(given.position)?;
    let mut w = write::begin(state).await?;
    for (field, city) in [("fromCityId", &from), ("toCityId", &to)] {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM cities WHERE id = $1").bind(city).fetch_optional(&mut *w.tx).await?;
        if found.is_none() {
            return Err(ApiError::bad(say::UNKNOWN_REF.with(&[("field", field), ("value", city)])));
        }
    }
    let before = one::<PopularRow>(&mut w, POPULAR, &id).await?.map(popular_of);
    let revision = check_revision("popular route", &id, before.as_ref().and_then(|b| b.revision), given.revision)?;
    sqlx::query(
        "INSERT INTO popular_routes (id, service, from_city_id, to_city_id, title, title_bn, image, description, position, \
         visible, operator_id, revision) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO UPDATE \
         SET service = excluded.service, from_city_id = excluded.from_city_id, to_city_id = excluded.to_city_id, \
         title = excluded.title, title_bn = excluded.title_bn, image = excluded.image, description = excluded.description, \
         position = excluded.position, visible = excluded.visible, revision = excluded.revision",
    )
    .bind(&id)
    .bind(given.service.as_str())
    .bind(&from)
    .bind(&to)
    .bind(&title)
    .bind(&title_bn)
    .bind(&image)
    .bind(&description)
    .bind(position)
    .bind(i64::from(given.visible))
    .bind(&operator)
    .bind(revision)
    .execute(&mut *w.tx)
    .await?;
    let after = StaffPopularRoute {
        id: Some(id.clone()),
        code,
        service: given.service,
        from_city_id: from,
        to_city_id: to,
        title,
        title_bn,
        image,
        description,
        position,
        visible: given.visible,
        operator_id: operator.clone(),
        revision: Some(revision),
    };
    w.finish(state, staff, operator.as_deref(), &format!("popular route {id}"), before.as_ref(), Some(&after)).await?;
    Ok(after)
}
