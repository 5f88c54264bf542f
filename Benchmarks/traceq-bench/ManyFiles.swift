/// The many-file input: `files` traces of `eventsPerFile` events each, with seeds of their own,
/// checked and stored with `-j 1` and `-j 2` to see how traceq scales with the cores.
struct ManyFiles: Equatable {
  let files: Int
  let eventsPerFile: Int

  init(files: Int, eventsPerFile: Int) {
    self.files = files
    self.eventsPerFile = eventsPerFile
  }

  /// Parses `--many`: "200x50k" → 200 files of 50,000 events.
  init(_ text: String) throws {
    guard let times = text.firstIndex(where: { $0 == "x" || $0 == "X" }),
      let files = Int(text[..<times]), files > 0
    else { throw BenchError("--many needs FILESxEVENTS, e.g. 200x50k, not \(text)") }
    self.init(files: files, eventsPerFile: try BenchOptions.count(String(text[text.index(after: times)...])))
  }

  var events: Int { files * eventsPerFile }

  /// "200x50k".
  var label: String { "\(files)x\(Inputs.label(eventsPerFile))" }
}
