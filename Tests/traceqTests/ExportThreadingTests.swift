import Foundation
import TestSupport
import Testing

@testable import traceq

/// `report` and `export` spread their work over threads when there are cores to spare: what
/// they write, and how they fail, is the same as on one thread.
@Suite("report and export on several threads")
struct ExportThreadingTests {
  /// What one run wrote and said.
  struct Run: Equatable {
    var status: traceq.ExitStatus
    var output: [UInt8]
    var errors: [String]
  }

  static func run(
    _ product: ExportRun.Product, _ path: String, readsAhead: Bool, in directory: TemporaryDirectory
  ) throws -> Run {
    let output = directory.file("out-\(readsAhead)")
    var errors: [String] = []
    var run = ExportRun(
      product, input: .file(path), policy: try Samples.policy(), outputPath: output,
      errorOutput: { errors.append($0) })
    run.export.readsAhead = readsAhead
    let status = run.execute()
    let bytes = FileManager.default.contents(atPath: output).map { [UInt8]($0) } ?? []
    return Run(status: status, output: bytes, errors: errors)
  }

  /// A generated trace of several read-ahead batches, and a copy with its compressed bytes
  /// damaged halfway through.
  static func traces(in directory: TemporaryDirectory) throws -> (whole: String, damaged: String) {
    let generated = try CommandRunner(directory: directory.path).run([
      "generate", "--events", "30000", "--sessions", "6", "--anomalies", "0.002", "t.ndjson.gz",
    ])
    #expect(generated.status == 0, "\(generated.error)")
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.file("t.ndjson.gz"))))
    for index in bytes.count / 2..<bytes.count / 2 + 64 { bytes[index] = ~bytes[index] }
    try Data(bytes).write(to: URL(fileURLWithPath: directory.file("damaged.ndjson.gz")))
    return (directory.file("t.ndjson.gz"), directory.file("damaged.ndjson.gz"))
  }

  @Test("reading ahead changes nothing: the same page and JSON, the same error for a trace damaged midway")
  func readingAhead() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (whole, damaged) = try Self.traces(in: directory)
    for product in [ExportRun.Product.htmlReport, .perfetto] {
      let alone = try Self.run(product, whole, readsAhead: false, in: directory)
      #expect(alone.status == .clean && alone.errors.isEmpty && alone.output.count > 100_000, "\(alone.errors)")
      #expect(try Self.run(product, whole, readsAhead: true, in: directory) == alone)
      let broken = try Self.run(product, damaged, readsAhead: false, in: directory)
      #expect(broken.errors.last?.contains("[corrupt-stream]") == true, "\(broken.errors.suffix(1))")
      #expect(try Self.run(product, damaged, readsAhead: true, in: directory) == broken)
    }
  }
}

@Suite("PipelineStage")
struct PipelineStageTests {
  /// Tells when the stage's thread let go of its work.
  final class Witness: @unchecked Sendable {
    let released = DispatchSemaphore(value: 0)
    deinit { released.signal() }
  }

  @Test("the values are taken in order on another thread, and the product comes back once all are done")
  func inOrder() {
    let caller = Thread.current
    let stage = PipelineStage<Int, [Int]>(name: "test stage", capacity: 2, product: []) { value, product in
      #expect(Thread.current != caller)
      product.append(value)
    }
    for value in 0..<1_000 { stage.send(value) }
    #expect(stage.finish() == Array(0..<1_000))
  }

  @Test("a stage its sender drops without finishing (an input that failed midway) lets its thread end")
  func droppedEarly() {
    var witness: Witness? = Witness()
    let released = witness!.released
    var stage: PipelineStage<Int, Int>? = PipelineStage(name: "test stage", capacity: 1, product: 0) {
      [witness] value, product in
      withExtendedLifetime(witness) { product += value }
    }
    witness = nil
    stage?.send(1)
    stage = nil
    #expect(released.wait(timeout: .now() + 10) == .success)
  }
}
