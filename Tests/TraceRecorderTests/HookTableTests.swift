import Foundation
import Testing
@testable import TraceRecorder
@testable import TraceRecorderUIKit

/// The UIKit layer's hooks cannot be compiled on Linux; its table can, and these tests hold the
/// table to the format (every event has an entry), to the selectors (each layout takes as many
/// arguments as the selector has parts), and to the hook source both ways: every layout of the
/// table has its hook function there, casting UIKit's implementation to the layout's C
/// signature, and every hook function, C signature and selector there is the table's.
@Suite("UIKit hook table")
struct HookTableTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("TraceRecorder/Sources/TraceRecorderUIKit")

  /// The text of each Swift file of the UIKit layer, by name.
  static func sourceFiles() throws -> [String: String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
    var files: [String: String] = [:]
    for name in names {
      files[name] = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
    }
    return files
  }

  /// The hook functions of LayoutHooks.swift, by name, each with its text up to the next one.
  static func hookFunctions() throws -> [String: Substring] {
    let text = try #require(try sourceFiles()["LayoutHooks.swift"])
    let starts = text.matches(of: #/static func (hook[A-Z]\w*)\(/#)
    var functions: [String: Substring] = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
      functions[String(start.1)] = text[start.range.lowerBound..<end]
    }
    return functions
  }

  static var usedLayouts: Set<ArgumentLayout> { Set(HookTable.entries.compactMap(\.layout)) }

  @Test("every event of the format has at least one entry")
  func everyEventHooked() {
    let hooked = Set(HookTable.entries.map(\.event))
    #expect(hooked == Set(EventName.allCases), "no entry: \(Set(EventName.allCases).subtracting(hooked))")
  }

  @Test("no entry twice; a method has a layout taking one argument per part of its selector")
  func entriesAreWellFormed() {
    var seen: Set<String> = []
    for entry in HookTable.entries {
      let key = "\(entry.event.name) \(entry.source)"
      #expect(seen.insert(key).inserted, "\(key) twice")
      switch entry.source {
      case .instanceMethod, .classMethod, .delegateMethod:
        let selector = entry.selector ?? ""
        #expect(!selector.isEmpty && selector.allSatisfy { $0.isLetter || $0 == ":" }, "\(selector)")
        #expect(selector.first?.isLowercase == true, "\(selector)")
        guard let layout = entry.layout else {
          Issue.record("\(selector) has no layout")
          continue
        }
        #expect(
          selector.filter { $0 == ":" }.count == layout.arguments.count,
          "\(selector) takes \(selector.filter { $0 == ":" }.count) arguments, layout \(layout) \(layout.arguments.count)"
        )
      case .completion, .notification, .associatedObject, .standardError, .unifiedLog, .recorder:
        #expect(entry.layout == nil, "\(entry.event.name): \(entry.source) hooks no method")
      }
    }
  }

  @Test("table to source: each layout's hook function casts UIKit's implementation to its C signature")
  func layoutsHaveTheirHooks() throws {
    let functions = try Self.hookFunctions()
    let installer = try #require(try Self.sourceFiles()["LayoutHooks.swift"])
    for layout in ArgumentLayout.allCases {
      let body = try #require(functions[layout.hookFunction], "no \(layout.hookFunction) in LayoutHooks.swift")
      #expect(
        body.contains("@convention(c) \(layout.swiftSignature)"),
        "\(layout.hookFunction) does not cast to @convention(c) \(layout.swiftSignature)")
      #expect(
        body.contains("@convention(block) \(layout.blockSignature)"),
        "\(layout.hookFunction)'s block is not @convention(block) \(layout.blockSignature)")
      #expect(
        body.contains("HookEvents.\(layout.rawValue)("),
        "\(layout.hookFunction) does not call HookEvents.\(layout.rawValue)")
      #expect(
        installer.contains("case .\(layout.rawValue): return \(layout.hookFunction)(cls, entry)"),
        "the installer's switch does not send .\(layout.rawValue) to \(layout.hookFunction)")
    }
    #expect(
      Self.usedLayouts == Set(ArgumentLayout.allCases),
      "layouts no entry uses: \(Set(ArgumentLayout.allCases).subtracting(Self.usedLayouts))")
  }

  @Test("source to table: every hook function, C signature and selector in the UIKit layer is the table's")
  func sourceHasNothingElse() throws {
    let layouts = Dictionary(uniqueKeysWithValues: Self.usedLayouts.map { ($0.hookFunction, $0) })
    for name in try Self.hookFunctions().keys.sorted() {
      #expect(layouts[name] != nil, "\(name) hooks a layout no entry of the table has")
    }
    let signatures = Set(Self.usedLayouts.map(\.swiftSignature))
    let selectors = Set(HookTable.entries.compactMap(\.selector))
    for (file, text) in try Self.sourceFiles() {
      // The types UIKit's implementations are cast to (`typealias Method = @convention(c) …`).
      for match in text.matches(of: #/typealias \w+ =\s*@convention\(c\) (\([^\n]*?\) -> [\w?]+)/#) {
        #expect(signatures.contains(String(match.1)), "\(file): @convention(c) \(match.1) is no layout of the table")
      }
      for match in text.matches(of: #/NSSelectorFromString\("([^"]*)"\)|#selector\(([^)]*)\)/#) {
        let selector = String(match.1 ?? match.2 ?? "")
        #expect(selectors.contains(selector), "\(file): selector \(selector) is not in the table")
      }
    }
  }

  @Test("per-class hooks are UIViewController methods: the classes that answer for themselves")
  func perClassEntries() {
    let perClass = HookTable.entries.filter(\.isPerClass)
    #expect(perClass.count == 14)
    for entry in perClass { #expect(entry.className == "UIViewController", "\(entry.event.name)") }
    let answers: [EventName] = [
      .supportedInterfaceOrientations, .shouldAutorotate, .preferredInterfaceOrientation, .definesPresentationContext,
    ]
    for event in answers { #expect(perClass.contains { $0.event == event }, "\(event.name) is not per class") }
  }

  @Test("initializer and dealloc hooks: only UIPopoverController's, behind their own feature, removed first")
  func lifecycleHooks() {
    let lifecycle = HookTable.entries.filter(\.touchesLifecycle)
    #expect(lifecycle.map(\.selector) == ["initWithContentViewController:", "dealloc"])
    #expect(lifecycle.allSatisfy { $0.className == "UIPopoverController" && $0.feature == .popoverController })
    #expect(!HookTable.entries.contains { $0.className == "UIViewController" && $0.touchesLifecycle })
    let withoutPopovers = HookTable.plan(RecordingFeature.defaults.subtracting([.popoverController]))
    #expect(withoutPopovers.filter(\.touchesLifecycle).isEmpty)
    let removal = HookTable.removalOrder(HookTable.plan(RecordingFeature.defaults))
    #expect(removal.prefix(2).map(\.selector) == ["initWithContentViewController:", "dealloc"])
    #expect(removal.count == HookTable.plan(RecordingFeature.defaults).count)
  }

  @Test("features: the defaults leave the console and the unified log off; each feature has entries")
  func features() {
    #expect(!RecordingFeature.defaults.contains(.console) && !RecordingFeature.defaults.contains(.unifiedLog))
    for feature in RecordingFeature.allCases {
      #expect(HookTable.entries.contains { $0.feature == feature }, "\(feature) turns nothing on")
    }
    #expect(HookTable.plan([]).map(\.event) == [.dropped])
    let answers = HookTable.plan([.orientationAnswers]).map(\.event)
    #expect(
      Set(answers) == [
        .windowMask, .supportedInterfaceOrientations, .shouldAutorotate, .preferredInterfaceOrientation,
        .definesPresentationContext, .dropped,
      ])
  }
}
