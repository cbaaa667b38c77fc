//! Content calls of both services (SPEC §7 "Content calls"): headline, blogs, offer and promo
//! images, cities, operators, popular routes, banners. Each response wraps its list in the key
//! SPEC names (`cities`, `operators`, ...).

use super::contract;

contract! {
    #[serde(rename_all = "camelCase")]
    pub struct City {
        #[serde(rename = "_id", default)]
        pub id: Option<String>,
        pub name: String,
        /// The name in Bangla, where the data has it (the `Bn` siblings: app/src/i18n/names.ts).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub name_bn: Option<String>,
        #[serde(default)]
        pub district: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Operator {
        #[serde(rename = "_id", default)]
        pub id: Option<String>,
        pub title: String,
        /// The title in Bangla, where the data has it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub title_bn: Option<String>,
        #[serde(default)]
        pub logo: Option<String>,
        #[serde(default)]
        pub slug: Option<String>,
    }

    /// An operator's page (`operator?id=`).
    #[serde(rename_all = "camelCase")]
    pub struct OperatorDetail {
        #[serde(rename = "_id")]
        pub id: String,
        pub title: String,
        /// The title in Bangla, where the data has it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub title_bn: Option<String>,
        pub logo: Option<String>,
        pub description: String,
        /// Routes the operator runs, as "From - To".
        pub routes: Vec<String>,
        pub coach_types: Vec<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Headline {
        pub text: String,
        /// The text in Bangla, where the settings have it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub text_bn: Option<String>,
        /// Headline visibility: the ticker is hidden when off.
        pub is_visible: bool,
    }

    #[serde(rename_all = "camelCase")]
    pub struct ServiceSettings {
        pub headline: Headline,
    }

    /// `get-head-line`: `busSettings` from the bus API, `launchSettings` from the launch API.
    #[serde(rename_all = "camelCase")]
    pub struct HeadlineResponse {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub bus_settings: Option<ServiceSettings>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub launch_settings: Option<ServiceSettings>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Blog {
        #[serde(rename = "_id")]
        pub id: String,
        pub title: String,
        pub summary: String,
        pub image: String,
        pub url: String,
    }

    /// An offer or promo image; its `image` path is prefixed with the configured image base.
    #[serde(rename_all = "camelCase")]
    pub struct OfferImage {
        #[serde(rename = "_id")]
        pub id: String,
        pub title: String,
        pub image: String,
        #[serde(default)]
        pub promo_code: Option<String>,
        #[serde(default)]
        pub description: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct PopularRoute {
        #[serde(rename = "_id")]
        pub id: String,
        pub from: String,
        pub to: String,
        pub title: String,
        /// `from`, `to` and `title` in Bangla, where the data has them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub from_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub to_bn: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub title_bn: Option<String>,
        #[serde(default)]
        pub image: Option<String>,
        /// The lowest fare on the route, in TK.
        #[serde(default)]
        pub fare_from: Option<f64>,
        #[serde(default)]
        pub description: Option<String>,
    }

    #[serde(rename_all = "camelCase")]
    pub struct Banner {
        #[serde(rename = "_id")]
        pub id: String,
        pub image: String,
        pub title: String,
        #[serde(default)]
        pub link: Option<String>,
    }

    /// `banners?moduleType=`: intercity for bus, water for launch.
    #[serde(rename_all = "lowercase")]
    pub enum ModuleType {
        Intercity,
        Water,
    }

    #[serde(rename_all = "camelCase")]
    pub struct CitiesResponse { pub cities: Vec<City> }
    #[serde(rename_all = "camelCase")]
    pub struct OperatorsResponse { pub operators: Vec<Operator> }
    #[serde(rename_all = "camelCase")]
    pub struct OperatorResponse { pub operator: OperatorDetail }
    #[serde(rename_all = "camelCase")]
    pub struct BlogsResponse { pub blogs: Vec<Blog> }
    #[serde(rename_all = "camelCase")]
    pub struct OfferImagesResponse { pub offer_and_promo_images: Vec<OfferImage> }
    #[serde(rename_all = "camelCase")]
    pub struct PopularRoutesResponse { pub popular_routes: Vec<PopularRoute> }
    #[serde(rename_all = "camelCase")]
    pub struct PopularRouteResponse { pub popular_route: PopularRoute }
    #[serde(rename_all = "camelCase")]
    pub struct BannersResponse { pub banners: Vec<Banner> }
}

contract! {
    /// The query of a call for one item (`operator?id=...`, `popular-route?id=...`).
    #[derive(Default)]
    pub struct ById {
        pub id: Option<String>,
    }

    /// `banners?moduleType=intercity|water`; without it, the service's own module.
    #[serde(rename_all = "camelCase")]
    #[derive(Default)]
    pub struct BannerQuery {
        pub module_type: Option<String>,
    }
}
