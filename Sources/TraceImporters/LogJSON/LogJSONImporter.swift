import TraceModel

extension InputKind {
  /// `log show --style json` (an array) or `--style ndjson` (one object a line).
  public static let logJSON = InputKind(rawValue: "log-json")
}

/// The JSON styles of `log show`: an array of records (`[{` first) or one record a line, each
/// with its `eventMessage`, `processImagePath`, `processID` and `timestamp`.
package struct LogJSONImporter: InputImporter {
  package var kind: InputKind { .logJSON }

  package func recognise(_ line: FirstLine) -> Recognition {
    if line.isJSONObject(holdingAnyOf: ["\"eventMessage\"", "\"machTimestamp\"", "\"traceID\""]) { return .yes }
    let text = line.text
    return text.first == UInt8(ascii: "[") && (text.count == 1 || text.dropFirst().first == UInt8(ascii: "{"))
      ? .yes : .no
  }

  package func makeDecoder(_ context: ImportContext) -> (any InputDecoder)? {
    context.consoleFilter.map { LogJSONDecoder(filter: $0) }
  }

  package var examples: [String] {
    ["[{", #"{"traceID":123,"eventMessage":"hello","processID":1}"#]
  }
}
