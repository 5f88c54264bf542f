import Replay
import Testing

@Suite("Console catalog")
struct ConsoleCatalogTests {
  @Test("every example is recognised as its entry, with the objects it names", arguments: ConsoleCatalog.all.map(\.id))
  func examples(_ id: String) throws {
    let entry = try #require(ConsoleCatalog.entry(id))
    #expect(!entry.examples.isEmpty && !entry.sources.isEmpty && !entry.hint.isEmpty)
    for example in entry.examples {
      let location = SourceLocation(fileID: example.file, filePath: example.file, line: example.line, column: 1)
      let found = ConsoleCatalog.recognise(example.text)
      #expect(found?.entry.id == id, sourceLocation: location)
      #expect(found?.objects.map(\.described) == example.objects, sourceLocation: location)
      var text = example.text
      let anchor = text.withUTF8 { ConsoleCatalog.filter.firstAnchor(in: UnsafeRawBufferPointer($0)) }
      #expect(anchor != nil, "no anchor of the catalog in the example", sourceLocation: location)
      #expect(
        entry.anchors.contains { example.text.contains($0) }, "no anchor of the entry in the example",
        sourceLocation: location)
    }
  }

  @Test("anchors are 7 bytes or more: the log scan moves up to 6 bytes at a time over noise")
  func anchorLength() {
    #expect(ConsoleCatalog.filter.anchors.allSatisfy { $0.utf8.count >= 7 })
    #expect(ConsoleCatalog.filter.anchors.count <= 64, "an anchor mask has 64 bits")
  }

  @Test("ids are unique kebab-case; a replay rule's id keeps that rule's severity and hint")
  func ids() {
    let ids = ConsoleCatalog.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    for entry in ConsoleCatalog.all {
      #expect(entry.id.allSatisfy { $0.isLowercase || $0 == "-" })
      if let rule = entry.replayRule {
        #expect(entry.severity == rule.severity && entry.hint == rule.hint)
      }
    }
  }

  @Test(
    "messy shapes: wrapped, quoted, HTML-escaped, addresses lost, generics, non-ASCII",
    arguments: [
      (
        "Unbalanced calls to begin/end appearance\ntransitions for <MyApp.Settings\nViewController: 0x7f9c>.",
        "unbalanced-appearance", ["MyApp.SettingsViewController 0x7f9c"]
      ),
      (
        "Attempt to present &lt;UIAlertController: 0x1&gt; on &lt;App.Home: 0x2&gt; whose view is not in the window hierarchy!",
        "not-in-window-hierarchy", ["UIAlertController 0x1", "App.Home 0x2"]
      ),
      ("Attempt to present  on  which is already presenting .", "already-presenting", ["(null)", "(null)"]),
      (
        "Unbalanced calls to begin/end appearance transitions for <SwiftUI.UIHostingController<MyApp.RootView>: 0x10b00>.",
        "unbalanced-appearance", ["SwiftUI.UIHostingController<MyApp.RootView> 0x10b00"]
      ),
      (
        "Unbalanced calls to begin/end appearance transitions for <App.設定ViewController: 0x7f…>.",
        "unbalanced-appearance", ["App.設定ViewController"]
      ),
      (
        "warning: attempt to present <A: 0x1> on <B: 0x2> while a presentation is in progress",
        "present-during-transition", ["A 0x1", "B 0x2"]
      ),
      (
        "[UIKitCore] Unbalanced calls to begin/end appearance transitions for <UITabBarController: 0x7fc>",
        "unbalanced-appearance", ["UITabBarController 0x7fc"]
      ),
    ])
  func messy(_ text: String, _ rule: String, _ objects: [String]) {
    let found = ConsoleCatalog.recognise(text)
    #expect(found?.entry.id == rule)
    #expect(found?.objects.map(\.described) == objects)
  }

  @Test(
    "lines that only look like diagnostics are not recognised",
    arguments: [
      "[Network] reachability: wifi", "Device orientation changed to landscapeLeft",
      "Attempting to connect to the server", "nested scroll views detected", "the same instance was reused",
      "Attempt to present <A: 0x1> on <B: 0x2>",
    ])
  func lookalikes(_ text: String) {
    #expect(ConsoleCatalog.recognise(text) == nil)
  }
}
