import Foundation
import TraceModel
import TraceReading

/// A trace file the recorder wrote, read back the way `traceq` reads it.
struct RecordedTrace {
  /// Each non-blank line: what RecordDecoder made of it, its follow-up issues, and its JSON.
  var records: [(item: TraceItem, followUps: [IngestIssue], json: [String: Any])] = []
  /// Issues: bad lines, and the end of the stream (cut short, damaged).
  var issues: [IngestIssue] = []

  /// Reads `url`; `parsingJSON` also parses each record with JSONSerialization (slow).
  init(_ url: URL, parsingJSON: Bool = false) throws {
    let reader = try TraceReader(path: url.path)
    let decoder = RecordDecoder()
    while let line = try reader.next() {
      let text = line.text()
      guard let item = decoder.decode(line) else { continue }
      if case .issue(let issue) = item {
        issues.append(issue)
        continue
      }
      let json = parsingJSON ? (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] : [:]
      records.append((item, decoder.followUps, json))
    }
    if let rejection = decoder.rejection { issues.append(rejection) }
    issues += reader.endIssues
  }

  /// The event names, in order.
  var eventNames: [EventName] {
    records.compactMap { record in
      if case .event(let event) = record.item { return event.name }
      return nil
    }
  }

  /// The `text` of console records, in order.
  var consoleLines: [String] {
    records.compactMap { record in
      if case .event(let event) = record.item, case .console(let text, _) = event.payload { return text }
      return nil
    }
  }
}

/// The id the recorder writes for `object`.
func address(_ object: AnyObject) -> String { "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16) }

/// The trace files of `directory`, oldest first.
func traceFiles(in directory: String) throws -> [URL] {
  try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".ndjson") }.sorted()
    .map { URL(fileURLWithPath: directory).appendingPathComponent($0) }
}
