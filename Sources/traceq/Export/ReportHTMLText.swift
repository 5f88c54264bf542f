import Mustache

/// How the report's templates escape a value: `<`, `>`, `&`, `"` and `'` become references, as
/// the template engine's own HTML escaping does, but byte by byte. The engine's goes character
/// by character (grapheme clusters, a dictionary lookup each): it was an eighth of a report's
/// time, and it leaves a quote that a combining mark follows (`"\u{301}`) unescaped, where it
/// still ends an attribute.
struct ReportHTMLText: MustacheContentType {
  /// The name the templates select it by, in ``ReportHTMLText/template(_:)``.
  private static let name = "traceq-html"

  private static let registered: Void = MustacheContentTypes.register(ReportHTMLText(), named: name)

  /// `text`, a Mustache template, parsed to escape its values as HTML with this type.
  /// - Throws: when the template does not parse (a bug).
  static func template(_ text: String) throws -> MustacheTemplate {
    registered
    return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(name)}}" + text)
  }

  func escapeText(_ text: String) -> String {
    guard text.utf8.contains(where: { Self.reference(for: $0) != nil }) else { return text }
    var escaped: [UInt8] = []
    escaped.reserveCapacity(text.utf8.count + 32)
    for byte in text.utf8 {
      if let reference = Self.reference(for: byte) {
        escaped.append(contentsOf: reference.utf8)
      } else {
        escaped.append(byte)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  private static func reference(for byte: UInt8) -> String? {
    switch byte {
    case UInt8(ascii: "<"): "&lt;"
    case UInt8(ascii: ">"): "&gt;"
    case UInt8(ascii: "&"): "&amp;"
    case UInt8(ascii: "\""): "&quot;"
    case UInt8(ascii: "'"): "&#39;"
    default: nil
    }
  }
}
