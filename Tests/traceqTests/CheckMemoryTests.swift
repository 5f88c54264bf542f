import Foundation
import TestSupport
import Testing
import TraceModel

/// `check` keeps what the model needs of a session, not every object it ever named: measured
/// as the peak resident memory of the `traceq` process (GNU time), never with timings.
@Suite("Check memory")
struct CheckMemoryTests {
  /// A gzip trace of one session naming `controllers` distinct view controllers, each told of
  /// a size change once; every fourth one is deallocated afterwards.
  static func manyControllers(_ controllers: Int, to path: String) throws {
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? file.close() }
    let writer = CompressingWriter(compression: .gzip, level: 1) { file.write(Data($0)) }
    try writer.write(TraceText.header() + "\n")
    var chunk = ""
    for index in 0..<controllers {
      let address = "0x7f\(String(index, radix: 16))"
      chunk +=
        #"{"ev":"viewWillTransitionToSize","vc":"\#(address)","class":"ItemController","width":320,"height":480}"#
      chunk += "\n"
      if index % 4 == 0 { chunk += #"{"ev":"dealloc","vc":"\#(address)"}"# + "\n" }
      if chunk.utf8.count > 1 << 16 {
        try writer.write(chunk)
        chunk = ""
      }
    }
    try writer.write(chunk)
    try writer.finish()
  }

  @Test("1 M distinct controllers in one session are checked in well under 100 MB, with a warning")
  func manyControllersStayBounded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let trace = directory.file("many.ndjson.gz")
    #expect(FileManager.default.createFile(atPath: trace, contents: nil))
    try Self.manyControllers(1_000_000, to: trace)
    let runner = CommandRunner(directory: directory.path)
    guard let (result, bytes) = try runner.peakMemory(["check", trace]) else {
      Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory")
      return
    }
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect((result.output + result.error).contains("warning: the session names more than 65536 objects"))
    // Before ids were released, every address named kept its slot: about 280 MB here.
    #expect(bytes < 100 << 20, "peak resident memory \(bytes >> 20) MB")
  }
}
