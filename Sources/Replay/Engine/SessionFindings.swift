import TraceModel
import TraceSupport

/// The findings of one session, handed on in line order (findings of one line in the order they
/// were made) in bounded memory, however many there are.
///
/// A finding can concern a line before the event that made it (the session's end reports what
/// was left unfinished, at its start), so findings wait until the session ends. At most
/// `windowCapacity` wait in memory; past that, the window is sorted and written to a
/// temporary file as a run (or added to the last run, when it starts at or after the run's last
/// line, as findings made in line order do). Reading merges the runs and the window.
///
/// Should the temporary file fail (a full disk), findings stay in memory: none is lost.
public final class SessionFindings: Sequence, IteratorProtocol {
  /// How many findings wait in memory at most.
  public static let windowCapacity = 4096

  private let capacity: Int
  private var window: [Finding] = []
  private var spill: TemporaryFile?
  private var runs: [Run] = []
  /// How many findings were appended.
  public private(set) var count = 0
  /// The merge, once reading has begun.
  private var merge: Merge?

  /// A sorted stretch of the temporary file.
  private struct Run {
    var start: Int
    var end: Int
    var lastLine: Int
  }

  /// - Parameter windowCapacity: how many findings wait in memory (tests use small windows).
  package init(windowCapacity: Int = SessionFindings.windowCapacity) {
    capacity = windowCapacity
  }

  /// The most findings that waited in memory at once (at most `windowCapacity`, unless the
  /// temporary file failed).
  package private(set) var mostInMemory = 0

  /// Adds findings made after those added before; only before reading begins. However many
  /// there are, the window takes them a windowful at a time.
  package func append<Findings: Collection<Finding>>(contentsOf findings: Findings) {
    precondition(merge == nil, "findings are added before they are read")
    count += findings.count
    var rest = findings[...]
    while !rest.isEmpty {
      // A window kept in memory after the temporary file failed takes the rest at once.
      let part = window.count < capacity ? rest.prefix(capacity - window.count) : rest
      window.append(contentsOf: part)
      rest = rest[part.endIndex...]
      mostInMemory = Swift.max(mostInMemory, window.count)
      if window.count >= capacity { spillWindow() }
    }
  }

  /// The next finding in line order, or nil after the last.
  public func next() -> Finding? {
    if merge == nil { merge = Merge(window: Self.sortedByLine(window), runs: runs, file: spill) }
    return merge!.next()
  }

  /// Writes the window, sorted, to the temporary file; keeps it in memory if that fails.
  private func spillWindow() {
    let sorted = Self.sortedByLine(window)
    var bytes: [UInt8] = []
    for finding in sorted { finding.encode(into: &bytes) }
    do {
      let file = try spill ?? TemporaryFile()
      spill = file
      let start = file.size
      try bytes.withUnsafeBytes { try file.append($0) }
      if let last = runs.last, last.end == start, last.lastLine <= sorted[0].line {
        runs[runs.count - 1].end = file.size
        runs[runs.count - 1].lastLine = sorted[sorted.count - 1].line
      } else {
        runs.append(Run(start: start, end: file.size, lastLine: sorted[sorted.count - 1].line))
      }
      window.removeAll(keepingCapacity: true)
    } catch {
      // Kept in memory: a larger window until the session ends.
      window = sorted
    }
  }

  /// `findings` by line, in their order within a line.
  private static func sortedByLine(_ findings: [Finding]) -> [Finding] {
    findings.indices.sorted { (findings[$0].line, $0) < (findings[$1].line, $1) }.map { findings[$0] }
  }

  /// Reads the runs and the window in step, the smallest line first (on a tie: the earlier run,
  /// the window last, which holds the latest findings).
  private struct Merge {
    var sources: [RunReader]
    var window: [Finding]
    var windowIndex = 0

    init(window: [Finding], runs: [Run], file: TemporaryFile?) {
      self.window = window
      sources = file.map { file in runs.map { RunReader(file: file, run: $0) } } ?? []
    }

    mutating func next() -> Finding? {
      var best: Int?
      var bestLine = window.indices.contains(windowIndex) ? window[windowIndex].line : Int.max
      for index in sources.indices {
        guard let line = sources[index].head?.line, line <= bestLine else { continue }
        if best == nil || line < bestLine {
          best = index
          bestLine = line
        }
      }
      if let best { return sources[best].take() }
      guard window.indices.contains(windowIndex) else { return nil }
      windowIndex += 1
      return window[windowIndex - 1]
    }
  }

  /// Reads one run's findings, a buffer at a time.
  private struct RunReader {
    let file: TemporaryFile
    var position: Int
    let end: Int
    var buffer: [UInt8] = []
    var offset = 0
    private(set) var head: Finding?

    init(file: TemporaryFile, run: Run) {
      self.file = file
      position = run.start
      end = run.end
      head = read()
    }

    /// The head, and the next finding read in its place.
    mutating func take() -> Finding? {
      defer { head = read() }
      return head
    }

    private mutating func read() -> Finding? {
      while true {
        let decoded = buffer.withUnsafeBytes { Finding.decoded(from: $0, at: offset) }
        if let (finding, next) = decoded {
          offset = next
          return finding
        }
        guard position < end else { return nil }
        // Keep what is left of the buffer and read on (a buffer at least twice as large as
        // the record that did not fit).
        buffer.removeFirst(offset)
        offset = 0
        let kept = buffer.count
        let chunk = Swift.min(Swift.max(1 << 14, kept * 2), end - position)
        buffer += repeatElement(0, count: chunk)
        let read = buffer.withUnsafeMutableBytes { bytes in
          (try? file.read(at: position, into: UnsafeMutableRawBufferPointer(rebasing: bytes[kept...]))) ?? 0
        }
        guard read > 0 else {
          preconditionFailure("a temporary file of findings reads back (\(end - position) bytes left)")
        }
        buffer.removeLast(chunk - read)
        position += read
      }
    }
  }
}
