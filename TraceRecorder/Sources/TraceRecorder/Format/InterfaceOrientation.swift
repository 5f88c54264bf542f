/// The orientation of the app's user interface, with `UIInterfaceOrientation`'s raw values and
/// the trace format's names (as the reader's `TraceModel.InterfaceOrientation`).
public enum InterfaceOrientation: Int, CaseIterable, Sendable {
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeRight = 3
  case landscapeLeft = 4

  /// The name used by the trace format and by UIKit's Swift API (a literal: records are encoded
  /// on the app's thread, and `String(describing:)` would cost more than the rest of a record).
  public var name: String {
    switch self {
    case .portrait: "portrait"
    case .portraitUpsideDown: "portraitUpsideDown"
    case .landscapeRight: "landscapeRight"
    case .landscapeLeft: "landscapeLeft"
    }
  }

  /// The mask bit of this orientation (`1 << rawValue`, as `UIInterfaceOrientationMask`).
  public var mask: OrientationMask { OrientationMask(rawValue: 1 << rawValue) }
}
