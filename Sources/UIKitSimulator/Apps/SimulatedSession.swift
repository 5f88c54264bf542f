import TraceModel

/// One launch of an app on the simulated UIKit: the header, the launch, then a user's steps
/// until the session has about its budget of events, with misuse committed at the rate asked.
struct SimulatedSession {
  let setup: DeviceSetup
  let firstLine: Int
  let budget: Int
  let misuseRate: Double
  var random: SimRandom

  /// What the session wrote and decided.
  struct Outcome {
    var events = 0
    var lastLine = 0
    var truth: [(line: Int, rule: RuleID)] = []
    var misuse = 0
    var crashed = false
    var uikitBreaches = 0
  }

  /// Plays the session, handing its text to `output` a step at a time.
  mutating func run(output: ([UInt8]) throws -> Void) throws -> Outcome {
    let runLoop = SimRunLoop()
    let recorder = SimRecorder(firstLine: firstLine, clock: runLoop, recordsCompletions: setup.recordsCompletions)
    setup.writeHeader(to: recorder)
    let uikit = SimApplication(
      os: setup.os, idiom: setup.idiom, infoPlistMask: setup.infoPlistMask,
      requiresFullScreen: setup.requiresFullScreen,
      orientation: setup.orientation, recorder: recorder, runLoop: runLoop, addressBase: random.seed())
    uikit.windowMask = setup.windowMask
    let app = makeApp(uikit)
    app.launch()
    var outcome = Outcome()
    var nextMisuse = misuseGap()
    while recorder.events < budget, !uikit.crashed {
      app.pause()
      if recorder.events >= nextMisuse {
        if commit(ordinaryMisuse, in: app) { outcome.misuse += 1 }
        nextMisuse = recorder.events + misuseGap()
      } else {
        app.step()
      }
      try output(recorder.take())
    }
    // Some sessions end the way buggy apps do: with an exception, or a transition left open.
    if !uikit.crashed, misuseRate > 0, random.below(100) < min(40, Int(misuseRate * Double(budget) * 4)) {
      app.pause()
      if commit(sessionEndingMisuse, in: app) { outcome.misuse += 1 }
    }
    uikit.end()
    try output(recorder.take())
    outcome.events = recorder.events
    outcome.lastLine = recorder.line
    outcome.truth = recorder.truth.sorted { $0.line < $1.line }
    outcome.crashed = uikit.crashed
    outcome.uikitBreaches = uikit.uikitBreaches
    return outcome
  }

  private mutating func makeApp(_ uikit: SimApplication) -> ScriptedApp {
    let random = SimRandom(seed: random.seed())
    switch setup.app {
    case .homepwner: return HomepwnerApp(uikit: uikit, random: random)
    case .mail: return MailApp(uikit: uikit, random: random)
    case .reader: return ReaderApp(uikit: uikit, random: random)
    }
  }

  private var ordinaryMisuse: [Misuse] { Misuse.allCases.filter { !$0.endsSession } }
  private var sessionEndingMisuse: [Misuse] { Misuse.allCases.filter(\.endsSession) }

  /// Tries misuse in a random order until the app's screen allows one.
  private mutating func commit(_ kinds: [Misuse], in app: ScriptedApp) -> Bool {
    var candidates = kinds
    for _ in 0..<6 where !candidates.isEmpty {
      let misuse = candidates.remove(at: random.below(candidates.count))
      if app.commit(misuse) { return true }
    }
    return false
  }

  /// Events until the next misuse: on average 1 / rate (never, without misuse).
  private mutating func misuseGap() -> Int {
    guard misuseRate > 0 else { return Int.max }
    let mean = 1 / misuseRate
    return Int(mean / 2) + random.below(max(1, Int(mean)))
  }
}
