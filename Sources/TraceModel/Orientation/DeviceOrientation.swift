/// The physical orientation of the device, with `UIDeviceOrientation`'s raw values.
///
/// As in UIKit, the device's `landscapeLeft` is the interface's `landscapeRight` and the other
/// way round ("rotating the device to the left requires rotating the content to the right");
/// `faceUp`, `faceDown` and `unknown` never rotate the interface.
public enum DeviceOrientation: Int, CaseIterable, Sendable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeLeft = 3
  case landscapeRight = 4
  case faceUp = 5
  case faceDown = 6

  /// The name used by the trace format.
  public var name: String {
    switch self {
    case .unknown: "unknown"
    case .portrait: "portrait"
    case .portraitUpsideDown: "portraitUpsideDown"
    case .landscapeLeft: "landscapeLeft"
    case .landscapeRight: "landscapeRight"
    case .faceUp: "faceUp"
    case .faceDown: "faceDown"
    }
  }

  /// The interface orientation that matches this device orientation, or nil for `faceUp`,
  /// `faceDown` and `unknown` (`UIDeviceOrientationIsValidInterfaceOrientation`).
  public var interfaceOrientation: InterfaceOrientation? {
    switch self {
    case .portrait: .portrait
    case .portraitUpsideDown: .portraitUpsideDown
    case .landscapeLeft: .landscapeRight
    case .landscapeRight: .landscapeLeft
    case .unknown, .faceUp, .faceDown: nil
    }
  }

  /// The orientation named `name` in the trace format, or nil.
  public init?(name: String) {
    guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = found
  }
}

extension DeviceOrientation: CustomStringConvertible {
  public var description: String { name }
}
