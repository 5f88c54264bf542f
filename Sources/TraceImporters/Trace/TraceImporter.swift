import TraceModel

/// NDJSON in the trace format: a header (`{"traceq":1,…}`) starts each session, every other
/// record is an event of it (`RecordDecoder`). Also the reader of any other JSON object that
/// no importer recognises, which it rejects for its missing header.
package struct TraceImporter: InputImporter {
  package var kind: InputKind { .trace }

  package func recognise(_ line: FirstLine) -> Recognition {
    guard line.isJSONObject else { return .no }
    return line.text.contains("\"traceq\"") ? .yes : .fallback
  }

  package func makeDecoder(_ context: ImportContext) -> (any InputDecoder)? {
    TraceRecordItems(maxLineLength: context.maxLineLength)
  }

  package var examples: [String] {
    [
      #"{"traceq":1,"idiom":"phone"}"#,
      #"  {"traceq":1,"idiom":"pad","app":"Homepwner"}"#,
      #"{"ev":"viewDidLoad","vc":"0x1"}"#,
      #"{"traceq":1,"bug_type":"309"}"#,
    ]
  }
}
