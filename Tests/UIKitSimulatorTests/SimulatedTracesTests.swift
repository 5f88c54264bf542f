import Foundation
import Testing
import TraceImporters
import TraceModel
import TraceReading

@testable import UIKitSimulator

/// A simulated trace held in memory.
private struct Simulated {
  var bytes: [UInt8] = []
  var truth = ""
  var summary = SimulatedTraces.Summary()

  init(_ settings: SimulatedTraces.Settings) throws {
    var bytes: [UInt8] = []
    var truth: [UInt8] = []
    summary = try SimulatedTraces(settings: settings).write(to: { bytes += $0 }, truth: { truth += $0 })
    self.bytes = bytes
    self.truth = String(decoding: truth, as: UTF8.self)
  }

  /// The ground truth's rows (line, session, rule), without the header.
  var rows: [[Substring]] { truth.split(separator: "\n").dropFirst().map { $0.split(separator: "\t") } }

  /// Reads the trace as `traceq ingest` would: the items and the problems found.
  func read() throws -> (events: Int, sessions: Int, issues: [IngestIssue], unknownEvents: Int) {
    let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "simulated"))
    var result = (events: 0, sessions: 0, issues: [IngestIssue](), unknownEvents: 0)
    while let item = try stream.next() {
      switch item {
      case .session: result.sessions += 1
      case .event(let event):
        result.events += 1
        if event.name == nil { result.unknownEvents += 1 }
      case .issue(let issue): result.issues.append(issue)
      }
    }
    return result
  }
}

@Suite("UIKitSimulator: simulated traces")
struct SimulatedTracesTests {
  static let small = SimulatedTraces.Settings(events: 15_000, sessions: 9, seed: 5, misuseRate: 0.01)

  @Test("every session reads without an input issue, with only event names of the format")
  func valid() throws {
    let simulated = try Simulated(Self.small)
    let read = try simulated.read()
    #expect(read.issues.isEmpty, "\(read.issues.prefix(3))")
    #expect(read.unknownEvents == 0)
    #expect(read.sessions == 9 && simulated.summary.sessions == 9)
    #expect(read.events == simulated.summary.events)
  }

  @Test("the same seed gives the same trace and truth; another seed, others")
  func deterministic() throws {
    let first = try Simulated(Self.small)
    let again = try Simulated(Self.small)
    #expect(first.bytes == again.bytes && first.truth == again.truth)
    var other = Self.small
    other.seed = 6
    #expect(try Simulated(other).bytes != first.bytes)
  }

  @Test("the ground truth names lines of its sessions, in order, with public rule ids")
  func truthRows() throws {
    let simulated = try Simulated(Self.small)
    #expect(simulated.truth.hasPrefix("line\tsession\trule\n"))
    #expect(simulated.rows.count == simulated.summary.verdicts)
    let ids = Set(RuleID.allCases.map(\.rawValue))
    var last = (session: 0, line: 0)
    for row in simulated.rows {
      let current = (session: Int(row[1])!, line: Int(row[0])!)
      #expect(ids.contains(String(row[2])))
      #expect(current.session > last.session || (current.session == last.session && current.line >= last.line))
      #expect((1...simulated.summary.lines).contains(current.line))
      last = current
    }
  }

  @Test("without misuse UIKit never sends a callback out of order, whatever the seed", arguments: [UInt64(1), 2, 3])
  func consistentWithoutMisuse(_ seed: UInt64) throws {
    let simulated = try Simulated(.init(events: 30_000, sessions: 6, seed: seed, misuseRate: 0))
    #expect(simulated.summary.uikitBreaches == 0)
    #expect(simulated.summary.misuse == 0 && simulated.summary.crashes == 0)
    let rules = Set(simulated.rows.map { String($0[2]) })
    // Without misuse only what an everyday session meets: refused rotations and screens shown
    // in an orientation they refuse after a pop or a tab switch.
    #expect(rules.isSubset(of: [RuleID.rejectedOrientation.rawValue, RuleID.unsupportedOrientationShown.rawValue]))
  }

  @Test("misuse gives verdicts of most rules, and some sessions end in an exception")
  func misuseCoverage() throws {
    let simulated = try Simulated(.init(events: 150_000, sessions: 60, seed: 11, misuseRate: 0.01))
    let rules = Set(simulated.rows.compactMap { RuleID(rawValue: String($0[2])) })
    let expected: Set<RuleID> = [
      .alreadyPresenting, .presentDuringTransition, .dismissDuringTransition, .notInWindowHierarchy,
      .presentFromDetached, .didMoveMissing, .willMoveMissing, .unbalancedAppearance, .rejectedOrientation,
      .unsupportedOrientationShown,
    ]
    #expect(expected.subtracting(rules).isEmpty, "no verdict of \(expected.subtracting(rules))")
    // Exceptions end sessions; which ones a seed meets varies.
    let exceptions: Set<RuleID> = [
      .presentActiveController, .pushSameInstance, .transitionWithoutCommonParent, .popoverOnPhone,
      .popoverReleasedWhileVisible, .noCommonOrientation, .preferredOrientationUnsupported,
    ]
    #expect(simulated.summary.crashes >= 5)
    #expect(rules.intersection(exceptions).count >= 3)
  }
}
