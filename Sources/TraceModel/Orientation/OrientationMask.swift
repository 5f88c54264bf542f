/// A set of interface orientations with `UIInterfaceOrientationMask`'s bits:
/// portrait 2, portraitUpsideDown 4, landscapeRight 8, landscapeLeft 16.
public struct OrientationMask: OptionSet, Hashable, Sendable {
  /// The mask's bits, as `UIInterfaceOrientationMask`'s.
  public let rawValue: Int
  /// The mask with bits `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// `UIInterfaceOrientationMaskPortrait`.
  public static let portrait = OrientationMask(rawValue: 1 << 1)
  /// `UIInterfaceOrientationMaskPortraitUpsideDown`.
  public static let portraitUpsideDown = OrientationMask(rawValue: 1 << 2)
  /// `UIInterfaceOrientationMaskLandscapeRight`.
  public static let landscapeRight = OrientationMask(rawValue: 1 << 3)
  /// `UIInterfaceOrientationMaskLandscapeLeft`.
  public static let landscapeLeft = OrientationMask(rawValue: 1 << 4)
  /// `UIInterfaceOrientationMaskLandscape`: both landscape orientations.
  public static let landscape: OrientationMask = [.landscapeLeft, .landscapeRight]
  /// `UIInterfaceOrientationMaskAllButUpsideDown`.
  public static let allButUpsideDown: OrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
  /// `UIInterfaceOrientationMaskAll`.
  public static let all: OrientationMask = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]

  /// The names a mask may be written with in a trace, besides the four orientation names.
  public static let namedMasks: [(name: String, mask: OrientationMask)] = [
    ("all", .all), ("allButUpsideDown", .allButUpsideDown), ("landscape", .landscape),
  ]

  /// The mask called `name` (`all`, `allButUpsideDown`, `landscape` or one orientation), or nil.
  public init?(name: String) {
    if let named = Self.namedMasks.first(where: { $0.name == name }) {
      self = named.mask
    } else if let orientation = InterfaceOrientation(name: name) {
      self = orientation.mask
    } else {
      return nil
    }
  }

  /// Whether the mask has `orientation`'s bit.
  public func contains(_ orientation: InterfaceOrientation) -> Bool { contains(orientation.mask) }

  /// The orientations in the mask, in UIKit's order (portrait first).
  public var orientations: [InterfaceOrientation] {
    InterfaceOrientation.allCases.sorted { $0.rawValue < $1.rawValue }.filter { contains($0) }
  }

  /// How people write the mask: a named mask when one fits, else the orientations joined by `|`,
  /// `none` when empty.
  public var name: String {
    let valid = intersection(.all)
    if let named = Self.namedMasks.first(where: { $0.mask == valid }) { return named.name }
    if valid.isEmpty { return "none" }
    return valid.orientations.map(\.name).joined(separator: "|")
  }
}

extension OrientationMask: CustomStringConvertible {
  public var description: String { name }
}
