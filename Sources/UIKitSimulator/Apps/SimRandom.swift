/// A seeded PCG random generator (PCG-XSH-RR, 64-bit state, 32-bit output:
/// https://www.pcg-random.org/download.html): the same numbers on every platform and Swift
/// version, so a seed always gives the same trace.
struct SimRandom {
  private var state: UInt64
  private let increment: UInt64

  init(seed: UInt64, stream: UInt64 = 0xda3e_39cb_94b9_5bdb) {
    increment = stream << 1 | 1
    state = 0
    _ = next()
    state &+= seed
    _ = next()
  }

  /// The next 32 random bits.
  mutating func next() -> UInt32 {
    let old = state
    state = old &* 6_364_136_223_846_793_005 &+ increment
    let shifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
    let rotation = UInt32(truncatingIfNeeded: old >> 59)
    return shifted >> rotation | shifted << ((~rotation &+ 1) & 31)
  }

  /// A number in `0..<bound` (Lemire's multiply-and-reject, unbiased).
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    let range = UInt64(bound)
    let threshold = (UInt64(1) << 32) % range
    while true {
      let product = UInt64(next()) &* range
      if product & 0xffff_ffff >= threshold { return Int(product >> 32) }
    }
  }

  /// A number in `range`.
  mutating func within(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

  /// True with probability `percent` %.
  mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// An element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

  /// One of `choices`, with probability proportional to its weight (at least one positive).
  mutating func weighted<Element>(_ choices: [(Element, Int)]) -> Element {
    var roll = below(choices.reduce(0) { $0 + $1.1 })
    for (element, weight) in choices {
      if roll < weight { return element }
      roll -= weight
    }
    return choices[choices.count - 1].0
  }

  /// A seed for another generator.
  mutating func seed() -> UInt64 { UInt64(next()) << 32 | UInt64(next()) }
}
