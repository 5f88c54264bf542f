/// Chooses which anomalies each session gets: the kinds that fit the session, the least used
/// so far first (so that a short trace still has every kind), at most one that ends the
/// session, placed last.
struct AnomalyPlanner {
  private var counts = [Int](repeating: 0, count: AnomalyKind.allCases.count)
  /// Where ties start, so that the seed decides which kind comes first.
  private let start: Int

  init(random: inout SeededRandom) {
    start = random.below(AnomalyKind.allCases.count)
  }

  /// `count` anomalies for a session with `profile` and `layout`.
  mutating func kinds(_ count: Int, for profile: SessionProfile, _ layout: SessionProfile.Layout) -> [AnomalyKind] {
    let all = AnomalyKind.allCases
    var chosen: [AnomalyKind] = []
    var last: AnomalyKind?
    for _ in 0..<count {
      let candidates = all.indices.filter { index in
        all[index].fits(profile, layout) && !(all[index].endsSession && last != nil)
      }
      guard
        let pick = candidates.min(by: { a, b in
          (counts[a], (a - start + all.count) % all.count) < (counts[b], (b - start + all.count) % all.count)
        })
      else { break }
      counts[pick] += 1
      if all[pick].endsSession { last = all[pick] } else { chosen.append(all[pick]) }
    }
    return chosen + (last.map { [$0] } ?? [])
  }
}
