import Testing

@testable import TraceModel

/// ``ClassOrigin`` tells the app's classes from the system's by their names; plain ASCII names
/// are read byte by byte, the others character by character, with the same answers.
@Suite("Class origin")
struct ClassOriginTests {
  @Test(
    "names of the app's and of the system's",
    arguments: [
      ("BNRDetailViewController", ClassOrigin.app), ("Root", .app), ("UI", .app), ("UIKThing", .app),
      ("UIImagePickerController", .system), ("GLKViewController", .system),
      ("INUIAddVoiceShortcutViewController", .system),
      ("MyApp.SettingsViewController", .app), ("SwiftUI.UIHostingController<MyApp.Root>", .system),
      ("MyApp.List<UIKit.UIView>", .app), ("_UIAlertControllerShimPresenter", .system), ("_Private.Thing", .system),
      ("", .app), ("Caf\u{E9}ViewController", .app), ("UIÉtatController", .app), ("UIEtatController", .system),
      ("My\u{301}App.Settings", .app), ("UIKit\u{301}.UIView", .app),
    ])
  func origin(name: String, origin: ClassOrigin) {
    #expect(ClassOrigin(className: name) == origin)
  }
}
