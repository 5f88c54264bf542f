/// What a file holds, told from its first non-blank line (after decompression), never from its
/// name, by the importer that recognises it (`InputImporters`): its name, as reports and the
/// store write it (`xcode-console`, `crash-report`, …). Each importer declares its own kind; the
/// trace format's is ``trace``.
public struct InputKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The kind's name, as reports and the store write it.
  public let rawValue: String

  /// The kind named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The kind's name (``rawValue``).
  public var description: String { rawValue }

  /// NDJSON in the trace format (`{"traceq":1,…}` first). Also the kind of anything JSON that
  /// is no log: it is then rejected for its missing header.
  public static let trace = InputKind(rawValue: "trace")
}
