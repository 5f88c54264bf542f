/// `UIModalPresentationStyle`, as a `present` record's `style`.
public enum PresentationStyle: String, CaseIterable, Sendable {
  case fullScreen, pageSheet, formSheet, currentContext, overFullScreen, overCurrentContext
  case popover, custom, automatic
}
