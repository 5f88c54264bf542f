import Foundation
import TraceModel
import TraceReading

/// A directory under the system's temporary directory, removed by ``remove()``.
public struct TemporaryDirectory {
  public let path: String

  public init() throws {
    path = NSTemporaryDirectory() + "traceq-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Trace files in every form the reader must accept.
public enum Fixture {
  /// `text` compressed as `compression`.
  public static func bytes(_ text: String, _ compression: Compression = .gzip) throws -> [UInt8] {
    try CompressingWriter.compress(text, as: compression)
  }

  /// A gzip file of several members, one per piece of text (`cat a.gz b.gz`).
  public static func multiMember(_ pieces: [String]) throws -> [UInt8] {
    try pieces.flatMap { try CompressingWriter.compress($0, as: .gzip) }
  }

  /// The bytes of `text` compressed, with the last `dropping` bytes cut off (a recorder killed
  /// while writing).
  public static func cutShort(_ text: String, _ compression: Compression = .gzip, dropping: Int) throws -> [UInt8] {
    let whole = try bytes(text, compression)
    return Array(whole.prefix(max(0, whole.count - dropping)))
  }

  @discardableResult
  public static func write(_ bytes: [UInt8], to path: String) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @discardableResult
  public static func write(_ text: String, _ compression: Compression = .gzip, to path: String) throws -> String {
    try write(bytes(text, compression), to: path)
  }
}

/// Builds trace text line by line.
public enum TraceText {
  /// A header line.
  public static func header(idiom: String = "phone", os: String = "17.0", extra: String = "") -> String {
    "{\"traceq\":1,\"app\":\"Test\",\"os\":\"\(os)\",\"idiom\":\"\(idiom)\"\(extra.isEmpty ? "" : "," + extra)}"
  }

  /// `count` appearance events for distinct controllers, numbered from `first`.
  public static func events(_ count: Int, first: Int = 0) -> [String] {
    (first..<first + count).map { index in
      "{\"t\":\(Double(index) / 100),\"ev\":\"viewWillAppear\",\"vc\":\"0x\(String(index, radix: 16))\",\"animated\":true}"
    }
  }

  /// Lines joined with newlines, ending with one.
  public static func lines(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }
}

extension TraceText {
  /// A recorded trace whose console holds UIKit's verdicts: the popover released while visible
  /// (which the replay finds too, line 7; UIKit's line 8) and an unbalanced appearance the
  /// replay does not find (line 9).
  public static let recordedWithConsole = lines([
    #"{"traceq":1,"idiom":"pad","os":"7.0"}"#,
    #"{"ev":"setRoot","vc":"0xa1","class":"BNRDetailViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xa1"}"#,
    #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
    #"{"ev":"popoverCreate","popover":"0xd4","vc":"0xe5"}"#,
    #"{"ev":"popoverPresent","popover":"0xd4"}"#,
    #"{"ev":"popoverRelease","popover":"0xd4"}"#,
    #"{"ev":"console","text":"*** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] reached while popover is still visible.'"}"#,
    #"{"ev":"console","text":"Unbalanced calls to begin/end appearance transitions for <BNRDetailViewController: 0xa1>."}"#,
  ])
}
