import ArgumentParser

/// A `--lines` value: `A-B`, `A-` (from A on) or `A` (that line).
struct LineRange: ExpressibleByArgument, Equatable {
  let range: ClosedRange<Int>

  init?(argument: String) {
    let parts = argument.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let first = Int(parts[0]), first >= 1 else { return nil }
    if parts.count == 1 {
      range = first...first
    } else if parts[1].isEmpty {
      range = first...Int.max
    } else if let last = Int(parts[1]), last >= first {
      range = first...last
    } else {
      return nil
    }
  }
}
