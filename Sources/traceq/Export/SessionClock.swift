/// A session's time line for exports: each event's time in seconds, from its `t`, or — when
/// the record has none — one millisecond after the event before it (line order). Times never
/// go backwards: a `t` earlier than the previous event's is drawn at the previous time.
struct SessionClock {
  /// The time of the last event placed.
  private(set) var now: Double = 0
  private var started = false
  /// The times of recent lines, for findings reported at an earlier line than the current
  /// one (oldest first; bounded, so memory stays flat in the session's length).
  private var recent: [(line: Int, time: Double)] = []
  private var recentStart = 0
  static let recentCapacity = 1 << 14
  /// The step between events that have no `t`.
  static let lineStep = 0.001

  /// Places the event at `line` on the time line; returns its time.
  mutating func place(line: Int, time: Double?) -> Double {
    let proposed = time ?? (started ? now + Self.lineStep : 0)
    now = started ? max(now, proposed) : max(0, proposed)
    started = true
    if recent.count < Self.recentCapacity {
      recent.append((line, now))
    } else {
      recent[recentStart] = (line, now)
      recentStart = (recentStart + 1) % Self.recentCapacity
    }
    return now
  }

  /// The time of `line`: that of the last event at or before it among the recent lines, else
  /// the current time (a line older than the recent ones is rare: a finding about a
  /// transition left unfinished long ago).
  func time(ofLine line: Int) -> Double {
    guard !recent.isEmpty else { return now }
    // Binary search over the ring, oldest first.
    var low = 0
    var high = recent.count
    while low < high {
      let mid = (low + high) / 2
      if recent[(recentStart + mid) % recent.count].line <= line { low = mid + 1 } else { high = mid }
    }
    guard low > 0 else { return now }
    return recent[(recentStart + low - 1) % recent.count].time
  }
}
