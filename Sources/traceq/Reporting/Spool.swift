import TraceModel
import TraceSupport

/// Text of a report written as a run goes and copied to the output at its end (a part of the
/// document that comes before something known only then: counts, the errors before the
/// warnings), in bounded memory: up to ``memoryLimit`` bytes in memory, the rest in a
/// `TemporaryFile`. Should the temporary file fail (a full disk), the text stays in memory.
final class Spool {
  /// How many bytes wait in memory before they go to the temporary file.
  static let memoryLimit = 1 << 20

  /// Records, each its length (4 bytes) and its UTF-8.
  private var buffer: [UInt8] = []
  private var file: TemporaryFile?
  /// Whether something was added.
  private(set) var isEmpty = true

  /// Adds `text`, to be handed to the output in one piece (the output adds a line break).
  func append(_ text: String) { append(utf8: text.utf8) }

  /// Adds the text whose UTF-8 is `bytes`, as ``append(_:)`` adds a text.
  func append(utf8 bytes: some Collection<UInt8>) {
    isEmpty = false
    let count = UInt32(bytes.count)
    for index in 0..<4 { buffer.append(UInt8(truncatingIfNeeded: count >> (8 * index))) }
    buffer += bytes
    guard buffer.count >= Self.memoryLimit else { return }
    do {
      let file = try file ?? TemporaryFile()
      self.file = file
      try buffer.withUnsafeBytes { try file.append($0) }
      buffer.removeAll(keepingCapacity: true)
    } catch {
      // Kept in memory.
    }
  }

  /// Hands each text added, in order, to `output`.
  func write(to output: (String) -> Void) {
    write(utf8: { output(String(decoding: $0, as: UTF8.self)) })
  }

  /// Hands the UTF-8 of each text added, in order, to `output`.
  func write(utf8 output: (ArraySlice<UInt8>) -> Void) {
    var pending: [UInt8] = []
    func emit(_ bytes: UnsafeRawBufferPointer) {
      pending += bytes
      var start = 0
      while start + 4 <= pending.count {
        let count = (0..<4).reduce(0) { $0 | Int(pending[start + $1]) << (8 * $1) }
        guard start + 4 + count <= pending.count else { break }
        output(pending[(start + 4)..<(start + 4 + count)])
        start += 4 + count
      }
      pending.removeFirst(start)
    }
    if let file {
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      var offset = 0
      while offset < file.size {
        let count = chunk.withUnsafeMutableBytes { (try? file.read(at: offset, into: $0)) ?? 0 }
        guard count > 0 else { break }
        chunk.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        offset += count
      }
    }
    buffer.withUnsafeBytes { emit($0) }
  }
}

/// The elements of one array of a pretty-printed JSON document, written as they come (each
/// encoded alone, indented to its place in the document) and spliced into the document at the
/// end (``write(_:into:to:)``): the document is the same, byte for byte, as if encoded whole.
final class JSONArraySpool {
  private let spool = Spool()
  private let indent: [UInt8]
  /// The last element's UTF-8, which waits for the next one to know whether a comma follows it.
  private var last: [UInt8]?

  /// - Parameter indent: how many spaces the array's elements are indented by.
  init(indent: Int) {
    self.indent = Array(repeating: UInt8(ascii: " "), count: indent)
  }

  /// Adds an element, as ``SortedJSON`` writes it.
  func append(_ element: some Encodable) {
    if var last {
      last.append(UInt8(ascii: ","))
      spool.append(utf8: last)
    }
    // Each line indented: the encoder writes line breaks only between lines (a string's are
    // escaped). Copied a line at a time (byte by byte, this took a fifth of the JSON output).
    var text = SortedJSON.text(element)
    var lines = indent
    text.withUTF8 { bytes in
      lines.reserveCapacity(bytes.count * 2)
      var rest = bytes[...]
      while let lineBreak = rest.firstIndex(of: UInt8(ascii: "\n")) {
        lines.append(contentsOf: rest[...lineBreak])
        lines.append(contentsOf: indent)
        rest = rest[(lineBreak + 1)...]
      }
      lines.append(contentsOf: rest)
    }
    last = lines
  }

  /// Writes the elements; an empty line for none, as JSONEncoder writes an empty array.
  func write(to output: (String) -> Void) {
    spool.write(to: output)
    output(last.map { String(decoding: $0, as: UTF8.self) } ?? "")
  }

  /// Writes `document` (pretty-printed, with the arrays of `arrays` empty) with each array's
  /// elements in place.
  static func write(
    _ document: String, into arrays: [(key: String, spool: JSONArraySpool)], to output: (String) -> Void
  ) {
    var lines = document.split(separator: "\n", omittingEmptySubsequences: false)[...]
    for (key, spool) in arrays {
      guard let opening = lines.firstIndex(where: { $0.hasSuffix("\"\(key)\" : [") }),
        opening + 1 < lines.endIndex, lines[opening + 1].isEmpty
      else {
        preconditionFailure("the document has an empty array \(key)")
      }
      output(lines[...opening].joined(separator: "\n"))
      spool.write(to: output)
      lines = lines[(opening + 2)...]
    }
    output(lines.joined(separator: "\n"))
  }

  /// How far the elements of the empty array `key` of `document` are indented.
  static func indent(of key: String, in document: String) -> Int {
    let line = document.split(separator: "\n").first { $0.hasSuffix("\"\(key)\" : [") }
    return (line?.prefix { $0 == " " }.count ?? 0) + 2
  }
}
