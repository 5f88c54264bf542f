import Foundation
import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel
import TraceReading

/// After each event and at each session's end, checks that every controller whose appearance,
/// presenter or presentation style changed is in the model's `changedControllers` (a timeline
/// compares only those).
private final class ChangeAuditor: SessionObserver {
  typealias Shown = (appearance: AppearState?, presenter: ObjectID?, style: EffectiveStyle?)
  let recycles: Bool
  private var model: SessionModel?
  private var last: [Shown] = []
  /// Controllers that changed without being listed: "line N: address".
  private(set) var unlisted: [String] = []
  /// Changes seen, listed or not: a trace that changes nothing proves nothing.
  private(set) var changes = 0

  init(recycles: Bool) { self.recycles = recycles }

  func sessionStarted(_ session: DrivenSession) {
    model = session.replay?.model
    model?.listsChangedControllers = true
    // A small cap, so that ids are released (and their states reset) between events.
    if recycles { model?.objectCap = 4 }
    last = []
  }

  func eventApplied(_ event: TraceEvent, findings: ArraySlice<Finding>) { audit(at: event.line) }

  func sessionEnded(_ session: DrivenSession, findings: SessionFindings) { audit(at: nil) }

  private func audit(at line: Int?) {
    guard let model else { return }
    let listed = Set(model.changedControllers)
    for offset in 0..<model.controllerCount {
      let vc = ObjectID(offset)
      let now: Shown = (model[vc].appearance, model[vc].presenter, model[vc].style)
      let before: Shown = offset < last.count ? last[offset] : (nil, nil, nil)
      guard now.appearance != before.appearance || now.presenter != before.presenter || now.style != before.style
      else { continue }
      changes += 1
      if !listed.contains(vc) { unlisted.append("line \(line ?? 0): \(model.symbols.address(of: vc))") }
    }
    last = (0..<model.controllerCount).map {
      (model[ObjectID($0)].appearance, model[ObjectID($0)].presenter, model[ObjectID($0)].style)
    }
    model.clearChangedControllers()
  }
}

@Suite("The model lists the controllers it changed")
struct ChangedControllersTests {
  /// Every rule example, triggering or not: they take most paths of the model.
  static let examples: [String] = RuleCatalog.all.flatMap { rule in
    (rule.description.triggering + rule.description.nonTriggering).map(\.text)
  }

  static let samples: [URL] = {
    let directory = RuleRegistry.repository.appendingPathComponent("samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".ndjson.gz") }.sorted().map(directory.appendingPathComponent)
  }()

  private func audit(_ stream: TraceStream, recycles: Bool) throws -> ChangeAuditor {
    let auditor = ChangeAuditor(recycles: recycles)
    _ = try SessionDriver(rules: RuleSet(RuleCatalog.all), recyclesIDs: recycles).run(stream, to: auditor)
    return auditor
  }

  @Test(
    "rule examples: each appearance, presenter or style set is listed, ids released or not", arguments: [false, true])
  func examples(recycles: Bool) throws {
    var changes = 0
    for text in Self.examples {
      let bytes = try Fixture.bytes(text, .none)
      let auditor = try audit(
        TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "example.ndjson")),
        recycles: recycles)
      #expect(auditor.unlisted.isEmpty, "\(auditor.unlisted) in\n\(text)")
      changes += auditor.changes
    }
    #expect(changes > 200)
  }

  @Test("samples: each appearance, presenter or style set is listed", arguments: samples)
  func sample(_ url: URL) throws {
    let auditor = try audit(TraceStream(path: url.path), recycles: false)
    #expect(auditor.unlisted.isEmpty, "\(auditor.unlisted)")
    #expect(auditor.changes > 0)
  }
}
