//! Staff roles and grants (DESIGN §5c). A grant is a role, for one operator or (admin) for the
//! whole site. What a role may do is decided here, once: the call table names the roles of each
//! call, and granting follows [`may_grant`].

use serde::{Deserialize, Serialize};

/// A staff role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The whole site: every operator, and granting managers.
    Admin,
    /// One operator's network, fares, promos, content and staff.
    Manager,
    /// Sells at one operator's counter.
    Counter,
    /// Boards one operator's passengers.
    Supervisor,
    /// One operator's reports and money.
    Finance,
}

impl Role {
    pub const ALL: [Role; 5] = [Role::Admin, Role::Manager, Role::Counter, Role::Supervisor, Role::Finance];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Manager => "manager",
            Role::Counter => "counter",
            Role::Supervisor => "supervisor",
            Role::Finance => "finance",
        }
    }

    pub fn parse(s: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// Roles that change the network or move money confirm a login with a TOTP code.
    pub fn needs_second_factor(self) -> bool {
        matches!(self, Role::Admin | Role::Manager | Role::Finance)
    }

    /// Every role but admin is held for one operator.
    pub fn per_operator(self) -> bool {
        self != Role::Admin
    }
}

/// One grant: a role, and the operator it is held for (none for admin).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Grant {
    pub role: Role,
    /// The operator's id; null for admin.
    #[serde(default)]
    pub operator_id: Option<String>,
}

impl Grant {
    /// A grant as it may be held: an admin's names no operator, any other's names one.
    pub fn is_well_formed(&self) -> bool {
        self.role.per_operator() == self.operator_id.as_deref().is_some_and(|o| !o.trim().is_empty())
    }
}

/// Whether someone holding `held` may give (or take away) `grant`: an admin any grant; a
/// manager any role but admin, for their own operator only.
pub fn may_grant(held: &[Grant], grant: &Grant) -> bool {
    if !grant.is_well_formed() {
        return false;
    }
    held.iter().any(|h| match h.role {
        Role::Admin => true,
        Role::Manager => grant.role != Role::Admin && h.operator_id == grant.operator_id,
        _ => false,
    })
}

/// Whether any of `held` needs a second factor at login.
pub fn needs_second_factor(held: &[Grant]) -> bool {
    held.iter().any(|g| g.role.needs_second_factor())
}

/// Which operator's objects a caller holding `held` may reach with one of `roles`: every
/// operator (an admin), some, or none (403).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    Everything,
    Operators(Vec<String>),
    Nothing,
}

impl Reach {
    pub fn of(held: &[Grant], roles: &[Role]) -> Reach {
        if held.iter().any(|g| g.role == Role::Admin && roles.contains(&Role::Admin)) {
            return Reach::Everything;
        }
        let mut operators: Vec<String> =
            held.iter().filter(|g| roles.contains(&g.role)).filter_map(|g| g.operator_id.clone()).collect();
        operators.sort();
        operators.dedup();
        if operators.is_empty() { Reach::Nothing } else { Reach::Operators(operators) }
    }

    /// Whether an object of `operator` (none: the site's own, such as a shared city) may be
    /// changed: the site's only by an admin.
    pub fn covers(&self, operator: Option<&str>) -> bool {
        match (self, operator) {
            (Reach::Everything, _) => true,
            (Reach::Operators(ops), Some(op)) => ops.iter().any(|o| o == op),
            _ => false,
        }
    }

    /// The one operator a write is for when the request names none: a caller with exactly one.
    pub fn single(&self) -> Option<&str> {
        match self {
            Reach::Operators(ops) if ops.len() == 1 => Some(&ops[0]),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(role: Role, operator: Option<&str>) -> Grant {
        Grant { role, operator_id: operator.map(str::to_owned) }
    }

    #[test]
    fn an_admin_grants_managers_and_a_manager_only_their_own_operators_roles() {
        let admin = [grant(Role::Admin, None)];
        let hanif = [grant(Role::Manager, Some("op-hanif"))];
        assert!(may_grant(&admin, &grant(Role::Manager, Some("op-hanif"))));
        assert!(may_grant(&admin, &grant(Role::Admin, None)));
        assert!(may_grant(&hanif, &grant(Role::Counter, Some("op-hanif"))));
        assert!(may_grant(&hanif, &grant(Role::Manager, Some("op-hanif"))));
        assert!(!may_grant(&hanif, &grant(Role::Counter, Some("op-green-line"))), "another operator's");
        assert!(!may_grant(&hanif, &grant(Role::Admin, None)), "a manager never makes an admin");
        let counter = [grant(Role::Counter, Some("op-hanif"))];
        assert!(!may_grant(&counter, &grant(Role::Counter, Some("op-hanif"))), "a seller grants nothing");
    }

    #[test]
    fn a_grant_names_an_operator_exactly_when_its_role_is_per_operator() {
        assert!(!grant(Role::Manager, None).is_well_formed());
        assert!(!grant(Role::Manager, Some(" ")).is_well_formed());
        assert!(!grant(Role::Admin, Some("op-hanif")).is_well_formed());
        assert!(grant(Role::Admin, None).is_well_formed());
    }

    #[test]
    fn network_and_money_roles_need_a_second_factor() {
        assert!(needs_second_factor(&[grant(Role::Finance, Some("o"))]));
        assert!(!needs_second_factor(&[grant(Role::Counter, Some("o")), grant(Role::Supervisor, Some("o"))]));
    }

    #[test]
    fn reach_is_the_operators_of_the_roles_a_call_allows() {
        let held = [grant(Role::Manager, Some("op-hanif")), grant(Role::Counter, Some("op-green-line"))];
        assert_eq!(Reach::of(&held, &[Role::Manager]), Reach::Operators(vec!["op-hanif".into()]));
        assert_eq!(Reach::of(&held, &[Role::Finance]), Reach::Nothing);
        let reach = Reach::of(&held, &[Role::Manager]);
        assert!(reach.covers(Some("op-hanif")));
        assert!(!reach.covers(Some("op-green-line")));
        assert!(!reach.covers(None), "the site's own objects are an admin's");
        assert_eq!(Reach::of(&[grant(Role::Admin, None)], &[Role::Admin, Role::Manager]), Reach::Everything);
        assert_eq!(Reach::of(&[grant(Role::Admin, None)], &[Role::Manager]), Reach::Nothing);
    }
}
