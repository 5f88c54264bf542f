/// The physical orientation of the device, with `UIDeviceOrientation`'s raw values and the trace
/// format's names (as the reader's `TraceModel.DeviceOrientation`).
public enum DeviceOrientation: Int, CaseIterable, Sendable {
  case unknown = 0
  case portrait = 1
  case portraitUpsideDown = 2
  case landscapeLeft = 3
  case landscapeRight = 4
  case faceUp = 5
  case faceDown = 6

  /// The name used by the trace format (a literal: records are encoded on the app's thread).
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
}
