import Foundation
import Testing
import TraceModel
import TraceRecorderUIKit

/// The UIKit layer cannot be compiled on Linux; its table can, and these tests hold it to the
/// format: every event has a hook, every hook an event, and the installer handles each event.
@Suite("UIKit hook table")
struct HookTableTests {
  @Test("every event of the format has at least one hook entry")
  func everyEventHooked() {
    let hooked = Set(HookTable.entries.map(\.event))
    #expect(hooked == Set(EventName.allCases), "no hook: \(Set(EventName.allCases).subtracting(hooked))")
  }

  @Test("no entry twice; selectors are well-formed Objective-C selectors")
  func entriesAreWellFormed() {
    var seen: Set<String> = []
    for entry in HookTable.entries {
      let key = "\(entry.event.name) \(entry.source)"
      #expect(seen.insert(key).inserted, "\(key) twice")
      guard let selector = entry.selector else { continue }
      #expect(!selector.isEmpty && selector.allSatisfy { $0.isLetter || $0 == ":" }, "\(selector)")
      #expect(selector.first?.isLowercase == true, "\(selector)")
    }
  }

  @Test("per-class hooks are UIViewController methods: the classes that answer for themselves")
  func perClassEntries() {
    let perClass = HookTable.entries.filter {
      if case .instanceMethod(_, _, true) = $0.source { return true }
      return false
    }
    #expect(perClass.count == 14)
    for entry in perClass {
      guard case .instanceMethod(let className, _, _) = entry.source else { continue }
      #expect(className == "UIViewController", "\(entry.event.name)")
    }
    // The answers UIKit asks each class for are per class, as the format's "What controllers
    // answered" table records them per controller.
    let answers: [EventName] = [
      .supportedInterfaceOrientations, .shouldAutorotate, .preferredInterfaceOrientation, .definesPresentationContext,
    ]
    for event in answers { #expect(perClass.contains { $0.event == event }, "\(event.name) is not per class") }
  }

  /// The installer's switch, read as text: it is compiled on Apple platforms only.
  @Test("the UIKit installer has a case for every event (checked as text: it compiles on Apple platforms only)")
  func installerHandlesEveryEvent() throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/TraceRecorderUIKit/UIKitHooks.swift")
    let text = try String(contentsOf: source, encoding: .utf8)
    let installer = try #require(text.range(of: "switch entry.event {").map { text[$0.upperBound...] })
    let cases = installer.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("case .") }
      .joined(separator: " ")
    for event in EventName.allCases {
      #expect(cases.contains(".\(event.name),") || cases.contains(".\(event.name):"), "no case for \(event.name)")
    }
  }
}
