import Foundation
import TraceModel
import TraceStore
import TraceSupport

/// How `traceq query` prints rows.
enum QueryFormat: String, CaseIterable {
  /// Aligned columns with a header (widths from the first rows).
  case table
  /// RFC 4180 CSV with a header line.
  case csv
  /// One JSON array of objects, keys in column order.
  case json
  /// One JSON object per line.
  case ndjson

  /// A printer of rows in this format. CSV `forTerminal` has its control characters escaped
  /// (table and JSON always escape them), and with `escapingFormulas` its text that would start
  /// a spreadsheet formula made plain text (``CSVPrinter``).
  func makePrinter(
    columns: [String], output: @escaping (String) -> Void, forTerminal: Bool = false, escapingFormulas: Bool = false
  ) -> RowPrinter {
    switch self {
    case .table: TablePrinter(columns: columns, output: output)
    case .csv:
      CSVPrinter(columns: columns, output: output, escapingControls: forTerminal, escapingFormulas: escapingFormulas)
    case .json: JSONRowPrinter(columns: columns, output: output, arrayForm: true)
    case .ndjson: JSONRowPrinter(columns: columns, output: output, arrayForm: false)
    }
  }
}

/// Receives the rows of one statement and prints them.
protocol RowPrinter {
  /// Prints the current row of `rows` (or holds it for ``flush()``).
  func add(_ rows: any QueryRows)
  /// Prints the rows held: after the last row, and when the statement stops with an error,
  /// so that the rows read before it are printed.
  func flush()
  /// Ends the output of a statement that ran to its end (after ``flush()``).
  func finish()
}

extension RowPrinter {
  func flush() {}
}

/// A cell as text: NULL prints as `NULL` in tables and as an empty field in CSV.
enum CellText {
  static func text(_ value: StoredValue) -> String? {
    switch value {
    case .null: nil
    case .integer(let int): String(int)
    case .real(let double):
      double == double.rounded() && abs(double) < 1e15 ? String(format: "%.1f", double) : String(double)
    case .text(let string): string
    case .blob(let data): "x'" + data.map { String(format: "%02x", $0) }.joined() + "'"
    }
  }
}

/// Aligned columns. Widths come from the first `sampleSize` rows, so output starts without
/// holding the whole result; later rows wider than that stick out rather than reflow.
final class TablePrinter: RowPrinter {
  private let columns: [String]
  private let output: (String) -> Void
  private var pending: [[String?]] = []
  private var numeric: [Bool]
  private var widths: [Int]?
  private let sampleSize = 1000

  init(columns: [String], output: @escaping (String) -> Void) {
    self.columns = columns
    self.output = output
    numeric = Array(repeating: true, count: columns.count)
  }

  func add(_ rows: any QueryRows) {
    let row = rows.values
    let cells = row.map { CellText.text($0).map { TerminalText.escaped($0) } }
    if widths != nil { return printRow(cells) }
    for (index, value) in row.enumerated() {
      if case .text = value { numeric[index] = false }
      if case .blob = value { numeric[index] = false }
    }
    pending.append(cells)
    if pending.count >= sampleSize { flushSample() }
  }

  func finish() {
    if widths == nil { flushSample() }
  }

  private func flushSample() {
    var widths = columns.map(\.count)
    for cells in pending {
      for (index, cell) in cells.enumerated() { widths[index] = max(widths[index], (cell ?? "NULL").count) }
    }
    self.widths = widths
    output(zip(columns, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
    output(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    pending.forEach(printRow)
    pending = []
  }

  private func printRow(_ cells: [String?]) {
    let widths = widths ?? []
    let text = cells.enumerated().map { index, cell -> String in
      let value = cell ?? "NULL"
      let pad = String(repeating: " ", count: max(0, widths[index] - value.count))
      return numeric[index] ? pad + value : value + pad
    }
    output(text.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
  }
}

/// RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled.
///
/// Rows are written as bytes from SQLite's own memory into one reused buffer, handed to the
/// output some 16 KiB of rows at a time: a large result (100 k rows) prints at the speed of
/// SQLite's shell rather than at a few Strings per cell.
///
/// For a person at a terminal, control characters in text are escaped as ``TerminalText``
/// writes them (`\u{1B}`), so that a value cannot move the cursor or fake a line. A spreadsheet
/// runs a field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula;
/// escaping formulas puts a `'` before such text, as OWASP advises, so that it is shown as text.
final class CSVPrinter: RowPrinter {
  private let output: (String) -> Void
  private let escapesControls: Bool
  private let escapesFormulas: Bool
  // One thread prints and `add` does not re-enter: the runtime's exclusivity checks on every
  // byte appended (a tenth of printing a large result) would protect nothing.
  @exclusivity(unchecked) private var rows = LineChunks()

  init(
    columns: [String], output: @escaping (String) -> Void, escapingControls: Bool = false,
    escapingFormulas: Bool = false
  ) {
    self.output = output
    escapesControls = escapingControls
    escapesFormulas = escapingFormulas
    output(columns.map { Self.field(prepared($0)) }.joined(separator: ","))
  }

  /// The bytes that start a formula in a spreadsheet cell.
  private static let formulaStarts: [UInt8] = Array("=+-@\t\r".utf8)

  /// Text as the field will hold it: a formula made text, control characters escaped, as asked.
  private func prepared(_ text: String) -> String {
    var text = text
    if escapesFormulas, let first = text.utf8.first, Self.formulaStarts.contains(first) { text = "'" + text }
    return escapesControls ? TerminalText.escaped(text) : text
  }

  func add(_ stored: any QueryRows) {
    rows.startLine()
    for index in 0..<stored.columnCount {
      if index > 0 { rows.bytes.append(UInt8(ascii: ",")) }
      switch stored.cell(index) {
      case .null: break
      case .integer(let int): rows.bytes.appendDecimal(int)
      case .text(let bytes) where !escapesControls && !escapesFormulas: Self.appendField(bytes, to: &rows.bytes)
      case .text(let bytes):
        Self.appendField(Array(prepared(String(decoding: bytes, as: UTF8.self)).utf8), to: &rows.bytes)
      case let other: Self.appendField(Array((CellText.text(other.value) ?? "").utf8), to: &rows.bytes)
      }
    }
    rows.flushIfFull(to: output)
  }

  func flush() { rows.flush(to: output) }

  func finish() {}

  static func field(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendField(Array(text.utf8), to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `bytes`, quoted when they hold a comma, quote or line break (quotes doubled).
  private static func appendField(_ bytes: some Collection<UInt8>, to line: inout [UInt8]) {
    guard bytes.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D })
    else { return line.append(contentsOf: bytes) }
    line.append(UInt8(ascii: "\""))
    for byte in bytes {
      line.append(byte)
      if byte == UInt8(ascii: "\"") { line.append(byte) }
    }
    line.append(UInt8(ascii: "\""))
  }

}

/// JSON objects with keys in column order: integers and reals as numbers, text as strings,
/// NULL as null, blobs as hex strings. Like the CSV printer, it writes bytes from SQLite's
/// memory and hands the output some 16 KiB of lines at a time.
final class JSONRowPrinter: RowPrinter {
  /// Each column's key and colon, quoted.
  private let keys: [[UInt8]]
  private let output: (String) -> Void
  private let arrayForm: Bool
  // One thread prints and `add` does not re-enter (see ``CSVPrinter``).
  @exclusivity(unchecked) private var lines = LineChunks()
  /// The object being written.
  @exclusivity(unchecked) private var object: [UInt8] = []
  /// In array form, the last object waits for the next one to know whether it takes a comma.
  @exclusivity(unchecked) private var held: [UInt8] = []
  @exclusivity(unchecked) private var holds = false

  init(columns: [String], output: @escaping (String) -> Void, arrayForm: Bool) {
    keys = columns.map { Array((JSONString.quote($0) + ":").utf8) }
    self.output = output
    self.arrayForm = arrayForm
    if arrayForm { output("[") }
  }

  func add(_ rows: any QueryRows) {
    object.removeAll(keepingCapacity: true)
    object.append(UInt8(ascii: "{"))
    for index in 0..<rows.columnCount {
      if index > 0 { object.append(UInt8(ascii: ",")) }
      object.append(contentsOf: keys[index])
      switch rows.cell(index) {
      case .null: object.append(contentsOf: "null".utf8)
      case .integer(let int): object.appendDecimal(int)
      case .real(let double): object.append(contentsOf: (double.isFinite ? String(double) : "null").utf8)
      case .text(let bytes): JSONString.appendQuoted(bytes, to: &object)
      case .blob(let bytes):
        object.append(contentsOf: JSONString.quote(bytes.map { String(format: "%02x", $0) }.joined()).utf8)
      }
    }
    object.append(UInt8(ascii: "}"))
    if arrayForm {
      if holds {
        lines.startLine()
        lines.bytes.append(contentsOf: "  ".utf8)
        lines.bytes.append(contentsOf: held)
        lines.bytes.append(UInt8(ascii: ","))
      }
      swap(&held, &object)
      holds = true
    } else {
      lines.startLine()
      lines.bytes.append(contentsOf: object)
    }
    lines.flushIfFull(to: output)
  }

  func flush() { lines.flush(to: output) }

  func finish() {
    guard arrayForm else { return }
    if holds { output("  " + String(decoding: held, as: UTF8.self)) }
    output("]")
  }
}

/// Lines of output written as bytes and handed to the output some 16 KiB at a time, joined by
/// newlines (the output ends the last line of each call).
struct LineChunks {
  /// The lines waiting; a printer writes the current line's bytes here.
  var bytes: [UInt8] = []
  private static let size = 1 << 14

  /// Starts a line after those waiting.
  mutating func startLine() {
    if !bytes.isEmpty { bytes.append(0x0A) }
  }

  /// Hands the lines to `output` once they fill a chunk.
  mutating func flushIfFull(to output: (String) -> Void) {
    if bytes.count >= Self.size { flush(to: output) }
  }

  /// Hands the lines waiting, if any, to `output`.
  mutating func flush(to output: (String) -> Void) {
    guard !bytes.isEmpty else { return }
    output(String(decoding: bytes, as: UTF8.self))
    bytes.removeAll(keepingCapacity: true)
  }
}
