//! The staff calls over HTTP: one thin handler per row of `STAFF_CALLS`, and the router built
//! from the table (a row without a handler does not compile). Every call passes the gate
//! (`access::gate`) first; none shares the traveller's rate limits, caches or idempotency.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};
use axum::{Json, Router};
use core_wasm::contract::boarding::{
    BoardingClosed, BoardingCutoff, BoardingDevice, BoardingDevices, BoardingKey, BoardingKeys, BoardingScan,
    BoardingSettings, CloseBoarding, DeviceEnrolment, DeviceRevoke, EnrolDevice, EnrolledDevice, KeyChange, NewDevice,
    ScanAnswer, TripPack,
};
use core_wasm::contract::counter::{
    BlockRemove, ByPnr, CounterSeatMap, CounterSell, CounterTicket, CounterTrips, Counters, CurrentShift, OnlineQuota,
    ReportQuery, SeatBlock, SeatBlocks, Settlement, ShiftClose, ShiftOpen, Shifts, StaffCounter, StaffShift,
};
use core_wasm::contract::envelope::Envelope;
use core_wasm::contract::plans::{
    OperatorPolicy, PointMove, PointMoved, Policies, TripCancel, TripCancellation, TripChange, TripChanged, TripPoints,
};
use core_wasm::contract::staff::{
    AuditEntry, AuditPage, AuditQuery, Generate, GrantChange, ImportQuery, STAFF_CALLS, StaffBanner, StaffBlog,
    StaffCallName, StaffCity, StaffFares, StaffHeadline, StaffImage, StaffLayout, StaffOffer, StaffPoint,
    StaffPopularRoute, StaffPromo, StaffRoute, StaffSaleWindow, StaffSchedule, StaffVehicle, TotpConfirm,
};
use core_wasm::staff::roles::{Reach, Role};

use super::access::{self, Staff};
use super::{
    audit, blocks, boarding, content, counter, devices, fares, grants, images, import, layouts, places, plans, promos,
    reports, routes, sale_windows, schedules, shifts, trips, vehicles,
};
use crate::AppState;
use crate::error::ApiError;
use crate::http::extract::{Body, Speaks, ok};

type Answer<T> = Result<Json<Envelope<T>>, ApiError>;

/// A CSV file may be this large (a 10,000-line timetable is about 1 MB).
pub const CSV_LIMIT: usize = 4 * 1024 * 1024;

async fn staff_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::StaffList> {
    Ok(ok(grants::list(&s, &staff).await?))
}

async fn grant_add(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<GrantChange>,
) -> Answer<core_wasm::contract::staff::StaffMember> {
    Ok(ok(grants::add(&s, &staff, &b).await?))
}

async fn grant_remove(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<GrantChange>,
) -> Answer<core_wasm::contract::staff::StaffMember> {
    Ok(ok(grants::remove(&s, &staff, &b).await?))
}

async fn totp_enrol(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::TotpEnrolment> {
    Ok(ok(grants::enrol(&s, &staff).await?))
}

async fn totp_confirm(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<TotpConfirm>,
) -> Answer<core_wasm::contract::staff::RecoveryCodes> {
    Ok(ok(grants::confirm(&s, &staff, &b.code).await?))
}

async fn places_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::Places> {
    Ok(ok(places::list(&s, &staff).await?))
}

async fn save_city(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffCity>) -> Answer<StaffCity> {
    Ok(ok(places::save_city(&s, &staff, &b).await?))
}

async fn save_point(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffPoint>) -> Answer<StaffPoint> {
    Ok(ok(places::save_point(&s, &staff, &b).await?))
}

async fn routes_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::Routes> {
    Ok(ok(routes::list(&s, &staff).await?))
}

async fn save_route(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffRoute>) -> Answer<StaffRoute> {
    Ok(ok(routes::save(&s, &staff, &b).await?))
}

async fn layouts_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::Layouts> {
    Ok(ok(layouts::list(&s, &staff).await?))
}

async fn layout_one(State(s): State<AppState>, staff: Staff, Path(id): Path<String>) -> Answer<StaffLayout> {
    Ok(ok(layouts::one(&s, &staff, &id).await?))
}

async fn save_layout(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffLayout>) -> Answer<StaffLayout> {
    Ok(ok(layouts::save(&s, &staff, &b).await?))
}

async fn vehicles_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::Vehicles> {
    Ok(ok(vehicles::list(&s, &staff).await?))
}

async fn save_vehicle(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffVehicle>) -> Answer<StaffVehicle> {
    Ok(ok(vehicles::save(&s, &staff, &b).await?))
}

async fn schedules_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::Schedules> {
    Ok(ok(schedules::list(&s, &staff).await?))
}

async fn save_schedule(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffSchedule>) -> Answer<StaffSchedule> {
    Ok(ok(schedules::save(&s, &staff, &b).await?))
}

#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct OperatorQuery {
    #[serde(default)]
    operator_id: Option<String>,
}

/// `POST staff/schedules/import`: `text/csv` (UTF-8); 400 with `data.errors` when any line is
/// wrong.
async fn import_schedules(
    State(s): State<AppState>,
    staff: Staff,
    Query(q): Query<ImportQuery>,
    Query(op): Query<OperatorQuery>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let is_csv = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().to_ascii_lowercase().starts_with("text/csv"));
    if !is_csv {
        return ApiError::UnsupportedMediaType.into_response();
    }
    let Ok(text) = std::str::from_utf8(&body) else {
        let said = core_wasm::staff::messages::CSV_UNREADABLE.with(&[("detail", "it is not UTF-8 text")]);
        return ApiError::bad(said).into_response();
    };
    if text.contains('\0') {
        return ApiError::bad(core_wasm::server_messages::NUL_CHARACTER).into_response();
    }
    let operator = match import::operator(&staff, op.operator_id.as_deref()) {
        Ok(o) => o,
        Err(e) => return e.into_response(),
    };
    let dry_run = q.dry_run.as_deref().is_some_and(|v| matches!(v, "1" | "true" | "yes"));
    match import::import(&s, &staff, &operator, text, dry_run).await {
        Ok(result) => ok(result).into_response(),
        Err(import::Refused::Error(e)) => e.into_response(),
        Err(import::Refused::Problems(errors)) => {
            let message = format!("The file has {} problem(s); nothing was imported", errors.len());
            let body = serde_json::json!({
                "statusCode": 400,
                "message": message,
                "error": "Bad Request",
                "code": "csv.problems",
                "data": {"errors": errors},
            });
            (StatusCode::BAD_REQUEST, [(header::CACHE_CONTROL, "no-store")], Json(body)).into_response()
        }
    }
}

/// `GET staff/schedules/export`: `text/csv`, as an attachment.
async fn export_schedules(State(s): State<AppState>, staff: Staff, Query(op): Query<OperatorQuery>) -> Response {
    let result = async {
        let operator = import::operator(&staff, op.operator_id.as_deref())?;
        let text = import::export(&s, &operator).await?;
        Ok::<_, ApiError>((operator, text))
    }
    .await;
    match result {
        Ok((operator, text)) => csv_file(&format!("schedules-{operator}"), text),
        Err(e) => e.into_response(),
    }
}

/// A CSV answer as a download named `name`.csv (letters, digits, `-`, `_`, `.` and `:` of it).
fn csv_file(name: &str, text: String) -> Response {
    let name: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || "-_.:".contains(*c)).collect();
    let disposition = format!("attachment; filename=\"{name}.csv\"");
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        text,
    )
        .into_response()
}

async fn fares_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::FareList> {
    Ok(ok(fares::list(&s, &staff).await?))
}

async fn save_fares(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffFares>) -> Answer<StaffFares> {
    Ok(ok(fares::save(&s, &staff, &b).await?))
}

async fn generate(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<Generate>,
) -> Answer<core_wasm::contract::staff::Generated> {
    Ok(ok(trips::generate(&s, &staff, b.days).await?))
}

async fn trips_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::StaffTrips> {
    Ok(ok(trips::list(&s, &staff).await?))
}

/// `GET staff/audit`: a manager their operators' entries, an admin all.
async fn audit_page(State(s): State<AppState>, staff: Staff, Query(q): Query<AuditQuery>) -> Answer<AuditPage> {
    let limit = i64::from(q.limit.unwrap_or(100).clamp(1, 500));
    let before = q.before.unwrap_or(i64::MAX);
    let operators = match &staff.reach {
        Reach::Everything => None,
        Reach::Operators(ops) => Some(ops.clone()),
        Reach::Nothing => Some(Vec::new()),
    };
    let rows = audit::page(&s.pool, operators.as_deref(), before, limit).await?;
    let mut phones: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut entries = Vec::with_capacity(rows.len());
    for r in rows {
        if !phones.contains_key(&r.user_id) {
            let phone: Option<String> = sqlx::query_scalar("SELECT phone FROM users WHERE id = $1")
                .bind(&r.user_id)
                .fetch_optional(&s.pool)
                .await?;
            phones.insert(r.user_id.clone(), phone.unwrap_or_default());
        }
        entries.push(AuditEntry {
            seq: r.seq,
            at: r.at,
            phone: phones.get(&r.user_id).cloned().unwrap_or_default(),
            user_id: r.user_id,
            role: Role::parse(&r.role).unwrap_or(Role::Admin),
            operator_id: Some(r.operator_id).filter(|o| !o.is_empty()),
            call: r.call,
            object: r.object,
            before: r.before_json,
            after: r.after_json,
            address: r.client_address,
            hash: r.hash,
        });
    }
    Ok(ok(AuditPage { entries }))
}

async fn promos_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::Promos> {
    Ok(ok(promos::list(&s, &staff).await?))
}

async fn save_promo(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffPromo>) -> Answer<StaffPromo> {
    Ok(ok(promos::save(&s, &staff, &b).await?))
}

async fn headlines(State(s): State<AppState>) -> Answer<core_wasm::contract::staff::Headlines> {
    Ok(ok(promos::headlines(&s).await?))
}

async fn save_headline(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffHeadline>) -> Answer<StaffHeadline> {
    Ok(ok(promos::save_headline(&s, &staff, &b).await?))
}

async fn upload_image(
    State(s): State<AppState>,
    staff: Staff,
    headers: HeaderMap,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Answer<StaffImage> {
    // Over the limit is the image rule's refusal, in both languages, not a bare 413.
    let body = body.map_err(|_| ApiError::bad(core_wasm::staff::messages::IMAGE.with(&[("max", "1 MB")])))?;
    let claimed = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
    Ok(ok(images::upload(&s, &staff, claimed, &body).await?))
}

async fn content_list(State(s): State<AppState>, staff: Staff) -> Answer<core_wasm::contract::staff::Content> {
    Ok(ok(content::list(&s, &staff).await?))
}

async fn save_banner(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffBanner>) -> Answer<StaffBanner> {
    Ok(ok(content::save_banner(&s, &staff, &b).await?))
}

async fn save_offer(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffOffer>) -> Answer<StaffOffer> {
    Ok(ok(content::save_offer(&s, &staff, &b).await?))
}

async fn save_blog(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffBlog>) -> Answer<StaffBlog> {
    Ok(ok(content::save_blog(&s, &staff, &b).await?))
}

async fn save_popular_route(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<StaffPopularRoute>,
) -> Answer<StaffPopularRoute> {
    Ok(ok(content::save_popular_route(&s, &staff, &b).await?))
}

async fn sale_windows_list(
    State(s): State<AppState>,
    staff: Staff,
) -> Answer<core_wasm::contract::staff::SaleWindowList> {
    Ok(ok(sale_windows::list(&s, &staff).await?))
}

async fn save_sale_window(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<StaffSaleWindow>,
) -> Answer<StaffSaleWindow> {
    Ok(ok(sale_windows::save(&s, &staff, &b).await?))
}

async fn counters_list(State(s): State<AppState>, staff: Staff) -> Answer<Counters> {
    Ok(ok(shifts::counters(&s, &staff).await?))
}

async fn save_counter(State(s): State<AppState>, staff: Staff, Body(b): Body<StaffCounter>) -> Answer<StaffCounter> {
    Ok(ok(shifts::save_counter(&s, &staff, &b).await?))
}

async fn counter_trips(State(s): State<AppState>, staff: Staff) -> Answer<CounterTrips> {
    Ok(ok(counter::trips(&s, &staff).await?))
}

async fn counter_trip(
    State(s): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
    Query(q): Query<counter::SegmentQuery>,
) -> Answer<CounterSeatMap> {
    Ok(ok(counter::seat_map(&s, &staff, &id, &q).await?))
}

async fn counter_sell(State(s): State<AppState>, staff: Staff, Body(b): Body<CounterSell>) -> Answer<CounterTicket> {
    Ok(ok(counter::sell(&s, &staff, &b).await?))
}

async fn counter_cancel(State(s): State<AppState>, staff: Staff, Body(b): Body<ByPnr>) -> Answer<CounterTicket> {
    Ok(ok(counter::cancel(&s, &staff, &b.pnr).await?))
}

async fn counter_reprint(State(s): State<AppState>, staff: Staff, Body(b): Body<ByPnr>) -> Answer<CounterTicket> {
    Ok(ok(counter::reprint(&s, &staff, &b.pnr).await?))
}

/// `GET staff/counter/pdf/{pnr}`: the A4 e-ticket, in the language the request speaks.
async fn counter_pdf(
    State(s): State<AppState>,
    staff: Staff,
    Speaks(language): Speaks,
    Path(pnr): Path<String>,
) -> Result<Response, ApiError> {
    let ticket = counter::ticket_id(&s, &staff, &pnr).await?;
    crate::http::ticket_pdf::answer(&s, &ticket, language).await
}

async fn shift_current(State(s): State<AppState>, staff: Staff) -> Answer<CurrentShift> {
    Ok(ok(shifts::current(&s, &staff).await?))
}

async fn shift_open(State(s): State<AppState>, staff: Staff, Body(b): Body<ShiftOpen>) -> Answer<StaffShift> {
    Ok(ok(shifts::open(&s, &staff, &b).await?))
}

async fn shift_close(State(s): State<AppState>, staff: Staff, Body(b): Body<ShiftClose>) -> Answer<StaffShift> {
    Ok(ok(shifts::close(&s, &staff, &b).await?))
}

async fn shifts_list(State(s): State<AppState>, staff: Staff) -> Answer<Shifts> {
    Ok(ok(shifts::list(&s, &staff).await?))
}

async fn blocks_list(State(s): State<AppState>, staff: Staff) -> Answer<SeatBlocks> {
    Ok(ok(blocks::list(&s, &staff).await?))
}

async fn save_block(State(s): State<AppState>, staff: Staff, Body(b): Body<SeatBlock>) -> Answer<SeatBlock> {
    Ok(ok(blocks::save(&s, &staff, &b).await?))
}

async fn remove_block(State(s): State<AppState>, staff: Staff, Body(b): Body<BlockRemove>) -> Answer<SeatBlock> {
    Ok(ok(blocks::remove(&s, &staff, &b.id).await?))
}

async fn set_quota(State(s): State<AppState>, staff: Staff, Body(b): Body<OnlineQuota>) -> Answer<OnlineQuota> {
    Ok(ok(blocks::set_quota(&s, &staff, &b).await?))
}

/// `GET staff/reports/sales`: JSON, or with `format=csv` a file.
async fn sales_report(State(s): State<AppState>, staff: Staff, Query(q): Query<ReportQuery>) -> Response {
    let result = async {
        let report = reports::sales_report(&s, &staff, &q).await?;
        if q.format.as_deref() == Some("csv") {
            Ok(Err(reports::sales_csv(&report)?))
        } else {
            Ok::<_, ApiError>(Ok(report))
        }
    }
    .await;
    match result {
        Ok(Ok(report)) => ok(report).into_response(),
        Ok(Err(text)) => csv_file(&format!("sales-{}-{}", q.from.trim(), q.to.trim()), text),
        Err(e) => e.into_response(),
    }
}

async fn settlement(State(s): State<AppState>, staff: Staff, Query(q): Query<ReportQuery>) -> Answer<Settlement> {
    Ok(ok(reports::settlement(&s, &staff, &q).await?))
}

/// The `Device-Key` header of an enrolled phone (`id:key`).
fn device_key(headers: &HeaderMap) -> Option<&str> {
    headers.get("device-key").and_then(|v| v.to_str().ok())
}

async fn boarding_trips(State(s): State<AppState>, staff: Staff) -> Answer<CounterTrips> {
    Ok(ok(counter::trips_since(&s, &staff, core_wasm::boarding::CLOSES_AFTER_MINUTES).await?))
}

async fn boarding_scan(
    State(s): State<AppState>,
    staff: Staff,
    headers: HeaderMap,
    Body(b): Body<BoardingScan>,
) -> Answer<ScanAnswer> {
    Ok(ok(boarding::scan(&s, &staff, &b, device_key(&headers)).await?))
}

#[derive(Debug, serde::Deserialize)]
struct FormatQuery {
    #[serde(default)]
    format: Option<String>,
}

/// `GET staff/boarding/manifest/{id}`: JSON, or with `format=csv` or `format=pdf` (A4, in the
/// request's language) a file.
async fn manifest(
    State(s): State<AppState>,
    staff: Staff,
    Speaks(language): Speaks,
    Path(id): Path<String>,
    Query(q): Query<FormatQuery>,
) -> Response {
    let result = async {
        let manifest = boarding::manifest(&s, &staff, &id).await?;
        Ok::<_, ApiError>(match q.format.as_deref() {
            Some("csv") => csv_file(&format!("manifest-{}", id.trim()), boarding::manifest_csv(&manifest)?),
            Some("pdf") => {
                let doc = crate::pdf::manifest::document(&manifest, language);
                let name = crate::pdf::manifest::file_name(&manifest.trip.id);
                // Hundreds of rows of shaping and subsetting: off the async threads.
                let bytes = tokio::task::spawn_blocking(move || crate::pdf::manifest::render(&doc))
                    .await
                    .map_err(|e| ApiError::Internal(format!("pdf task: {e}")))?
                    .map_err(|e| ApiError::Internal(format!("manifest pdf: {e}")))?;
                (
                    [
                        (header::CONTENT_TYPE, "application/pdf".to_owned()),
                        (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
                        (header::CACHE_CONTROL, "no-store".to_owned()),
                    ],
                    bytes,
                )
                    .into_response()
            }
            _ => ok(manifest).into_response(),
        })
    }
    .await;
    result.unwrap_or_else(IntoResponse::into_response)
}

async fn close_boarding(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<CloseBoarding>,
) -> Answer<BoardingClosed> {
    Ok(ok(boarding::close(&s, &staff, &b).await?))
}

async fn boarding_keys(State(s): State<AppState>, staff: Staff) -> Answer<BoardingKeys> {
    Ok(ok(boarding::keys(&s, &staff).await?))
}

async fn rotate_key(State(s): State<AppState>, staff: Staff, Body(b): Body<KeyChange>) -> Answer<BoardingKey> {
    Ok(ok(boarding::rotate(&s, &staff, &b).await?))
}

async fn retire_key(State(s): State<AppState>, staff: Staff, Body(b): Body<KeyChange>) -> Answer<BoardingKey> {
    Ok(ok(boarding::retire(&s, &staff, &b).await?))
}

async fn devices_list(State(s): State<AppState>, staff: Staff) -> Answer<BoardingDevices> {
    Ok(ok(devices::list(&s, &staff).await?))
}

async fn add_device(State(s): State<AppState>, staff: Staff, Body(b): Body<NewDevice>) -> Answer<DeviceEnrolment> {
    Ok(ok(devices::add(&s, &staff, &b).await?))
}

async fn enrol_device(State(s): State<AppState>, staff: Staff, Body(b): Body<EnrolDevice>) -> Answer<EnrolledDevice> {
    Ok(ok(devices::enrol(&s, &staff, &b.code).await?))
}

async fn revoke_device(State(s): State<AppState>, staff: Staff, Body(b): Body<DeviceRevoke>) -> Answer<BoardingDevice> {
    Ok(ok(devices::revoke(&s, &staff, &b.id).await?))
}

async fn boarding_settings(State(s): State<AppState>, staff: Staff) -> Answer<BoardingSettings> {
    Ok(ok(boarding::settings(&s, &staff).await?))
}

async fn save_boarding_cutoff(
    State(s): State<AppState>,
    staff: Staff,
    Body(b): Body<BoardingCutoff>,
) -> Answer<BoardingCutoff> {
    Ok(ok(boarding::save_cutoff(&s, &staff, &b).await?))
}

async fn trip_pack(
    State(s): State<AppState>,
    staff: Staff,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Answer<TripPack> {
    Ok(ok(boarding::pack(&s, &staff, &id, device_key(&headers)).await?))
}

async fn policies_list(State(s): State<AppState>, staff: Staff) -> Answer<Policies> {
    Ok(ok(plans::policies(&s, &staff).await?))
}

async fn save_policy(State(s): State<AppState>, staff: Staff, Body(b): Body<OperatorPolicy>) -> Answer<OperatorPolicy> {
    Ok(ok(plans::save_policy(&s, &staff, &b).await?))
}

async fn cancel_trip(State(s): State<AppState>, staff: Staff, Body(b): Body<TripCancel>) -> Answer<TripCancellation> {
    Ok(ok(plans::cancel_trip(&s, &staff, &b).await?))
}

async fn change_trip(State(s): State<AppState>, staff: Staff, Body(b): Body<TripChange>) -> Answer<TripChanged> {
    Ok(ok(plans::change_trip(&s, &staff, &b).await?))
}

async fn trip_cancellation(
    State(s): State<AppState>,
    staff: Staff,
    Path(id): Path<String>,
) -> Answer<TripCancellation> {
    Ok(ok(plans::progress(&s, &staff, &id).await?))
}

async fn trip_points(State(s): State<AppState>, staff: Staff, Path(id): Path<String>) -> Answer<TripPoints> {
    Ok(ok(plans::trip_points(&s, &staff, &id).await?))
}

async fn move_point(State(s): State<AppState>, staff: Staff, Body(b): Body<PointMove>) -> Answer<PointMoved> {
    Ok(ok(plans::move_point(&s, &staff, &b).await?))
}

/// The handler of each staff call. Exhaustive: a row without a handler does not compile.
fn handler(name: StaffCallName) -> MethodRouter<AppState> {
    use StaffCallName as N;
    match name {
        N::Staff => get(staff_list),
        N::GrantAdd => post(grant_add),
        N::GrantRemove => post(grant_remove),
        N::TotpEnrol => post(totp_enrol),
        N::TotpConfirm => post(totp_confirm),
        N::Places => get(places_list),
        N::SaveCity => post(save_city),
        N::SavePoint => post(save_point),
        N::Routes => get(routes_list),
        N::SaveRoute => post(save_route),
        N::Layouts => get(layouts_list),
        N::Layout => get(layout_one),
        N::SaveLayout => post(save_layout),
        N::Vehicles => get(vehicles_list),
        N::SaveVehicle => post(save_vehicle),
        N::Schedules => get(schedules_list),
        N::SaveSchedule => post(save_schedule),
        N::ImportSchedules => post(import_schedules).layer(axum::extract::DefaultBodyLimit::max(CSV_LIMIT)),
        N::ExportSchedules => get(export_schedules),
        N::Fares => get(fares_list),
        N::SaveFares => post(save_fares),
        N::Generate => post(generate),
        N::Trips => get(trips_list),
        N::Audit => get(audit_page),
        N::Promos => get(promos_list),
        N::SavePromo => post(save_promo),
        N::Headlines => get(headlines),
        N::SaveHeadline => post(save_headline),
        N::UploadImage => {
            post(upload_image).layer(axum::extract::DefaultBodyLimit::max(core_wasm::staff::content::MAX_IMAGE_BYTES))
        }
        N::Content => get(content_list),
        N::SaveBanner => post(save_banner),
        N::SaveOffer => post(save_offer),
        N::SaveBlog => post(save_blog),
        N::SavePopularRoute => post(save_popular_route),
        N::SaleWindows => get(sale_windows_list),
        N::SaveSaleWindow => post(save_sale_window),
        N::Counters => get(counters_list),
        N::SaveCounter => post(save_counter),
        N::CounterTrips => get(counter_trips),
        N::CounterTrip => get(counter_trip),
        N::CounterSell => post(counter_sell),
        N::CounterCancel => post(counter_cancel),
        N::CounterReprint => post(counter_reprint),
        N::CounterPdf => get(counter_pdf),
        N::ShiftCurrent => get(shift_current),
        N::ShiftOpen => post(shift_open),
        N::ShiftClose => post(shift_close),
        N::Shifts => get(shifts_list),
        N::Blocks => get(blocks_list),
        N::SaveBlock => post(save_block),
        N::RemoveBlock => post(remove_block),
        N::SetQuota => post(set_quota),
        N::SalesReport => get(sales_report),
        N::Settlement => get(settlement),
        N::BoardingTrips => get(boarding_trips),
        N::BoardingScan => post(boarding_scan),
        N::Manifest => get(manifest),
        N::CloseBoarding => post(close_boarding),
        N::BoardingKeys => get(boarding_keys),
        N::RotateKey => post(rotate_key),
        N::RetireKey => post(retire_key),
        N::Devices => get(devices_list),
        N::AddDevice => post(add_device),
        N::EnrolDevice => post(enrol_device),
        N::RevokeDevice => post(revoke_device),
        N::BoardingSettings => get(boarding_settings),
        N::SaveBoardingCutoff => post(save_boarding_cutoff),
        N::Policies => get(policies_list),
        N::SavePolicy => post(save_policy),
        N::CancelTrip => post(cancel_trip),
        N::TripCancellation => get(trip_cancellation),
        N::ChangeTrip => post(change_trip),
        N::TripPoints => get(trip_points),
        N::MovePoint => post(move_point),
        N::TripPack => get(trip_pack),
    }
}

/// Every staff call under `/staff/...`, each behind the gate with its own row.
pub fn routes(state: &AppState) -> Router<AppState> {
    let mut router = Router::new();
    for call in STAFF_CALLS {
        let gate = axum::middleware::from_fn_with_state((state.clone(), call.name), access::gate);
        router = router.route(&format!("/staff/{}", call.purpose), handler(call.name).route_layer(gate));
    }
    router
}
