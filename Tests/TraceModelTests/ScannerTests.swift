import Testing

@testable import TraceModel
@testable import TraceReading

@Suite("JSON scanning")
struct ScannerTests {
  private func scan(_ text: String) -> JSONSyntaxError? {
    let scanner = RecordScanner()
    var text = text
    return text.withUTF8 { bytes in
      do throws(JSONSyntaxError) {
        try scanner.scan(UnsafeRawBufferPointer(bytes))
        return nil
      } catch {
        return error
      }
    }
  }

  @Test(
    "valid records",
    arguments: [
      #"{}"#, #" { "ev" : "x" } "#, #"{"t":0,"n":-1.5e+3,"a":[1,[2,{}],"x"],"o":{"k":null},"b":true,"c":false}"#,
      #"{"s":"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}"#, #"{"s":"héllo ✓ 😀"}"#, #"{"n":0.5,"m":-0,"e":1E9}"#,
    ])
  func valid(_ text: String) {
    #expect(scan(text) == nil)
  }

  @Test(
    "invalid records say what is wrong",
    arguments: [
      (#"[1]"#, "a record must be a JSON object"),
      (#"{"ev":"x""#, "the object is not closed"),
      (#"{"ev":"x}"#, "a string is not closed"),
      (#"{"ev" "x"}"#, "expected ':'"),
      (#"{"ev":x}"#, "unexpected character 'x'"),
      (#"{"ev":"x",}"#, "expected a key"),
      (#"{"n":01}"#, "leading zeros"),
      (#"{"n":1.}"#, "a digit must follow the decimal point"),
      (#"{"n":tru}"#, "unexpected word"),
      (#"{"s":"\q"}"#, "is not a JSON escape"),
      (#"{"s":"\u12"}"#, "four hex digits"),
      ("{\"s\":\"a\u{01}b\"}", "control character"),
      (#"{"a":1} x"#, "unexpected text after the JSON object"),
      (#"{"a":[1,2}"#, "expected ',' or ']'"),
    ])
  func invalid(_ text: String, _ message: String) throws {
    let error = try #require(scan(text))
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test("bytes that are not UTF-8 are refused")
  func invalidUTF8() {
    let scanner = RecordScanner()
    for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]] {
      let line = Array(#"{"s":""#.utf8) + bytes + Array(#""}"#.utf8)
      let failed = line.withUnsafeBytes { buffer in
        do throws(JSONSyntaxError) {
          try scanner.scan(buffer)
          return false
        } catch { return error.message.contains("UTF-8") }
      }
      #expect(failed, "\(bytes)")
    }
  }

  @Test("nesting is limited instead of exhausting the stack")
  func deepNesting() throws {
    let text = "{\"a\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    #expect(try #require(scan(text)).message.contains("nested"))
  }

  @Test(
    "numbers parse exactly on the fast path and correctly on the slow one",
    arguments: [
      ("0", 0.0), ("1.25", 1.25), ("-3.5", -3.5), ("0.001", 0.001), ("123456.789", 123456.789),
      ("1e3", 1000.0), ("2.5E-2", 0.025), ("12345678901234567890", 12345678901234567890.0),
      ("0.30000000000000004", 0.30000000000000004),
    ])
  func numbers(_ text: String, _ value: Double) {
    var text = text
    let parsed = text.withUTF8 { JSONText.number(UnsafeRawBufferPointer($0)) }
    #expect(parsed == value)
  }

  @Test("every known key is found, read in one word or not, and near misses are not")
  func keys() throws {
    let scanner = RecordScanner()
    for key in RecordKey.allCases {
      // Short keys are read a word at a time unless the line ends within ten bytes of the key.
      for (name, after, found) in [
        (key.name, "", true), (key.name, #","padding":"enough to read a word""#, true),
        (key.name + "x", #","p":2"#, false), ("x" + key.name, "", false),
        (String(key.name.dropLast()) + #"\""#, "", false),
      ] {
        var line = "{\"" + name + "\":12" + after + "}"
        let value = try line.withUTF8 { bytes throws(JSONSyntaxError) -> String? in
          try scanner.scan(UnsafeRawBufferPointer(bytes))
          return scanner.value(key).map { String(decoding: scanner.bytes($0), as: UTF8.self) }
        }
        #expect(value == (found ? "12" : nil), "\(line)")
      }
    }
    // An escaped key, and one that is not ASCII, go the long way.
    var escaped = #"{"\u0074":5,"té":6,"padding":"enough"}"#
    let time = try escaped.withUTF8 { bytes throws(JSONSyntaxError) -> String? in
      try scanner.scan(UnsafeRawBufferPointer(bytes))
      return scanner.value(.t).map { String(decoding: scanner.bytes($0), as: UTF8.self) }
    }
    #expect(time == "5")
  }

  @Test("strings are checked at every position, whatever their alignment to 8-byte words")
  func everyAlignment() {
    for length in 0..<20 {
      for position in 0..<max(length, 1) {
        let plain = String(repeating: "a", count: length)
        var chars = Array(plain)
        #expect(scan("{\"k\":\"" + plain + "\"}") == nil)
        guard position < length else { continue }
        chars[position] = "\u{01}"
        #expect(scan("{\"k\":\"" + String(chars) + "\"}") != nil, "control byte at \(position) of \(length)")
        chars[position] = "é"
        #expect(scan("{\"k\":\"" + String(chars) + "\"}") == nil, "UTF-8 at \(position) of \(length)")
        chars[position] = "\""
        #expect(scan("{\"k\":\"" + String(chars) + "\"}") != nil, "early quote at \(position) of \(length)")
      }
    }
  }

  @Test(
    "numbers scanned on the way equal those parsed apart",
    arguments: [
      "0", "-0", "7", "12.5", "0.013", "-3.25", "123456789012345", "1234567890123456789", "0.30000000000000004",
      "1e3", "2.5E-2", "99999.99999",
    ])
  func numbersOnTheWay(_ text: String) throws {
    let scanner = RecordScanner()
    var line = "{\"t\":" + text + "}"
    let parsed =
      try line.withUTF8 { bytes throws(JSONSyntaxError) -> Double? in
        try scanner.scan(UnsafeRawBufferPointer(bytes))
        guard let scanned = scanner.value(.t) else { return nil }
        return scanned.number.isNaN ? JSONText.number(scanner.bytes(scanned)) : scanned.number
      }.map { $0 } ?? .nan
    #expect(parsed == Double(text)!)
    #expect(parsed.sign == Double(text)!.sign)
  }

  @Test("escaped strings decode, surrogate pairs included")
  func escapes() {
    var text = #"a\"b\\c\/d\n\u00e9\ud83d\ude00\ud800x"#
    let decoded = text.withUTF8 { JSONText.decode(UnsafeRawBufferPointer($0)) }
    #expect(decoded == "a\"b\\c/d\né😀\u{FFFD}x")
  }

  // Console logs are not validated JSON: `\unBd/` in a log show JSON string (found by the
  // log-json fuzz target) overflowed the hex digit arithmetic and crashed `traceq check`.
  @Test(
    "a \\u escape without four hex digits becomes U+FFFD and the rest is read as text",
    arguments: [
      (#"My\unBd/App"#, "My\u{FFFD}nBd/App"), (#"a\u12"#, "a\u{FFFD}12"), (#"a\u"#, "a\u{FFFD}"),
      (#"\uD83D\u12"#, "\u{FFFD}\u{FFFD}12"), (#"\u00E9\u00e9"#, "éé"),
    ])
  func badUnicodeEscapes(_ text: String, _ expected: String) {
    var text = text
    #expect(text.withUTF8 { JSONText.decode(UnsafeRawBufferPointer($0)) } == expected)
  }
}
