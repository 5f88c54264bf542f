import Testing

/// One trace reconstructed from public evidence about UIKit: where the behaviour is documented
/// or was seen, the iOS version, the trace, and what traceq must report (nothing, for a legal
/// sequence).
struct CorpusCase: CustomTestStringConvertible, Sendable {
  let name: String
  /// A public page a reader can follow: Apple's documentation, an issue thread with the console line.
  let source: String
  let os: String
  let idiom: String
  /// Extra header keys, e.g. `"supported":"portrait"`.
  let headerKeys: String
  /// The events, one JSON record a line (the header is line 1, the first event line 2).
  let events: String
  /// `line rule` for each finding, in order; empty for a sequence that must stay silent.
  let expected: [String]

  init(
    _ name: String, source: String, os: String, idiom: String = "phone", header headerKeys: String = "",
    expect expected: [String] = [], _ events: String
  ) {
    self.name = name
    self.source = source
    self.os = os
    self.idiom = idiom
    self.headerKeys = headerKeys
    self.events = events
    self.expected = expected
  }

  var testDescription: String { "\(name) (iOS \(os))" }

  var isSilent: Bool { expected.isEmpty }

  /// The whole trace, header first.
  var lines: [String] {
    let extra = headerKeys.isEmpty ? "" : "," + headerKeys
    let header = #"{"traceq":1,"idiom":""# + idiom + #"","os":""# + os + #"""# + extra + "}"
    return [header] + events.split(separator: "\n").map(String.init)
  }
}
