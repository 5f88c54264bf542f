@testable import TraceRecorder

// The recorder's own vocabulary types, under names that say whose they are: in a file that
// imports TraceModel too, the unqualified names are ambiguous, and `TraceRecorder.EventName`
// names a member of the class, not of the module.
typealias RecorderInterfaceOrientation = InterfaceOrientation
typealias RecorderDeviceOrientation = DeviceOrientation
typealias RecorderOrientationMask = OrientationMask
typealias RecorderIdiom = Idiom
typealias RecorderPresentationStyle = PresentationStyle
typealias RecorderContainerKind = ContainerKind
typealias RecorderCompression = Compression
typealias RecorderSessionHeader = SessionHeader

/// The recorder's event names and record keys, which it shares with no app (`package` and
/// internal), as `rawValue name` lines: their members are visible only where the recorder is
/// imported `@testable`, as here.
enum RecorderNames {
  static var events: [String] { EventName.allCases.map { "\($0.rawValue) \($0.name)" } }
  static var keys: [String] { RecordKey.allCases.map { "\($0.rawValue) \($0.name)" } }
}
