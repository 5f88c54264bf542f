import PropertyBased
import Replay
import Testing

/// What a user and an app do, turned into the records UIKit's callbacks produce, by a
/// simulator written here from UIKit's documented order (never by asking traceq's model).
/// The app has a tab bar controller with two navigation controllers, on an iPhone with iOS 17.
struct InteractionProgram {
  /// The legal steps a program is made of.
  enum Step: Int, CaseIterable {
    case push, pop, cancelledPop, present, dismiss, userDismiss, switchTab, rotate
  }

  /// Misuse appended to a legal program, with the rule that must report it.
  enum Misuse: Int, CaseIterable {
    case pushSameInstance, presentWhilePresenting, dismissTwice, didMoveMissing, popoverOnPhone

    var rule: String {
      switch self {
      case .pushSameInstance: "push-same-instance"
      case .presentWhilePresenting: "already-presenting"
      case .dismissTwice: "dismiss-during-transition"
      case .didMoveMissing: "did-move-missing"
      case .popoverOnPhone: "popover-on-phone"
      }
    }
  }

  private(set) var records: [String] = [#"{"traceq":1,"idiom":"phone","os":"17.0"}"#]
  private var stacks: [[String]] = [["0x100"], ["0x200"]]
  private var tab = 0
  /// The presented controller and whether it covers the tab bar (full screen).
  private var modal: (id: String, fullScreen: Bool)?
  private var next = 0x300
  private let styles = ["pageSheet", "formSheet", "automatic", "overFullScreen", "fullScreen", "popover"]
  private let orientations = ["portrait", "landscapeLeft", "landscapeRight"]

  init() {
    emit(#""ev":"setRoot","vc":"0xt","class":"UITabBarController""#)
    emit(#""ev":"setViewControllers","container":"0xt","vcs":["0xn0","0xn1"]"#)
    emit(#""ev":"setViewControllers","container":"0xn0","vcs":["0x100"]"#, #""class":"UINavigationController""#)
    emit(#""ev":"setViewControllers","container":"0xn1","vcs":["0x200"]"#, #""class":"UINavigationController""#)
    appear(["0xt", "0xn0", "0x100"])
  }

  /// Takes `step` when the app's state allows it now (otherwise nothing happens); `variant`
  /// picks the presentation style or the orientation.
  mutating func perform(_ step: Step, variant: Int) {
    switch step {
    case .push:
      guard modal == nil else { return }
      let vc = newID()
      emit(#""ev":"push","nav":"0xn\#(tab)","vc":"\#(vc)","animated":true"#)
      transition(from: top, to: vc)
      stacks[tab].append(vc)
    case .pop, .cancelledPop:
      guard modal == nil, stacks[tab].count > 1 else { return }
      let popped = stacks[tab].removeLast()
      emit(#""ev":"pop","nav":"0xn\#(tab)","vc":"\#(popped)","animated":true"#)
      if step == .pop {
        transition(from: popped, to: top)
      } else {
        callbacks(popped, ["viewWillDisappear"])
        callbacks(top, ["viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
        callbacks(popped, ["viewWillAppear", "viewDidAppear"])
        stacks[tab].append(popped)
      }
    case .present:
      guard modal == nil else { return }
      let style = styles[variant % styles.count]
      let vc = newID()
      let fullScreen = style == "fullScreen"
      emit(#""ev":"present","presenter":"\#(top)","vc":"\#(vc)","style":"\#(style)","animated":true"#)
      if fullScreen { callbacks(["0xt", "0xn\(tab)", top], "viewWillDisappear") }
      callbacks(vc, ["viewWillAppear"])
      if fullScreen { callbacks(["0xt", "0xn\(tab)", top], "viewDidDisappear") }
      callbacks(vc, ["viewDidAppear"])
      emit(#""ev":"presentCompleted","vc":"\#(vc)""#)
      modal = (vc, fullScreen)
    case .dismiss, .userDismiss:
      guard let shown = modal, step == .dismiss || !shown.fullScreen else { return }
      if step == .dismiss { emit(#""ev":"dismiss","vc":"\#(shown.id)","animated":true"#) }
      finishDismissal(of: shown, completion: step == .dismiss)
    case .switchTab:
      guard modal == nil else { return }
      let from = top
      tab = 1 - tab
      emit(#""ev":"selectTab","tab":"0xt","vc":"0xn\#(tab)""#)
      callbacks(from, ["viewWillDisappear"])
      callbacks(["0xn\(tab)", top], "viewWillAppear")
      callbacks(from, ["viewDidDisappear"])
      callbacks(["0xn\(tab)", top], "viewDidAppear")
      callbacks("0xn\(1 - tab)", ["viewWillDisappear", "viewDidDisappear"])
    case .rotate:
      let orientation = orientations[variant % orientations.count]
      emit(#""ev":"deviceOrientation","orientation":"\#(orientation)""#)
      let landscape = orientation != "portrait"
      emit(
        #""ev":"viewWillTransitionToSize","vc":"0xt","width":\#(landscape ? 844 : 390),"height":\#(landscape ? 390 : 844)"#
      )
    }
  }

  /// Appends `misuse`; returns the line UIKit complains at.
  mutating func inject(_ misuse: Misuse) -> Int {
    switch misuse {
    case .pushSameInstance:
      if modal != nil { perform(.dismiss, variant: 0) }
      emit(#""ev":"push","nav":"0xn\#(tab)","vc":"\#(top)","animated":true"#)
    case .presentWhilePresenting:
      if modal == nil { perform(.present, variant: 0) }
      emit(#""ev":"present","presenter":"\#(top)","vc":"\#(newID())","style":"pageSheet""#)
    case .dismissTwice:
      if modal == nil { perform(.present, variant: 0) }
      guard let shown = modal else { return 0 }
      emit(#""ev":"dismiss","vc":"\#(shown.id)","animated":true"#)
      emit(#""ev":"dismiss","vc":"\#(shown.id)","animated":true"#)
      let line = records.count
      finishDismissal(of: shown, completion: true)
      return line
    case .didMoveMissing:
      let child = newID()
      emit(#""ev":"addChild","parent":"\#(top)","vc":"\#(child)""#)
      emit(#""ev":"willMoveToParent","vc":"\#(child)","parent":null"#)
      emit(#""ev":"removeFromParent","vc":"\#(child)""#)
    case .popoverOnPhone:
      emit(#""ev":"popoverCreate","popover":"0xp","vc":"\#(newID())""#)
    }
    return records.count
  }

  var text: String { records.joined(separator: "\n") + "\n" }

  private var top: String { stacks[tab].last! }

  private mutating func newID() -> String {
    next += 1
    return "0x" + String(next, radix: 16)
  }

  /// The callbacks of a dismissal UIKit performs (the app's, or the user's swipe).
  private mutating func finishDismissal(of shown: (id: String, fullScreen: Bool), completion: Bool) {
    callbacks(shown.id, ["viewWillDisappear"])
    if shown.fullScreen { callbacks(["0xt", "0xn\(tab)", top], "viewWillAppear") }
    callbacks(shown.id, ["viewDidDisappear"])
    if shown.fullScreen { callbacks(["0xt", "0xn\(tab)", top], "viewDidAppear") }
    if completion { emit(#""ev":"dismissCompleted","vc":"\#(shown.id)""#) }
    modal = nil
  }

  private mutating func transition(from old: String, to new: String) {
    callbacks(old, ["viewWillDisappear"])
    callbacks(new, ["viewWillAppear"])
    callbacks(old, ["viewDidDisappear"])
    callbacks(new, ["viewDidAppear"])
  }

  private mutating func appear(_ vcs: [String]) {
    callbacks(vcs, "viewWillAppear")
    callbacks(vcs.reversed(), "viewDidAppear")
  }

  private mutating func callbacks(_ vc: String, _ names: [String]) {
    for name in names { emit(#""ev":"\#(name)","vc":"\#(vc)""#) }
  }

  private mutating func callbacks(_ vcs: [String], _ name: String) {
    for vc in vcs { emit(#""ev":"\#(name)","vc":"\#(vc)""#) }
  }

  private mutating func emit(_ fields: String, _ extra: String = "") {
    records.append("{" + fields + (extra.isEmpty ? "" : "," + extra) + "}")
  }
}

@Suite("Random interaction programs")
struct InteractionPropertyTests {
  static let steps = Gen.int(in: 0..<InteractionProgram.Step.allCases.count).array(of: 0...40)
  static let variants = Gen.int(in: 0...11).array(of: 40)

  static func program(_ steps: [Int], _ variants: [Int]) -> InteractionProgram {
    var program = InteractionProgram()
    for (index, step) in steps.enumerated() {
      program.perform(InteractionProgram.Step(rawValue: step)!, variant: variants[index % variants.count])
    }
    return program
  }

  @Test("legal programs give no finding at all")
  func legalIsSilent() async {
    await propertyCheck(count: 200, input: Self.steps, Self.variants) { steps, variants in
      let program = Self.program(steps, variants)
      let found = try findings(in: program.text, rules: RuleSet()).map { "\($0.line) \($0.ruleID)" }
      #expect(found == [], "\(program.text)")
    }
  }

  @Test("each injected misuse gives exactly its finding")
  func misuseIsFound() async {
    let misuse = Gen.int(in: 0..<InteractionProgram.Misuse.allCases.count)
    await propertyCheck(count: 200, input: Self.steps, Self.variants, misuse) { steps, variants, kind in
      var program = Self.program(steps, variants)
      let injected = InteractionProgram.Misuse(rawValue: kind)!
      let line = program.inject(injected)
      let found = try findings(in: program.text, rules: RuleSet()).map { "\($0.line) \($0.ruleID)" }
      #expect(found == ["\(line) \(injected.rule)"], "\(program.text)")
    }
  }
}
