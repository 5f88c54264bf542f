import Crypto
import Foundation
import TestSupport
import Testing
import TraceModel

@testable import traceq

/// A trace that can be read only once (a FIFO, `<(zcat …)`, standard input) is hashed while it
/// is read: stored with its content, under the hash of that content.
@Suite("Ingesting from a pipe")
struct PipeIngestTests {
  @Test("a FIFO is stored with its events and its content's hash; the same file later is skipped")
  func fifo() throws {
    let store = try StoreFixture()
    defer { store.directory.remove() }
    let text = TraceText.lines([TraceText.header()] + TraceText.events(5_000))
    let bytes = try Fixture.bytes(text)
    let file = try Fixture.write(bytes, to: store.directory.file("t.ndjson.gz"))
    let fifo = store.directory.file("fifo.ndjson.gz")
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      // Opening a FIFO for writing waits for its reader: the ingest.
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(Data(bytes))
      try? handle.close()
    }
    writer.start()
    let first = try store.ingest([fifo])
    #expect(first.status == .clean, "\(first.errors)")
    #expect(try store.count("SELECT count(*) FROM event_rows") == 5_000)
    let hash = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    #expect(try store.count("SELECT count(*) FROM traces WHERE sha256 = '\(hash)' AND size = \(bytes.count)") == 1)
    let again = try store.ingest([file])
    #expect(again.output.first?.hasSuffix("skipped, already stored (as \(fifo)); --force replaces it") == true)
    #expect(try store.count("SELECT count(*) FROM event_rows") == 5_000)
  }
}
