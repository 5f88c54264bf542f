import Foundation

/// JSON text with sorted keys and unescaped slashes: the same input gives the same bytes.
enum SortedJSON {
  static func text<Value: Encodable>(_ value: Value) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding strings, integers, booleans, arrays and structs cannot fail (no floats to reject).
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }
}
