/// Attributes, table rows and their cells, written as bytes: the page's rows state what they
/// hold and these write the tags around it, the bytes the rows wrote piece by piece before.
extension MarkupBytes {
  /// Appends ` name="value"` inside the tag being opened, `value` escaped.
  mutating func appendAttribute(_ name: String, escaping value: String) {
    append(byte: UInt8(ascii: " "))
    append(name)
    append("=\"")
    append(escaping: value)
    append(byte: UInt8(ascii: "\""))
  }

  /// Appends ` name="value"` inside the tag being opened, `value` in decimal.
  mutating func appendAttribute(_ name: String, _ value: Int) {
    append(byte: UInt8(ascii: " "))
    append(name)
    append("=\"")
    append(value)
    append(byte: UInt8(ascii: "\""))
  }

  /// Appends a table row of class `rowClass`, then a line feed: `attributes` appends the row's
  /// other attributes (``appendAttribute(_:escaping:)``), `cells` its cells (``appendCell(_:)``).
  mutating func appendRow(
    class rowClass: String, attributes: (inout MarkupBytes) -> Void, cells: (inout MarkupBytes) -> Void
  ) {
    append("<tr class=\"")
    append(rowClass)
    append(byte: UInt8(ascii: "\""))
    attributes(&self)
    append(byte: UInt8(ascii: ">"))
    cells(&self)
    append("</tr>\n")
  }

  /// Appends a cell: `attributes` appends its attributes, `content` what it holds.
  mutating func appendCell(
    attributes: (inout MarkupBytes) -> Void = { _ in }, _ content: (inout MarkupBytes) -> Void
  ) {
    append("<td")
    attributes(&self)
    append(byte: UInt8(ascii: ">"))
    content(&self)
    append("</td>")
  }

  /// Appends a cell that holds `text`, escaped.
  mutating func appendCell(escaping text: String) {
    append("<td>")
    append(escaping: text)
    append("</td>")
  }

  /// Appends a cell that holds `value` in decimal.
  mutating func appendCell(_ value: Int) {
    append("<td>")
    append(value)
    append("</td>")
  }
}
