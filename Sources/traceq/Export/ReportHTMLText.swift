import Mustache

/// How the report's templates escape a value: as the sessions' markup does
/// (``MarkupBytes/append(escaping:)``), the template engine's own HTML escaping but byte by
/// byte. The engine's goes character by character (grapheme clusters, a dictionary lookup
/// each), and it leaves a quote that a combining mark follows (`"\u{301}`) unescaped, where it
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
    var markup = MarkupBytes()
    markup.append(escaping: text)
    return markup.text
  }
}
