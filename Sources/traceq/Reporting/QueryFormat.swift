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
  /// Prints the current row of `rows`.
  func add(_ rows: StoredRows)
  func finish()
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
/// A row is written as bytes from SQLite's own memory into one reused line: a large result
/// (100 k rows) prints at the speed of SQLite's shell rather than at a few Strings per cell.
final class CSVPrinter: RowPrinter {
  private let output: (String) -> Void
  private var line: [UInt8] = []

  init(columns: [String], output: @escaping (String) -> Void) {
    self.output = output
    output(columns.map(Self.field).joined(separator: ","))
  }

  func add(_ rows: StoredRows) {
    line.removeAll(keepingCapacity: true)
    for index in 0..<rows.columnCount {
      if index > 0 { line.append(UInt8(ascii: ",")) }
      switch rows.cell(index) {
      case .null: break
      case .integer(let int): line.append(contentsOf: String(int).utf8)
      case .text(let bytes): Self.appendField(bytes, to: &line)
      case let other: Self.appendField(Array((CellText.text(other.value) ?? "").utf8), to: &line)
      }
    }
    output(String(decoding: line, as: UTF8.self))
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
/// NULL as null, blobs as hex strings.
final class JSONRowPrinter: RowPrinter {
  private let columns: [String]
  private let output: (String) -> Void
  private let arrayForm: Bool
  /// In array form, the last object waits for the next one to know whether it takes a comma.
  private var held: String?

  init(columns: [String], output: @escaping (String) -> Void, arrayForm: Bool) {
    self.columns = columns.map(JSONString.quote)
    self.output = output
    self.arrayForm = arrayForm
    if arrayForm { output("[") }
  }

  func add(_ rows: StoredRows) {
    let fields = zip(columns, rows.values).map { key, value in "\(key):\(Self.json(value))" }
    let object = "{" + fields.joined(separator: ",") + "}"
    guard arrayForm else { return output(object) }
    if let held { output("  " + held + ",") }
    held = object
  }

  func finish() {
    guard arrayForm else { return }
    if let held { output("  " + held) }
    output("]")
  }

  private static func json(_ value: StoredValue) -> String {
    switch value {
    case .null: "null"
    case .integer(let int): String(int)
    case .real(let double): double.isFinite ? String(double) : "null"
    case .text(let string): JSONString.quote(string)
    case .blob(let data): JSONString.quote(data.map { String(format: "%02x", $0) }.joined())
    }
  }
}
