import Foundation
import Replay
import TestSupport
import Testing
import TraceModel

@testable import traceq

/// What `.traceq.yml` does to the findings of the bundled samples.
@Suite("Configuration applied to checks")
struct PolicyTests {
  /// The repository root: the samples' paths are relative to it.
  static let root = URL(fileURLWithPath: Samples.directory).deletingLastPathComponent().path

  static func policy(_ text: String) throws -> CheckPolicy { try CheckFixtures.policy(text, directory: root) }

  @Test("ignored_classes hides findings naming those controllers, for every rule or for one")
  func ignoredClasses() throws {
    let camera = Samples.path("homepwner-ipad-double-camera.ndjson.gz")
    #expect(CheckFixtures.findings([camera], policy: try Self.policy("ignored_classes: [\"UIImage*\"]")).isEmpty)

    let flipside = Samples.path("flipside-unbalanced.ndjson.gz")
    let perRule = try Self.policy("rules:\n  unbalanced-appearance:\n    ignored_classes: [MainViewController]\n")
    #expect(
      CheckFixtures.findings([flipside], policy: perRule) == ["13 unbalanced-appearance", "17 unfinished-appearance"])
  }

  @Test("a suppression marks what it matches by rule, class and path; the others stay")
  func suppressions() throws {
    let swipe = Samples.path("container-fast-swipe.ndjson.gz")
    let byRuleAndClass = try Self.policy(
      "suppressions:\n  - rule: did-move-missing\n    class: PageViewController\n    reason: pager rewrite\n")
    #expect(
      CheckFixtures.findings([swipe], policy: byRuleAndClass)
        == ["30 did-move-missing suppressed", "45 transition-without-common-parent"])

    let wrongClass = try Self.policy("suppressions:\n  - rule: did-move-missing\n    class: OtherController\n")
    #expect(
      CheckFixtures.findings([swipe], policy: wrongClass) == [
        "30 did-move-missing", "45 transition-without-common-parent",
      ])

    let byPath = try Self.policy("suppressions:\n  - path: samples/container-*\n")
    #expect(
      CheckFixtures.findings([swipe, Samples.path("portrait-screen-after-pop.ndjson.gz")], policy: byPath)
        == [
          "30 did-move-missing suppressed", "45 transition-without-common-parent suppressed",
          "25 unsupported-orientation-shown",
        ])
  }

  @Test("a suppressed finding does not fail the run; the same finding unsuppressed does")
  func suppressedDoesNotFail() throws {
    let camera = Samples.path("homepwner-ipad-double-camera.ndjson.gz")
    #expect(try CheckFixtures.report(.text, [camera]).outcome.status == .findings)
    let accepted = try Self.policy("suppressions:\n  - class: UIImagePickerController\n    reason: known, ticket 7\n")
    let (text, outcome) = try CheckFixtures.report(.text, [camera], policy: accepted)
    #expect(outcome.status == .clean)
    #expect(outcome.tally.suppressed == 2)
    #expect(!text.contains("[double-presented-popover]"))
    #expect(text.contains("not shown: 2 suppressed by the configuration"))
  }

  @Test("excluded paths and trace_files decide what a directory walk checks")
  func fileSelection() throws {
    let all = try Self.policy("")
    #expect(TraceFiles.list([Samples.directory], selection: all.fileSelection).files.count == Samples.expected.count)

    let excluded = try Self.policy("excluded: [samples/no-common-*, flipside-*]")
    let listing = TraceFiles.list([Samples.directory], selection: excluded.fileSelection)
    #expect(listing.files.count == Samples.expected.count - 3)
    #expect(!listing.files.contains { $0.contains("no-common") || $0.contains("flipside") })

    let explicit = TraceFiles.list([Samples.path("no-common-orientation.ndjson.gz")], selection: excluded.fileSelection)
    #expect(explicit.files.isEmpty && explicit.excluded == [Samples.path("no-common-orientation.ndjson.gz")])

    let named = try Self.policy("trace_files: [\"homepwner-*\"]")
    let picked = TraceFiles.list([Samples.directory], selection: named.fileSelection).files
    #expect(
      picked.map { URL(fileURLWithPath: $0).lastPathComponent } == [
        "homepwner-ipad-double-camera.ndjson.gz", "homepwner-ipad-new-item-formsheet.ndjson.gz",
        "homepwner-iphone-rotation.ndjson.gz",
      ])

    let excludedDirectory = try Self.policy("excluded: [samples]")
    #expect(TraceFiles.list([Samples.directory], selection: excludedDirectory.fileSelection).excluded.count == 1)
  }

  @Test("min_severity, severity overrides and strict decide what is reported and what fails")
  func severities() throws {
    let flipside = Samples.path("flipside-unbalanced.ndjson.gz")
    let defaults = try CheckFixtures.report(.text, [flipside])
    #expect(defaults.outcome.status == .clean, "warnings and notes do not fail by default")

    let strict = try CheckFixtures.report(.text, [flipside], policy: try Self.policy("strict: true"))
    #expect(strict.outcome.status == .findings)

    let raised = try Self.policy("min_severity: warning\nrules:\n  unbalanced-appearance: {severity: error}\n")
    let (text, outcome) = try CheckFixtures.report(.text, [flipside], policy: raised)
    #expect(outcome.status == .findings)
    #expect(text.contains(":11: error: unbalanced appearance callbacks"))
    #expect(!text.contains("unfinished-appearance"), "the note is below min_severity")
  }
}
