/// What one line of a trace turned out to be.
public enum TraceItem {
  /// A header: a new session starts here. `symbols` will name the objects of its events.
  /// (Indirect: headers are rare and large, events frequent and small.)
  indirect case session(SessionHeader, line: Int, symbols: SessionSymbols)
  /// An event of the current session.
  case event(TraceEvent)
  /// Something wrong with a line or with the stream.
  case issue(IngestIssue)
}
