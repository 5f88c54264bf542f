/// The names a generated app uses: its screens' classes, what it presents, what it logs.
struct AppVocabulary {
  let name: String
  /// Screens pushed on navigation stacks, shown in tabs and in the split's detail.
  let screens: [String]
  /// Controllers presented modally.
  let modals: [String]
  /// The pages of its custom container, and the container's class.
  let page: String
  let pager: String
  /// A navigation controller subclass (written with `"kind":"navigation"`), if the app has one.
  let navigationSubclass: String?
  /// Lines the app itself logs.
  let logs: [String]

  static let all: [AppVocabulary] = [
    AppVocabulary(
      name: "Homepwner",
      screens: [
        "BNRItemsViewController", "BNRDetailViewController", "BNRImageViewController", "BNRAssetTypeViewController",
      ],
      modals: ["BNRDetailViewController", "BNRLoginViewController"], page: "BNRTipPageViewController",
      pager: "BNRTipsContainerViewController", navigationSubclass: nil,
      logs: [
        "Saved 12 items to itemStore.archive", "BNRImageStore: cache trimmed to 40 images",
        "Item \"Rusty Spork\" updated",
      ]),
    AppVocabulary(
      name: "Mail",
      screens: [
        "MailboxListViewController", "MessageListViewController", "MessageViewController", "AttachmentViewController",
        "SearchResultsViewController",
      ],
      modals: ["ComposeViewController", "AccountSetupViewController", "MoveToFolderViewController"],
      page: "OnboardingPageViewController", pager: "OnboardingContainerViewController",
      navigationSubclass: "MailNavigationController",
      logs: [
        "[Sync] fetched 23 messages in 412 ms", "[IMAP] IDLE restarted",
        "[Search] query \"invoice 2023\" returned 7 results",
      ]),
    AppVocabulary(
      name: "Shop",
      screens: [
        "CatalogViewController", "ProductListViewController", "ProductDetailViewController", "ReviewsViewController",
        "CartViewController", "OrderHistoryViewController",
      ],
      modals: ["CheckoutViewController", "SizeGuideViewController", "LoginViewController", "ShareViewController"],
      page: "PromoPageViewController", pager: "PromoCarouselViewController", navigationSubclass: nil,
      logs: [
        "[Network] GET /api/v2/products?page=3 200 (143 ms)", "[Analytics] add_to_cart sku=48213",
        "[Cart] 3 items, total 59.90",
      ]),
    AppVocabulary(
      name: "Chess",
      screens: ["LobbyViewController", "GameViewController", "ReplayViewController", "PuzzleViewController"],
      modals: ["GameSettingsViewController", "PromotionPickerViewController", "VideoLessonViewController"],
      page: "TutorialPageViewController", pager: "TutorialContainerViewController",
      navigationSubclass: "LandscapeNavigationController",
      logs: ["[Engine] depth 14, best move e2e4", "[GameCenter] authenticated", "[Clock] white 04:59, black 05:00"]),
    AppVocabulary(
      name: "Reader",
      screens: ["LibraryViewController", "BookViewController", "ChapterListViewController", "NoteViewController"],
      modals: ["FontSettingsViewController", "StoreViewController", "DefinitionViewController"],
      page: "ReaderPageViewController", pager: "PageTurnContainerViewController", navigationSubclass: nil,
      logs: ["[Library] 214 books indexed", "[Sync] position saved: chapter 7, page 112", "[Store] receipt validated"]),
    AppVocabulary(
      name: "Weather",
      screens: [
        "CityListViewController", "ForecastViewController", "RadarViewController", "AlertDetailViewController",
      ],
      modals: ["AddCityViewController", "UnitsViewController"], page: "CityPageViewController",
      pager: "CityPagerViewController", navigationSubclass: "WeatherNavigationController",
      logs: ["[Location] accuracy 65 m", "[Forecast] 5 cities refreshed in 812 ms", "[Radar] 12 tiles cached"]),
  ]
}

/// Lines every app logs, whatever it is.
enum CommonLogs {
  static let lines = [
    "[Analytics] session resumed", "[Network] reachability: wifi", "[ImageCache] memory warning, purged 34 entries",
    "[Push] device token registered", "[Defaults] migrated settings to version 4",
    "[Database] vacuum skipped (12 MB free)",
  ]
}
