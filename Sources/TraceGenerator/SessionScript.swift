import TraceModel

/// Plays one session: its header, the app's launch, user actions that keep UIKit's rules, the
/// planned anomalies, and exactly `budget` events in all. Each step is built as an
/// ``EventBlock`` and handed to `commit`, which writes it; only the current step is in memory.
final class SessionScript {
  let profile: SessionProfile
  let layout: SessionProfile.Layout
  /// How many events the session writes (its header not counted).
  let budget: Int
  /// The anomalies to inject, in order; one that ends a session comes last.
  let anomalies: [AnomalyKind]
  var random: SeededRandom
  var addresses: AddressSpace
  let screen: Screen
  /// Milliseconds since the session started (`t`).
  var clock = 0
  /// The step being built.
  var block = EventBlock()
  /// Events committed so far.
  private(set) var written = 0
  private let commit: (EventBlock) throws -> Void

  /// Events a step of normal use may take at most (a presentation covering a split view).
  static let stepLimit = 24
  /// Events an injected anomaly may take at most, with the steps that prepare it.
  static let anomalyLimit = 128
  /// Events the launch may take at most.
  static let launchLimit = 40

  init(
    profile: SessionProfile, layout: SessionProfile.Layout, budget: Int, anomalies: [AnomalyKind],
    random: SeededRandom, commit: @escaping (EventBlock) throws -> Void
  ) {
    self.profile = profile
    self.layout = layout
    self.budget = budget
    self.anomalies = anomalies
    self.random = random
    self.commit = commit
    addresses = AddressSpace(random: &self.random)
    let root = Self.makeRoot(layout, profile: profile, addresses: &addresses, random: &self.random)
    let launchMask = profile.supported.intersection(profile.rootMask ?? profile.idiom.defaultMask)
    let orientations = launchMask.orientations
    screen = Screen(profile: profile, root: root, orientation: orientations[self.random.below(orientations.count)])
  }

  /// How many anomalies a session of `budget` events has room for.
  static func capacity(budget: Int) -> Int {
    max(0, (budget - launchLimit - anomalyLimit) / anomalyLimit)
  }

  /// Writes the whole session.
  func run() throws {
    writeHeader()
    launch()
    wait(500...3000)
    try flush()
    let last = anomalies.last.flatMap { $0.endsSession ? $0 : nil }
    let middle = last == nil ? anomalies : Array(anomalies.dropLast())
    let reserve = last == nil ? 0 : Self.anomalyLimit
    let start = written
    var next = 0
    while true {
      let room = budget - reserve - written
      let pending = middle.count - next
      if pending > 0 {
        let due = start + (budget - reserve - start) * (next + 1) / (middle.count + 1)
        if written >= due || room <= pending * Self.anomalyLimit {
          if !prepare(for: middle[next]) {
            inject(middle[next])
            next += 1
          }
          try flush()
          continue
        }
      }
      guard room > 0 else { break }
      act(within: room - pending * Self.anomalyLimit)
      try flush()
    }
    if let last { try finish(with: last) }
  }

  /// The anomaly that ends the session, after enough harmless lines to make up the budget.
  private func finish(with kind: AnomalyKind) throws {
    while prepare(for: kind) { try flush() }
    let start = clock
    inject(kind)
    let ending = block
    block.removeAll()
    let filler = budget - written - ending.events
    let fillerClock = clock
    clock = start
    for _ in 0..<max(0, filler) { log() }
    clock = fillerClock
    try flush()
    try commit(ending)
    written += ending.events
  }

  /// Commits the step built so far.
  private func flush() throws {
    guard block.lines > 0 else { return }
    try commit(block)
    written += block.events
    block.removeAll()
  }

  // MARK: - Writing events

  /// Writes one event at the current time.
  func emit(_ name: EventName, _ fields: (inout EventBlock) -> Void = { _ in }) {
    block.begin(name, at: clock)
    fields(&block)
    block.end()
  }

  /// Lets some milliseconds pass.
  func wait(_ milliseconds: ClosedRange<Int>) { clock += random.within(milliseconds) }

  /// An appearance callback; now and then with a key traceq does not know (`thread`).
  func callback(_ name: EventName, _ controller: ScriptController, animated: Bool) {
    let thread = random.below(40) == 0
    emit(name) { line in
      line.controller("vc", controller)
      line.bool("animated", animated)
      if thread { line.string("thread", "main") }
    }
  }

  /// The appearance callbacks of a transition: the will- callbacks of both sides (parents
  /// first), then, once the animation ran, the did- callbacks (children first). Which side
  /// comes first varies, as it does in UIKit.
  func appearance(disappearing: [ScriptController], appearing: [ScriptController], animated: Bool) {
    let appearingFirst = random.coin()
    func will(_ controllers: [ScriptController], _ name: EventName) {
      for controller in controllers { callback(name, controller, animated: animated) }
    }
    func did(_ controllers: [ScriptController], _ name: EventName) {
      for controller in controllers.reversed() { callback(name, controller, animated: animated) }
    }
    if appearingFirst { will(appearing, .viewWillAppear) }
    will(disappearing, .viewWillDisappear)
    if !appearingFirst { will(appearing, .viewWillAppear) }
    wait(animated ? 280...420 : 5...30)
    if appearingFirst { did(appearing, .viewDidAppear) }
    did(disappearing, .viewDidDisappear)
    if !appearingFirst { did(appearing, .viewDidAppear) }
  }

  /// A line the app logged.
  func log() {
    let text = random.percent(70) ? random.pick(profile.app.logs) : random.pick(CommonLogs.lines)
    emit(.console) { line in
      line.text("text", text)
      line.string("level", random.percent(80) ? "info" : "debug")
    }
  }
}
