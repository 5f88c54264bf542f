import Foundation

/// Which console lines may hold a UIKit diagnostic, and when a diagnostic's text is complete.
///
/// Logs are mostly noise, so every line is first searched for a few anchor words (`Unbalanced`,
/// `Attempt`, `UIPopoverController`, …) in one pass that skips several bytes at a time
/// (Wu–Manber: a shift table over byte pairs); only a line holding one is looked at further.
/// The catalog of diagnostics provides the anchors and ``classify``.
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

  private let anchorBytes: [[UInt8]]
  /// The length of the shortest anchor: the search window.
  private let window: Int
  /// By the last byte pair of the window: how far the window may move on.
  private let shifts: UnsafeMutablePointer<UInt8>
  /// By byte pair: the anchors whose first `window` bytes end with it.
  private let candidates: [UInt16: [Int]]

  /// - Parameter anchors: words of at least 3 bytes; at least one of them occurs in every
  ///   diagnostic `classify` recognises, on the line where it starts.
  public init(anchors: [String], classify: @escaping @Sendable (String) -> Verdict) {
    precondition(!anchors.isEmpty && anchors.allSatisfy { $0.utf8.count >= 3 }, "anchors of 3 bytes or more")
    self.anchors = anchors
    self.classify = classify
    anchorBytes = anchors.map { Array($0.utf8) }
    let window = anchorBytes.map(\.count).min()!
    self.window = window
    shifts = .allocate(capacity: 1 << 16)
    shifts.initialize(repeating: UInt8(min(255, window - 1)), count: 1 << 16)
    var candidates: [UInt16: [Int]] = [:]
    for (number, anchor) in anchorBytes.enumerated() {
      for end in 1..<window {
        let pair = UInt16(anchor[end - 1]) << 8 | UInt16(anchor[end])
        let shift = UInt8(window - 1 - end)
        if shifts[Int(pair)] > shift { shifts[Int(pair)] = shift }
        if end == window - 1 { candidates[pair, default: []].append(number) }
      }
    }
    self.candidates = candidates
  }

  deinit { shifts.deallocate() }

  /// The offset of the first anchor in `bytes`, or nil when there is none.
  public func firstAnchor(in bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, bytes.count >= window else { return nil }
    let count = bytes.count
    var end = window - 1
    while end < count {
      let pair =
        Int(base.load(fromByteOffset: end - 1, as: UInt8.self)) << 8
        | Int(base.load(fromByteOffset: end, as: UInt8.self))
      let shift = Int(shifts[pair])
      if shift > 0 {
        end += shift
        continue
      }
      let start = end - window + 1
      for number in candidates[UInt16(pair)] ?? [] {
        let anchor = anchorBytes[number]
        if start + anchor.count <= count,
          anchor.withUnsafeBytes({ memcmp(base + start, $0.baseAddress!, anchor.count) == 0 })
        {
          return start
        }
      }
      end += 1
    }
    return nil
  }
}
