//! The one text name of each value of an enum that is stored or sent as text (statuses, genders,
//! services): `as_str` writes it, `TryFrom<String>` and `parse` read it back, so the mapping is
//! written once. Where the enum also crosses the wire through serde, a test checks that serde
//! writes the same names.

/// A name that is not one of the enum's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    pub kind: &'static str,
    pub name: String,
}

impl std::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not a {}", self.name, self.kind)
    }
}

impl std::error::Error for UnknownName {}

/// `names!(Type { Variant = "name", ... })`: `as_str`, `parse`, `ALL`, `TryFrom<String>` and
/// `Display` for an enum defined elsewhere.
#[macro_export]
macro_rules! names {
    ($ty:ident { $($variant:ident = $name:literal),+ $(,)? }) => {
        impl $ty {
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }

            pub fn parse(name: &str) -> Option<$ty> {
                match name {
                    $($name => Some($ty::$variant),)+
                    _ => None,
                }
            }
        }

        impl TryFrom<String> for $ty {
            type Error = $crate::names::UnknownName;

            fn try_from(name: String) -> Result<$ty, $crate::names::UnknownName> {
                $ty::parse(&name).ok_or($crate::names::UnknownName { kind: stringify!($ty), name })
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str((*self).as_str())
            }
        }
    };
}
