import TraceModel

/// The presentation style UIKit actually uses for a requested style on an idiom and iOS
/// version: on iPhone, sheets and popovers were full screen before iOS 13 and are card sheets
/// since (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/automatic,
/// .../pagesheet, .../popover); `currentContext` is full screen. `overCurrentContext` stays over
/// its context on iPhone too: the views beneath are not removed and a tab bar outside the
/// context stays on top of it
/// (https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/overcurrentcontext,
/// https://qiita.com/hirotakan/items/61bc8ca39714dbc9b301), so it does not decide the orientation.
package enum EffectiveStyle: String, Sendable {
  case fullScreen, overFullScreen, currentContext, overCurrentContext, sheet, popover, custom

  package init(_ requested: PresentationStyle, idiom: Idiom?, os: OSVersion?) {
    let phone = idiom == .phone
    let beforeSheets = os.map { $0 < OSVersion(13) } ?? false
    switch requested {
    case .fullScreen: self = .fullScreen
    case .overFullScreen: self = .overFullScreen
    case .custom: self = .custom
    case .automatic: self = beforeSheets ? .fullScreen : .sheet
    case .pageSheet, .formSheet: self = phone && beforeSheets ? .fullScreen : .sheet
    case .popover: self = phone ? (beforeSheets ? .fullScreen : .sheet) : .popover
    case .currentContext: self = phone ? .fullScreen : .currentContext
    case .overCurrentContext: self = .overCurrentContext
    }
  }

  /// The presenter's views leave the window, so it gets disappearance callbacks and is no
  /// longer on screen (P11: full screen and current context only).
  package var coversPresenter: Bool { self == .fullScreen || self == .currentContext }

  /// The presented controller becomes the one that decides the orientation (O2: "whenever a
  /// view controller is presented with the full-screen modal presentation style").
  package var decidesOrientation: Bool { self == .fullScreen || self == .overFullScreen }

  /// Presented from a context (the first ancestor that defines one) rather than from the root.
  package var usesPresentationContext: Bool { self == .currentContext || self == .overCurrentContext }
}

extension SessionModel {
  /// The style of a `present` record that gives none: `fullScreen` before iOS 13, `automatic`
  /// from iOS 13 (UIKit resolves it to a sheet for most controllers)
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle).
  package var defaultStyle: PresentationStyle { isAtLeast(13) ? .automatic : .fullScreen }
}
