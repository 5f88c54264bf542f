import Foundation
import TestSupport
import Testing
import TraceModel
import TraceReading

/// `check` keeps what the model needs of a session, not every object it ever named: measured
/// as the peak resident memory of the `traceq` process (GNU time), never with timings.
@Suite("Check memory")
struct CheckMemoryTests {
  /// What happens to each controller of ``manyControllers(_:to:lines:)``: its trace lines.
  enum Life: String, CaseIterable, Sendable {
    /// Told of a size change once; every fourth one is deallocated afterwards.
    case sized
    /// Appears and never disappears, in no container: off screen for the model.
    case appeared
    /// Pushed and popped with no callbacks.
    case pushedAndPopped
    /// Presented and dismissed, with its callbacks.
    case presentedAndDismissed

    func lines(_ address: String, _ index: Int) -> [String] {
      switch self {
      case .sized:
        [#"{"ev":"viewWillTransitionToSize","vc":"\#(address)","class":"ItemController","width":320,"height":480}"#]
          + (index % 4 == 0 ? [#"{"ev":"dealloc","vc":"\#(address)"}"#] : [])
      case .appeared:
        [
          #"{"ev":"viewWillAppear","vc":"\#(address)","class":"ItemController"}"#,
          #"{"ev":"viewDidAppear","vc":"\#(address)"}"#,
        ]
      case .pushedAndPopped:
        [
          #"{"ev":"push","nav":"0xn","vc":"\#(address)","class":"ItemController"}"#,
          #"{"ev":"pop","nav":"0xn","vc":"\#(address)"}"#,
        ]
      case .presentedAndDismissed:
        [
          #"{"ev":"present","presenter":"0xn","vc":"\#(address)","class":"ItemController","style":"overFullScreen"}"#,
          #"{"ev":"viewWillAppear","vc":"\#(address)"}"#, #"{"ev":"viewDidAppear","vc":"\#(address)"}"#,
          #"{"ev":"dismiss","vc":"\#(address)"}"#,
          #"{"ev":"viewWillDisappear","vc":"\#(address)"}"#, #"{"ev":"viewDidDisappear","vc":"\#(address)"}"#,
        ]
      }
    }
  }

  /// A gzip trace of one session naming `controllers` distinct view controllers (and a window's
  /// root navigation controller `0xn`), each living `life`.
  static func manyControllers(_ controllers: Int, to path: String, life: Life = .sized) throws {
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? file.close() }
    let writer = CompressingWriter(compression: .gzip, level: 1) { file.write(Data($0)) }
    try writer.write(TraceText.header() + "\n")
    var chunk = #"{"ev":"setRoot","vc":"0xn","class":"UINavigationController"}"# + "\n"
    chunk += #"{"ev":"viewWillAppear","vc":"0xn"}"# + "\n" + #"{"ev":"viewDidAppear","vc":"0xn"}"# + "\n"
    for index in 0..<controllers {
      for line in life.lines("0x7f\(String(index, radix: 16))", index) { chunk += line + "\n" }
      if chunk.utf8.count > 1 << 16 {
        try writer.write(chunk)
        chunk = ""
      }
    }
    try writer.write(chunk)
    try writer.finish()
  }

  @Test(
    "1 M distinct controllers in one session are checked in well under 100 MB, with a warning",
    arguments: Life.allCases)
  func manyControllersStayBounded(_ life: Life) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = directory.file("many.ndjson.gz")
    #expect(FileManager.default.createFile(atPath: trace, contents: nil))
    try Self.manyControllers(1_000_000, to: trace, life: life)
    let runner = CommandRunner(directory: directory.path)
    guard let (result, bytes) = try runner.peakMemory(["check", trace]) else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect((result.output + result.error).contains("warning: the session names more than 65536 objects"))
    // Before ids were released, every address named kept its slot: about 280 MB here; before
    // controllers that left every structure were released too, 500 B each for the other lives.
    #expect(bytes < 100 << 20, "peak resident memory \(bytes >> 20) MB")
  }
}
