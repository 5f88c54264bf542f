import TraceModel

/// What a requested presentation style does on screen for the generator's script, after UIKit
/// adapts it to the device and iOS version: whether the presenter's views leave the window
/// (and it gets disappearance callbacks), and whether the presented controller takes over the
/// orientation. Written from UIKit's documentation for the generator, not taken from Replay:
/// see the oracle note at the top of ``TraceGenerator``.
struct ShownStyle {
  /// The presenter leaves the screen: full screen, or current context on iPad.
  let coversPresenter: Bool
  /// The presented controller decides the orientation: full screen or over full screen.
  let decidesOrientation: Bool

  init(_ requested: PresentationStyle, idiom: Idiom, os: OSVersion) {
    let onPhone = idiom == .phone
    // iOS 13 brought card sheets; before, an iPhone showed sheets and popovers full screen.
    let cardSheets = os >= OSVersion(13)
    switch requested {
    case .fullScreen:
      (coversPresenter, decidesOrientation) = (true, true)
    case .overFullScreen:
      (coversPresenter, decidesOrientation) = (false, true)
    case .automatic:
      (coversPresenter, decidesOrientation) = (!cardSheets, !cardSheets)
    case .pageSheet, .formSheet, .popover:
      let fullScreen = onPhone && !cardSheets
      (coversPresenter, decidesOrientation) = (fullScreen, fullScreen)
    case .currentContext:
      // Adapts to full screen on iPhone; on iPad it covers its context but does not decide.
      (coversPresenter, decidesOrientation) = (true, onPhone)
    case .overCurrentContext:
      (coversPresenter, decidesOrientation) = (false, onPhone)
    case .custom:
      (coversPresenter, decidesOrientation) = (false, false)
    }
  }
}
