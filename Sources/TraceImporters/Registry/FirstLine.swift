/// A file's first non-blank line, as importers recognise it: its bytes as written (``raw``) and
/// without leading spaces, tabs and a byte-order mark (``text``).
package struct FirstLine {
  /// The line's bytes.
  package let raw: UnsafeRawBufferPointer
  /// The line without leading spaces, tabs and byte-order mark.
  let text: ByteText

  package init(_ raw: UnsafeRawBufferPointer) {
    self.raw = raw
    text = ByteText(raw).droppingLeading { $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
  }

  /// True when the line is a JSON object.
  var isJSONObject: Bool { text.first == UInt8(ascii: "{") }

  /// True when the line is a JSON object holding any of `keys` (with their quotes).
  func isJSONObject(holdingAnyOf keys: [String]) -> Bool {
    isJSONObject && keys.contains { text.contains($0) }
  }
}
