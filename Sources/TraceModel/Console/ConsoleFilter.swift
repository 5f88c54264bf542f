import Foundation

/// Which console lines may hold a UIKit diagnostic, and when a diagnostic's text is complete.
///
/// Logs are mostly noise, so every line is first searched for a few anchor words (`Unbalanced`,
/// `Attempt`, `UIPopoverController`, …) in one pass that skips several bytes at a time
/// (Wu–Manber: a shift table over byte pairs); only a line holding one is looked at further.
/// The catalog of diagnostics provides the anchors and ``classify``.
///
/// Unchecked `Sendable` because its tables are unsafe pointers, which the compiler cannot see
/// through: they are written only by `init` and freed only by `deinit`, so threads may share
/// a filter (every file of a `check` reads with the catalog's).
public final class ConsoleFilter: @unchecked Sendable {
  /// What a console record's text is, for a catalog of diagnostics.
  public enum Verdict: Sendable, Equatable {
    /// A diagnostic the catalog recognises, complete.
    case recognised
    /// The start of one whose text stops early: a hard-wrapped message continues on the next line.
    case incomplete
    /// No diagnostic.
    case unrecognised
  }

  /// The words searched for.
  public let anchors: [String]
  /// Tells what a record's text holds.
  public let classify: @Sendable (String) -> Verdict

  /// The anchors' bytes one after another; anchor `n` is `anchorBytes[anchorStarts[n]..<anchorStarts[n + 1]]`.
  private let anchorBytes: UnsafeMutablePointer<UInt8>
  private let anchorStarts: UnsafeMutablePointer<Int>
  /// The length of the shortest anchor: the search window.
  private let window: Int
  /// By the last byte pair of the window: how far the window may move on.
  private let shifts: UnsafeMutablePointer<UInt8>
  /// By byte pair: the anchors whose first `window` bytes end with it, as
  /// `candidates[candidateStarts[pair]..<candidateStarts[pair + 1]]`.
  private let candidateStarts: UnsafeMutablePointer<Int32>
  private let candidates: UnsafeMutablePointer<Int32>

  /// - Parameters:
  ///   - anchors: words of at least 3 bytes; at least one of them occurs in every diagnostic
  ///     `classify` recognises, on the line where it starts. The longer the shortest one, the
  ///     faster the search (it moves up to its length minus one byte at a time).
  ///   - classify: what a line holding an anchor is (see ``Verdict``).
  public init(anchors: [String], classify: @escaping @Sendable (String) -> Verdict) {
    precondition(!anchors.isEmpty && anchors.allSatisfy { $0.utf8.count >= 3 }, "anchors of 3 bytes or more")
    self.anchors = anchors
    self.classify = classify
    let encoded = anchors.map { $0.utf8.map(Self.fold) }
    let total = encoded.reduce(0) { $0 + $1.count }
    anchorBytes = .allocate(capacity: total)
    anchorStarts = .allocate(capacity: encoded.count + 1)
    var offset = 0
    for (number, anchor) in encoded.enumerated() {
      anchorStarts[number] = offset
      (anchorBytes + offset).initialize(from: anchor, count: anchor.count)
      offset += anchor.count
    }
    anchorStarts[encoded.count] = offset
    let window = encoded.map(\.count).min()!
    self.window = window
    shifts = .allocate(capacity: 1 << 16)
    shifts.initialize(repeating: UInt8(min(255, window - 1)), count: 1 << 16)
    // The anchors whose window ends in each pair, in pair order: one list sorted, not 65536
    // arrays, which cost every run 3 M instructions to make and read.
    var ending: [(pair: Int, number: Int32)] = []
    // Every case of a pair gets the entry, so that the search reads bytes as they are.
    func cases(_ byte: UInt8) -> [UInt8] { byte >= 0x61 && byte <= 0x7A ? [byte, byte - 0x20] : [byte] }
    for (number, anchor) in encoded.enumerated() {
      for end in 1..<window {
        for first in cases(anchor[end - 1]) {
          for second in cases(anchor[end]) {
            let pair = Int(first) << 8 | Int(second)
            shifts[pair] = min(shifts[pair], UInt8(window - 1 - end))
            if end == window - 1 { ending.append((pair, Int32(number))) }
          }
        }
      }
    }
    ending.sort { ($0.pair, $0.number) < ($1.pair, $1.number) }
    candidateStarts = .allocate(capacity: (1 << 16) + 1)
    candidateStarts.initialize(repeating: 0, count: (1 << 16) + 1)
    for entry in ending { candidateStarts[entry.pair + 1] += 1 }
    for pair in 0..<(1 << 16) { candidateStarts[pair + 1] += candidateStarts[pair] }
    candidates = .allocate(capacity: max(1, ending.count))
    for (index, entry) in ending.enumerated() { candidates[index] = entry.number }
  }

  deinit {
    anchorBytes.deallocate()
    anchorStarts.deallocate()
    shifts.deallocate()
    candidateStarts.deallocate()
    candidates.deallocate()
  }

  /// ASCII letters in lower case: anchors are found in either case.
  @inline(__always) static func fold(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

  private static func equalFolded(_ text: UnsafePointer<UInt8>, _ anchor: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    for offset in 0..<length where fold(text[offset]) != anchor[offset] { return false }
    return true
  }

  /// The offset of the first anchor in `bytes` (in either case), or nil when there is none.
  public func firstAnchor(in bytes: UnsafeRawBufferPointer) -> Int? {
    var first: Int?
    scan(bytes) { start, _ in
      first = start
      return true
    }
    return first
  }

  /// Which anchors occur in `bytes`: bit `n` for `anchors[n]` (the first 64 anchors).
  public func anchorMask(in bytes: UnsafeRawBufferPointer) -> UInt64 {
    var mask: UInt64 = 0
    scan(bytes) { _, number in
      if number < 64 { mask |= 1 << UInt64(number) }
      return false
    }
    return mask
  }

  /// Calls `found` with the start and number of each anchor occurrence, in order, until it
  /// returns true.
  @inline(__always)
  private func scan(_ bytes: UnsafeRawBufferPointer, _ found: (_ start: Int, _ anchor: Int) -> Bool) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count >= window else { return }
    let count = bytes.count
    var end = window - 1
    while end < count {
      let pair = Int(base[end - 1]) << 8 | Int(base[end])
      let shift = Int(shifts[pair])
      if shift > 0 {
        end += shift
        continue
      }
      let start = end - window + 1
      for slot in Int(candidateStarts[pair])..<Int(candidateStarts[pair + 1]) {
        let number = Int(candidates[slot])
        let length = anchorStarts[number + 1] - anchorStarts[number]
        if start + length <= count, Self.equalFolded(base + start, anchorBytes + anchorStarts[number], length),
          found(start, number)
        {
          return
        }
      }
      end += 1
    }
  }
}
