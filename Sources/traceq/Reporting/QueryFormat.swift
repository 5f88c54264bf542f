import Foundation
import TraceStore

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

  func makePrinter(columns: [String], output: @escaping (String) -> Void) -> RowPrinter {
    switch self {
    case .table: TablePrinter(columns: columns, output: output)
    case .csv: CSVPrinter(columns: columns, output: output)
    case .json: JSONRowPrinter(columns: columns, output: output, arrayForm: true)
    case .ndjson: JSONRowPrinter(columns: columns, output: output, arrayForm: false)
    }
  }
}

/// Receives the rows of one statement and prints them.
protocol RowPrinter {
  /// Prints the current row of `rows` (or holds it for ``flush()``).
  func add(_ rows: StoredRows)
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
  /// The decimal digits of `value`, as `String(value)` spells them, without making a String.
  static func appendDecimal(_ value: Int64, to line: inout [UInt8]) {
    if value < 0 { line.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int64.min has 19 digits
    withUnsafeMutableBytes(of: &digits) { buffer in
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      line.append(contentsOf: buffer[start...])
    }
  }

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

  func add(_ rows: StoredRows) {
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
final class CSVPrinter: RowPrinter {
  private let output: (String) -> Void
  // One thread prints and `add` does not re-enter: the runtime's exclusivity checks on every
  // byte appended (a tenth of printing a large result) would protect nothing.
  /// Whole rows, separated by newlines (the output ends the last one).
  @exclusivity(unchecked) private var rows: [UInt8] = []
  private static let chunk = 1 << 14

  init(columns: [String], output: @escaping (String) -> Void) {
    self.output = output
    output(columns.map(Self.field).joined(separator: ","))
  }

  func add(_ stored: StoredRows) {
    if !rows.isEmpty { rows.append(0x0A) }
    for index in 0..<stored.columnCount {
      if index > 0 { rows.append(UInt8(ascii: ",")) }
      switch stored.cell(index) {
      case .null: break
      case .integer(let int): CellText.appendDecimal(int, to: &rows)
      case .text(let bytes): Self.appendField(bytes, to: &rows)
      case let other: Self.appendField(Array((CellText.text(other.value) ?? "").utf8), to: &rows)
      }
    }
    if rows.count >= Self.chunk { flush() }
  }

  func flush() {
    guard !rows.isEmpty else { return }
    output(String(decoding: rows, as: UTF8.self))
    rows.removeAll(keepingCapacity: true)
  }

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
  /// Complete lines waiting for the output, separated by newlines.
  @exclusivity(unchecked) private var lines: [UInt8] = []
  /// The object being written.
  @exclusivity(unchecked) private var object: [UInt8] = []
  /// In array form, the last object waits for the next one to know whether it takes a comma.
  @exclusivity(unchecked) private var held: [UInt8] = []
  @exclusivity(unchecked) private var holds = false
  private static let chunk = 1 << 14

  init(columns: [String], output: @escaping (String) -> Void, arrayForm: Bool) {
    keys = columns.map { Array((JSONString.quote($0) + ":").utf8) }
    self.output = output
    self.arrayForm = arrayForm
    if arrayForm { output("[") }
  }

  func add(_ rows: StoredRows) {
    object.removeAll(keepingCapacity: true)
    object.append(UInt8(ascii: "{"))
    for index in 0..<rows.columnCount {
      if index > 0 { object.append(UInt8(ascii: ",")) }
      object.append(contentsOf: keys[index])
      switch rows.cell(index) {
      case .null: object.append(contentsOf: "null".utf8)
      case .integer(let int): CellText.appendDecimal(int, to: &object)
      case .real(let double): object.append(contentsOf: (double.isFinite ? String(double) : "null").utf8)
      case .text(let bytes): JSONString.appendQuoted(bytes, to: &object)
      case .blob(let bytes):
        object.append(contentsOf: JSONString.quote(bytes.map { String(format: "%02x", $0) }.joined()).utf8)
      }
    }
    object.append(UInt8(ascii: "}"))
    if arrayForm {
      if holds {
        startLine()
        lines.append(contentsOf: "  ".utf8)
        lines.append(contentsOf: held)
        lines.append(UInt8(ascii: ","))
      }
      swap(&held, &object)
      holds = true
    } else {
      startLine()
      lines.append(contentsOf: object)
    }
    if lines.count >= Self.chunk { flush() }
  }

  func flush() {
    guard !lines.isEmpty else { return }
    output(String(decoding: lines, as: UTF8.self))
    lines.removeAll(keepingCapacity: true)
  }

  func finish() {
    guard arrayForm else { return }
    if holds { output("  " + String(decoding: held, as: UTF8.self)) }
    output("]")
  }

  /// Ends the last line waiting, if any.
  private func startLine() {
    if !lines.isEmpty { lines.append(0x0A) }
  }
}
