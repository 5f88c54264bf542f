/// A set of interface orientations with `UIInterfaceOrientationMask`'s bits, written as UIKit's
/// integer: portrait 2, portraitUpsideDown 4, landscapeRight 8, landscapeLeft 16 (as the
/// reader's `TraceModel.OrientationMask`).
public struct OrientationMask: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let portrait = OrientationMask(rawValue: 1 << 1)
  public static let portraitUpsideDown = OrientationMask(rawValue: 1 << 2)
  public static let landscapeRight = OrientationMask(rawValue: 1 << 3)
  public static let landscapeLeft = OrientationMask(rawValue: 1 << 4)
  public static let landscape: OrientationMask = [.landscapeLeft, .landscapeRight]
  public static let allButUpsideDown: OrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
  public static let all: OrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
}
