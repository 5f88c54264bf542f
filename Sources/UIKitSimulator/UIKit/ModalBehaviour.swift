import TraceModel

/// What a modal presentation style does on a device: whether the presenter's views leave the
/// window (and so get disappearance callbacks), whether the presented controller takes over
/// the orientation decision, and whether the user can dismiss it with a gesture.
struct ModalBehaviour: Equatable {
  /// The style the record names (`modalPresentationStyle` at the time of the present).
  var style: PresentationStyle
  /// "The views belonging to the presenting view controller are removed after the
  /// presentation completes" (fullScreen and, on a compact iPhone before iOS 13, the sheet
  /// and popover styles that adapt to it; currentContext removes the context's views).
  /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/fullscreen
  var removesPresenterViews: Bool
  /// The presented controller decides the orientation: "the top-most full-screen view
  /// controller" (https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations).
  var decidesOrientation: Bool
  /// The user can end it without the app: a sheet swiped down (iOS 13+) or a popover tapped
  /// away (iPad, iOS 8+).
  var userDismissible: Bool

  /// How `style` behaves for a session on `os` and `idiom`. `nil` is UIKit's default:
  /// fullScreen before iOS 13, automatic from it (a page sheet for the controllers the apps
  /// present: https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/automatic).
  init(_ requested: PresentationStyle?, os: OSVersion, idiom: Idiom) {
    let sheets = os >= OSVersion(13)
    let style = requested ?? (sheets ? .automatic : .fullScreen)
    switch style {
    case .fullScreen:
      self.init(style, removes: true, decides: true, dismissible: false)
    case .pageSheet, .formSheet, .automatic:
      // iPhone before iOS 13: the sheets adapt to full screen (compact width). iPad, and
      // iPhone from iOS 13: a sheet over the presenter, which stays in the window
      // (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/pagesheet;
      // the presenter gets no callbacks: https://github.com/ReSwift/ReSwift/issues/412).
      let adapts = idiom == .phone && !sheets
      self.init(style, removes: adapts, decides: adapts, dismissible: sheets)
    case .popover:
      // iPad: a popover the user can tap away. iPhone: full screen before iOS 13, a sheet
      // from it (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/popover).
      let adapts = idiom == .phone && !sheets
      self.init(style, removes: adapts, decides: adapts, dismissible: !adapts)
    case .currentContext:
      // "The views belonging to the presenting view controller are removed after the
      // presentation completes": the context's views, not the window's
      // (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/currentcontext).
      self.init(style, removes: true, decides: false, dismissible: false)
    case .overFullScreen, .overCurrentContext, .custom:
      // "The views beneath the presented content are not removed"
      // (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/overfullscreen);
      // custom: UIPresentationController.shouldRemovePresentersView defaults to false.
      self.init(style, removes: false, decides: false, dismissible: false)
    }
  }

  private init(_ style: PresentationStyle, removes: Bool, decides: Bool, dismissible: Bool) {
    self.style = style
    removesPresenterViews = removes
    decidesOrientation = decides
    userDismissible = dismissible
  }

  /// The presenter is chosen among the ancestors that define a presentation context.
  var usesContext: Bool { style == .currentContext || style == .overCurrentContext }
}
