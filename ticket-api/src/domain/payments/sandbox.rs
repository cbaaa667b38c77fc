//! The demo's gateway, served by the API itself and mounted only with DEMO_MODE=1: a page with
//! Pay / Fail / Cancel (`http::sandbox`). It is its own server, so the page's button is its
//! verdict; it has nothing to ask later (an abandoned session is closed by the reconciler when
//! it is too old), and its refunds are done at once.

use super::{Charge, GatewayError, Opened, PaymentGateway, RefundAnswer, Verdict};
use crate::store::payments::SessionRow;

pub const NAME: &str = "sandbox";

#[derive(Debug, Clone, Copy, Default)]
pub struct Sandbox;

impl PaymentGateway for Sandbox {
    async fn open(&self, charge: &Charge<'_>) -> Result<Opened, GatewayError> {
        // A path on the API's own origin (the site resolves it against the API's base).
        Ok(Opened { redirect_url: format!("/gateway/sandbox/{}", charge.session_id), gateway_ref: None })
    }

    async fn query(&self, _session: &SessionRow) -> Result<Verdict, GatewayError> {
        Ok(Verdict::Pending)
    }

    async fn refund(
        &self,
        session: &SessionRow,
        _amount_paisa: i64,
        _reference: &str,
    ) -> Result<RefundAnswer, GatewayError> {
        Ok(RefundAnswer::Done { refund_ref: format!("sandbox-refund-{}", session.id) })
    }

    async fn refund_status(&self, _session: &SessionRow, refund_ref: &str) -> Result<RefundAnswer, GatewayError> {
        Ok(RefundAnswer::Done { refund_ref: refund_ref.to_owned() })
    }
}

/// The verdict of a button of the sandbox's page.
pub fn verdict_of(session: &SessionRow, action: &str) -> Option<Verdict> {
    match action {
        "pay" => Some(Verdict::Paid {
            tran_id: session.id.clone(),
            amount_paisa: session.amount * 100,
            currency: session.currency.clone(),
            paid_ref: format!("sandbox-{}", session.id),
        }),
        "fail" => Some(Verdict::Failed),
        "cancel" => Some(Verdict::Cancelled),
        _ => None,
    }
}
