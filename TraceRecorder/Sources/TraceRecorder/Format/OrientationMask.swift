/// A set of interface orientations with `UIInterfaceOrientationMask`'s bits, written as UIKit's
/// integer: portrait 2, portraitUpsideDown 4, landscapeRight 8, landscapeLeft 16 (as the
/// reader's `TraceModel.OrientationMask`).
public struct OrientationMask: OptionSet, Hashable, Sendable {
  /// `UIInterfaceOrientationMask`'s raw value, as written in a record.
  public let rawValue: Int
  /// The mask with UIKit's raw value `rawValue` (bits UIKit does not define are kept).
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// `.portrait` (2).
  public static let portrait = OrientationMask(rawValue: 1 << 1)
  /// `.portraitUpsideDown` (4).
  public static let portraitUpsideDown = OrientationMask(rawValue: 1 << 2)
  /// `.landscapeRight` (8).
  public static let landscapeRight = OrientationMask(rawValue: 1 << 3)
  /// `.landscapeLeft` (16).
  public static let landscapeLeft = OrientationMask(rawValue: 1 << 4)
  /// `.landscape`: both landscape orientations (24).
  public static let landscape: OrientationMask = [.landscapeLeft, .landscapeRight]
  /// `.allButUpsideDown` (26), UIKit's default on an iPhone.
  public static let allButUpsideDown: OrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
  /// `.all` (30), UIKit's default on an iPad.
  public static let all: OrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
}
