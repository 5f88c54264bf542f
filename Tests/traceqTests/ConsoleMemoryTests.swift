import Foundation
import TestSupport
import Testing
import TraceModel
import TraceReading

/// A console log or crash report is one session however long it is: `check` keeps a bounded
/// number of UIKit's findings of it, measured as the peak resident memory of the `traceq`
/// process (GNU time), never with timings.
@Suite("Console log memory")
struct ConsoleMemoryTests {
  /// The shapes a log of repeated diagnostics takes: an Xcode console, an `.ips` crash report
  /// (each diagnostic a different one, so that none is dropped as a repeat), a `log show --style
  /// json` array.
  enum Shape: String, CaseIterable, Sendable {
    case xcodeConsole = "log"
    case crashReport = "ips"
    case logJSON = "json"

    var fileName: String { "bomb.\(rawValue).gz" }

    /// The file's text up to its diagnostics.
    var start: String {
      switch self {
      case .xcodeConsole: ""
      case .crashReport:
        #"{"app_name":"Homepwner","timestamp":"2023-11-23 10:11:12.00 +0100","bug_type":"309"}"# + "\n{\n"
          + #"  "procName" : "Homepwner","# + "\n"
      case .logJSON: ""
      }
    }

    /// Diagnostic number `index`.
    func diagnostic(_ index: Int) -> String {
      let message = "Unbalanced calls to begin/end appearance transitions for <NavViewController: 0x\(index + 0x1000)>."
      switch self {
      case .xcodeConsole: return "2014-11-15 10:11:12.345 Homepwner[1234:a0b] \(message)\n"
      case .crashReport: return "  \"r\(index)\" : \"\(message)\",\n"
      case .logJSON:
        return (index == 0 ? "[{\n" : "},{\n") + "  \"traceID\" : \(index),\n  \"eventMessage\" : \"\(message)\",\n"
          + "  \"processID\" : 321\n"
      }
    }

    var end: String {
      switch self {
      case .xcodeConsole: ""
      case .crashReport: "  \"end\" : 1\n}\n"
      case .logJSON: "}]\n"
      }
    }
  }

  /// A gzip file of `count` diagnostics in `shape`, written piece by piece.
  static func write(_ shape: Shape, count: Int, to path: String) throws {
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? file.close() }
    let writer = CompressingWriter(compression: .gzip, level: 1) { file.write(Data($0)) }
    var chunk = shape.start
    for index in 0..<count {
      chunk += shape.diagnostic(index)
      if chunk.utf8.count > 1 << 16 {
        try writer.write(chunk)
        chunk = ""
      }
    }
    try writer.write(chunk + shape.end)
    try writer.finish()
  }

  @Test(
    "100 k UIKit diagnostics in one log are checked in under 50 MB; past 1,000 they are counted",
    arguments: Shape.allCases)
  func manyDiagnosticsStayBounded(_ shape: Shape) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write(shape, count: 100_000, to: directory.file(shape.fileName))
    let runner = CommandRunner(directory: directory.path)
    guard let (result, bytes) = try runner.peakMemory(["check", shape.fileName]) else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 0, "\(result.error)")
    let text = result.output + result.error
    #expect(
      text.contains(
        "warning: UIKit logged more than 1000 diagnostics in this session: the first 1000 are reported; the 99000 "
          + "from this line on are counted, not reported one by one (unbalanced-appearance 99000) [too-many-diagnostics]"
      ), "\(text.suffix(2000))")
    #expect(text.components(separatedBy: "[unbalanced-appearance]").count - 1 == 1000)
    // Before UIKit's findings were bounded, each one was held to the end of the log: about
    // 0.9 KB each, 100 MB or more here.
    #expect(bytes < 50 << 20, "peak resident memory \(bytes >> 20) MB")
  }
}

extension ConsoleMemoryTests {
  @Test("ingest --check of 100 k UIKit diagnostics holds no more than of 2,000; past 1,000 they are counted")
  func ingestCheckStaysBounded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let shape = Shape.xcodeConsole
    let runner = CommandRunner(directory: directory.path)
    // The same run on a log just past the cap: what ingest itself holds (more in a debug build
    // than in a release one), against which the 100 k log's peak is compared.
    func peak(_ count: Int) throws -> (result: CommandRunner.Result, bytes: Int)? {
      let name = "\(count)-\(shape.fileName)"
      try Self.write(shape, count: count, to: directory.file(name))
      return try runner.peakMemory(["ingest", "-q", "--check", "--db", "\(count).db", name])
    }
    guard let (_, baseline) = try peak(2_000), let (result, bytes) = try peak(100_000) else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("[too-many-diagnostics]"), "\(result.error.suffix(2000))")
    let stored = try runner.run([
      "query", "--db", "100000.db",
      "SELECT (SELECT count(*) FROM anomalies), (SELECT count(*) FROM ingest_errors WHERE kind = 'too-many-diagnostics')",
    ])
    #expect(stored.output.hasSuffix("\n1000,1\n"), "\(stored.output)\(stored.error)")
    // Before UIKit's findings were bounded, each was held to the end of the log: about 100 MB
    // more here than for 2,000.
    #expect(bytes - baseline < 10 << 20, "peak resident memory \(bytes >> 20) MB, \(baseline >> 20) MB for 2,000")
  }
}
