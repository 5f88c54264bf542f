/// The device family a session ran on (`UIUserInterfaceIdiom`).
public enum Idiom: String, CaseIterable, Sendable {
  case phone
  case pad

  /// The mask a controller supports when it never answered `supportedInterfaceOrientations`,
  /// and the Info.plist default: `all` on iPad, `allButUpsideDown` on iPhone
  /// (https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations).
  public var defaultMask: OrientationMask { self == .pad ? .all : .allButUpsideDown }

  /// UIKit's name of the idiom, for messages.
  public var uikitName: String { self == .pad ? "UIUserInterfaceIdiomPad" : "UIUserInterfaceIdiomPhone" }
}
