import TraceModel

/// One line of decompressed text, without its newline (nor a `\r` before it).
/// `bytes` is valid until the reader is asked for the next line.
public struct RawLine {
  /// The line number, counted from 1.
  public let number: Int
  /// The line's bytes; for a line over the reader's limit, only its first bytes.
  public let bytes: UnsafeRawBufferPointer
  /// True for a last line that ended without a newline.
  public let isUnterminated: Bool
  /// For a line over the reader's limit: its whole length in bytes (the line is skipped).
  public let oversizedLength: Int?
  /// The line's JSON scan, when it was scanned ahead on the reading thread (valid with `bytes`).
  package var prescanned: PrescannedRecord?

  /// Line `number`, with its `bytes`.
  public init(number: Int, bytes: UnsafeRawBufferPointer, isUnterminated: Bool = false, oversizedLength: Int? = nil) {
    self.number = number
    self.bytes = bytes
    self.isUnterminated = isUnterminated
    self.oversizedLength = oversizedLength
  }

  /// The line as text (invalid UTF-8 repaired), for messages and error records.
  public func text(limit: Int = IngestIssue.rawLimit) -> String {
    String(decoding: bytes.prefix(limit), as: UTF8.self)
  }
}
