import Foundation

/// The fuzz targets, chosen by the environment variable `TRACEQ_FUZZ_TARGET` (one binary, built
/// once from the TraceModel and Replay sources, serves them all; `Scripts/fuzz` sets it).
enum FuzzTarget: String, CaseIterable {
  /// The input is the text of a trace after a valid header; each line goes through the scanner
  /// and the record decoder (events, bad keys, odd numbers, escapes).
  case trace = "trace"
  /// The input is the first line of a trace, decoded as the header that starts a session
  /// (version, idiom, masks, orientations), then one event.
  case traceHeader = "trace-header"
  /// The input is a whole trace file, usually gzip or zlib (multi-member, damaged, cut short).
  /// Its first byte picks how the bytes arrive (1 to 256 at a time), the line limit, whether
  /// the text is decompressed on a thread of its own and which library inflates it (zlib or
  /// ISA-L), so that buffer boundaries, lines over the limit, the read-ahead channel and both
  /// inflaters are reached too.
  case reader
  /// The input is console output (an Xcode or `log show` log, a crash report; seeds with lines
  /// of tens of kilobytes). It is read as `check` reads a log: the console decoder with the
  /// catalog's anchors, each diagnostic recognised. And the whole input is matched against the
  /// catalog, whose steps must stay linear in its length: a superlinear input stops the run.
  case console
  /// The input is one kind of console output, fed line by line to the decoder of that kind's
  /// importer whatever its first line says (so that a mutation keeps fuzzing the same parser):
  /// Xcode's console, each style of `log show` (default, compact, syslog), its JSON styles,
  /// an `.ips` crash report (JSON), a text `.crash` report and other text (a CI log). Each
  /// diagnostic is recognised. (`InputImporterTests` checks that every importer has one.)
  case xcodeConsole = "xcode-console"
  case logShowDefault = "log-show-default"
  case logShowCompact = "log-show-compact"
  case logShowSyslog = "log-show-syslog"
  case logJSON = "log-json"
  case crashReportIPS = "crash-report-ips"
  case crashReportText = "crash-report-text"
  case consoleText = "console-text"

  static let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["TRACEQ_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("set TRACEQ_FUZZ_TARGET to one of: \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
  }()

  func run(_ bytes: [UInt8]) {
    switch self {
    case .trace:
      let header = Array("{\"traceq\":1,\"idiom\":\"pad\"}\n".utf8)
      readWholeTrace(header + bytes, chunkSize: 1 << 16, maxLineLength: 1 << 12)
    case .traceHeader:
      let event = Array("\n{\"ev\":\"viewWillAppear\",\"vc\":\"A\",\"t\":1}\n".utf8)
      readWholeTrace(bytes.filter { $0 != 0x0A } + event, chunkSize: 1 << 16, maxLineLength: 1 << 12)
    case .reader:
      guard let first = bytes.first else { return }
      let maxLineLength = first & 1 == 0 ? 1 << 12 : 64
      let libraries = DeflateLibrary.allCases
      DeflateLibrary.$current.withValue(libraries[Int(first >> 2) % libraries.count]) {
        readWholeTrace(
          Array(bytes.dropFirst()), chunkSize: Int(first) + 1, maxLineLength: maxLineLength, readsAhead: first & 2 != 0)
      }
    case .console:
      readWholeTrace(bytes, chunkSize: 1 << 16, maxLineLength: 1 << 16, consoleFilter: ConsoleCatalog.filter)
      expectLinearMatching(String(decoding: bytes, as: UTF8.self))
    case .xcodeConsole: decodeConsole(bytes, as: .xcodeConsole)
    case .logShowDefault, .logShowCompact, .logShowSyslog: decodeConsole(bytes, as: .logShow)
    case .logJSON: decodeConsole(bytes, as: .logJSON)
    case .crashReportIPS, .crashReportText: decodeConsole(bytes, as: .crashReport)
    case .consoleText: decodeConsole(bytes, as: .consoleText)
    }
  }
}

/// Reads `bytes` line by line (lines up to 64 KiB) into the decoder of `kind`'s importer, as a
/// ``TraceStream`` does once it has told the kind, then ends the file; each diagnostic is
/// recognised, as `check` does.
func decodeConsole(_ bytes: [UInt8], as kind: InputKind) {
  let context = ImportContext(consoleFilter: ConsoleCatalog.filter, maxLineLength: 1 << 16)
  guard let decoder = InputImporters.importer(of: kind)?.makeDecoder(context) else {
    fatalError("no importer of \(kind) with a decoder")
  }
  guard
    let reader = try? TraceReader(
      source: MemoryByteSource(bytes, chunkSize: 1 << 16), path: "fuzz", maxLineLength: context.maxLineLength)
  else { return }
  func touch(_ item: TraceItem?) {
    if case .event(let event) = item, case .console(let text, _) = event.payload {
      _ = ConsoleCatalog.recognise(text)
    }
    _ = decoder.record?.count
  }
  while let line = try? reader.next() {
    touch(decoder.decode(line))
    while let item = decoder.nextItem() { touch(item) }
  }
  _ = decoder.finish()
  while let item = decoder.nextItem() { touch(item) }
}

/// Stops the run when matching `text` against the console catalog looks at more than a bounded
/// number of bytes per byte of text: each place a match may start has a window of
/// ``ConsolePattern/maxLength`` bytes, so a few windows per byte is the most a match may cost.
func expectLinearMatching(_ text: String) {
  var steps = 0
  _ = ConsoleCatalog.recognise(text, steps: &steps)
  _ = ConsoleCatalog.verdict(text, steps: &steps)
  let bound = 4 * ConsolePattern.maxLength * (text.utf8.count + 1)
  if steps > bound { fatalError("\(steps) matching steps for \(text.utf8.count) bytes, over \(bound)") }
}

/// Reads a whole trace through the reader and the decoder, touching every item, as `check`
/// and `ingest` do; with `consoleFilter`, console output too, each diagnostic recognised.
func readWholeTrace(
  _ bytes: [UInt8], chunkSize: Int, maxLineLength: Int, readsAhead: Bool = false, consoleFilter: ConsoleFilter? = nil
) {
  guard
    let reader = try? TraceReader(
      source: MemoryByteSource(bytes, chunkSize: chunkSize), path: "fuzz", maxLineLength: maxLineLength,
      readsAhead: readsAhead)
  else { return }
  let stream = TraceStream(reader: reader, consoleFilter: consoleFilter)
  while let item = try? stream.next() {
    switch item {
    case .session(let header, _, _): _ = header.idiom
    case .event(let event):
      if case .console(let text, _) = event.payload { _ = ConsoleCatalog.recognise(text) }
    case .issue(let issue): _ = issue.message.utf8.count
    }
  }
}

/// libFuzzer's entry point: one input, given to the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTarget.selected.run(bytes)
  return 0
}
