/// The orientation of the app's user interface, with `UIInterfaceOrientation`'s raw values.
///
/// Only these four are interface orientations; the device can also lie `faceUp`, `faceDown`
/// or be `unknown` (see ``DeviceOrientation``), which never rotate the interface.
public enum InterfaceOrientation: Int, CaseIterable, Sendable {
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeRight = 3
  case landscapeLeft = 4

  /// The name used by the trace format and by UIKit's Swift API.
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

  /// Landscape left or right.
  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

  /// The orientation named `name` in the trace format, or nil.
  public init?(name: String) {
    guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = found
  }
}

extension InterfaceOrientation: CustomStringConvertible {
  public var description: String { name }
}
