/// A small seeded pseudo-random generator (xoshiro256**, seeded through SplitMix64) with its
/// own integer and choice helpers, so that a seed gives the same trace on every platform and
/// Swift version (the standard library's `random(in:using:)` algorithms are not promised to
/// stay the same).
struct SeededRandom {
  private var state: (UInt64, UInt64, UInt64, UInt64)

  init(seed: UInt64) {
    var mix = seed
    func splitMix() -> UInt64 {
      mix &+= 0x9E37_79B9_7F4A_7C15
      var z = mix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    state = (splitMix(), splitMix(), splitMix(), splitMix())
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    let result = rotate(state.1 &* 5, 7) &* 9
    let t = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= t
    state.3 = rotate(state.3, 45)
    return result
  }

  /// A number in `0..<bound` (`bound` > 0), by multiply-shift: bias below 2⁻³² for the
  /// small bounds a trace uses.
  mutating func below(_ bound: Int) -> Int {
    Int(((next() >> 32) &* UInt64(bound)) >> 32)
  }

  /// A number in `range`.
  mutating func within(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// True with probability `percent` / 100.
  mutating func percent(_ percent: Int) -> Bool { below(100) < percent }

  /// True or false, evenly.
  mutating func coin() -> Bool { next() >> 63 == 1 }

  /// One element of a non-empty collection.
  mutating func pick<C: RandomAccessCollection>(_ elements: C) -> C.Element where C.Index == Int {
    elements[elements.startIndex + below(elements.count)]
  }

  /// An index chosen with the given weights (at least one positive).
  mutating func weighted(_ weights: [Int]) -> Int {
    var roll = below(weights.reduce(0, +))
    for (index, weight) in weights.enumerated() {
      if roll < weight { return index }
      roll -= weight
    }
    return weights.count - 1
  }

  private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
