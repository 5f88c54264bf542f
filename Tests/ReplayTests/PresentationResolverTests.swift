import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel
import TraceReading

/// The model after a trace's one session, with its controllers named by address.
struct ReplayedModel {
  let model: SessionModel

  init(_ lines: [String]) throws {
    final class Keeper: SessionObserver {
      var model: SessionModel?
      func sessionStarted(_ session: DrivenSession) { model = session.replay?.model }
      func sessionEnded(_ session: DrivenSession, findings: SessionFindings) {}
    }
    let bytes = try Fixture.bytes(lines.joined(separator: "\n") + "\n", .none)
    let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(bytes), path: "resolver.ndjson"))
    let keeper = Keeper()
    _ = try SessionDriver(rules: RuleSet()).run(stream, to: keeper)
    model = try #require(keeper.model)
  }

  /// The id of the controller at `address`.
  func id(_ address: String) throws -> ObjectID {
    let symbols = model.symbols
    let offset = (0..<symbols.count).first { symbols.address(of: ObjectID($0)) == address }
    return ObjectID(try #require(offset, "no controller \(address)"))
  }

  /// An id's address, for comparing with a table.
  func address(_ id: ObjectID?) -> String? { id.map(model.symbols.address(of:)) }
}

/// One case of the resolver's table: a receiver and what UIKit answers for it.
struct ResolverCase: CustomTestStringConvertible, Sendable {
  let name: String
  let receiver: String
  let presented: String?
  let presenting: String?
  /// What `dismiss(animated:)` sent to the receiver dismisses: "handler>top".
  let dismisses: String?
  var testDescription: String { name }
}

/// UIKit's presentation answers, coded once in the model and asked by every path, checked as a
/// unit: presentedViewController and presentingViewController answer for a controller's
/// ancestors, and a dismiss goes to what the receiver presents, else to its presenter
/// (https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)).
@Suite("Presentation resolver")
struct PresentationResolverTests {
  /// A root navigation controller `0xr` with `0xr1` pushed, presenting a navigation controller
  /// `0xn` (with `0xn1`) full screen, which presents `0xp` from `0xn1`.
  static let stack = [
    #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
    #"{"ev":"setRoot","vc":"0xr","class":"UINavigationController"}"#,
    #"{"ev":"push","nav":"0xr","vc":"0xr1","class":"ListViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xr"}"#, #"{"ev":"viewDidAppear","vc":"0xr"}"#,
    #"{"ev":"present","presenter":"0xr1","vc":"0xn","class":"UINavigationController","style":"fullScreen"}"#,
    #"{"ev":"push","nav":"0xn","vc":"0xn1","class":"ComposeViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
    #"{"ev":"present","presenter":"0xn1","vc":"0xp","class":"PickerViewController","style":"fullScreen"}"#,
  ]

  static let cases: [ResolverCase] = [
    ResolverCase(name: "the root presents", receiver: "0xr", presented: "0xn", presenting: nil, dismisses: "0xr>0xn"),
    ResolverCase(
      name: "a child of the presenting root is presenting", receiver: "0xr1", presented: "0xn", presenting: nil,
      dismisses: "0xr>0xn"),
    ResolverCase(
      name: "a presented navigation controller that presents dismisses what it presents", receiver: "0xn",
      presented: "0xp", presenting: "0xr", dismisses: "0xn>0xp"),
    ResolverCase(
      name: "its child presents through it, and dismisses what it presents", receiver: "0xn1", presented: "0xp",
      presenting: "0xr", dismisses: "0xn>0xp"),
    ResolverCase(
      name: "the top of the stack presents nothing: its presenter dismisses it", receiver: "0xp", presented: nil,
      presenting: "0xn", dismisses: "0xn>0xp"),
  ]

  @Test("each receiver's presented, presenting and dismissed controller", arguments: cases)
  func answers(_ entry: ResolverCase) throws {
    let replayed = try ReplayedModel(Self.stack)
    let model = replayed.model
    let receiver = try replayed.id(entry.receiver)
    #expect(replayed.address(model.presentedViewController(of: receiver)) == entry.presented)
    #expect(replayed.address(model.presentingViewController(of: receiver)) == entry.presenting)
    let dismissal = model.dismissal(requestedOf: receiver).map {
      "\(replayed.address($0.handler)!)>\(replayed.address($0.top)!)"
    }
    #expect(dismissal == entry.dismisses)
  }

  @Test("a controller outside any presentation presents nothing and dismisses nothing")
  func unrelated() throws {
    let replayed = try ReplayedModel([
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#, #"{"ev":"setRoot","vc":"0xa1"}"#,
    ])
    let vc = try replayed.id("0xa1")
    #expect(replayed.model.presentedViewController(of: vc) == nil)
    #expect(replayed.model.presentingViewController(of: vc) == nil)
    #expect(replayed.model.dismissal(requestedOf: vc) == nil)
  }

  @Test("an animated dismissal stops a dismiss sent to the receiver, its children and what it moves off screen")
  func dismissalInProgress() throws {
    let replayed = try ReplayedModel(
      Self.stack + [#"{"ev":"dismiss","vc":"0xr1","animated":true}"#])
    let model = replayed.model
    for receiver in ["0xr", "0xr1", "0xn", "0xn1", "0xp"] {
      let found = model.transitionBlockingDismiss(sentTo: try replayed.id(receiver))
      #expect(replayed.address(found?.handler) == "0xr", "\(receiver)")
      #expect(found?.transition.kind == .dismissing, "\(receiver)")
    }
    // A present that 0xr handles runs into it; one that a controller on its way out asks for
    // does not (UIKit says its view is not in the window hierarchy).
    let root = try replayed.id("0xr")
    #expect(
      replayed.address(model.transitionBlockingPresent(from: try replayed.id("0xr1"), on: root)?.handler) == "0xr")
    let leaving = try replayed.id("0xn1")
    #expect(model.transitionBlockingPresent(from: leaving, on: try replayed.id("0xn")) == nil)
  }

  @Test("a present handled by the root is not stopped by a transition of the controller that asked")
  func presentOverContextDismissal() throws {
    // 0xc defines the context of a current-context presentation it dismisses with animation;
    // a full-screen present it asks for is handled by the root, which is not animating.
    let replayed = try ReplayedModel([
      #"{"traceq":1,"idiom":"pad","os":"12.0"}"#,
      #"{"ev":"setRoot","vc":"0xs","class":"UISplitViewController","kind":"split"}"#,
      #"{"ev":"addChild","parent":"0xs","vc":"0xc","class":"DetailsViewController"}"#,
      #"{"ev":"definesPresentationContext","vc":"0xc","value":true}"#,
      #"{"ev":"viewWillAppear","vc":"0xs"}"#, #"{"ev":"viewDidAppear","vc":"0xs"}"#,
      #"{"ev":"present","presenter":"0xc","vc":"0xm","style":"currentContext"}"#,
      #"{"ev":"dismiss","vc":"0xm","animated":true}"#,
    ])
    let model = replayed.model
    let source = try replayed.id("0xc")
    #expect(model.transitionBlockingDismiss(sentTo: source) != nil)
    #expect(model.transitionBlockingPresent(from: source, on: try replayed.id("0xs")) == nil)
  }

  @Test("the dismissal ends with the callbacks of the controllers it moves, whoever they are")
  func dismissalEndsWithCallbacks() throws {
    let dismissing = Self.stack + [#"{"ev":"dismiss","vc":"0xr","animated":true}"#]
    // The top-most controller of the dismissed stack disappears (the one in between gets no callback).
    let topGone = try ReplayedModel(dismissing + [#"{"ev":"viewDidDisappear","vc":"0xp"}"#])
    #expect(topGone.model.transitionBlockingDismiss(sentTo: try topGone.id("0xr")) == nil)
    // The presenter it reveals appears.
    let revealed = try ReplayedModel(dismissing + [#"{"ev":"viewDidAppear","vc":"0xr1"}"#])
    #expect(revealed.model.transitionBlockingDismiss(sentTo: try revealed.id("0xr")) == nil)
    // The completion names a child of the presenter that received the dismiss.
    let completed = try ReplayedModel(dismissing + [#"{"ev":"dismissCompleted","vc":"0xr1"}"#])
    #expect(completed.model.transitionBlockingDismiss(sentTo: try completed.id("0xr")) == nil)
    // Nothing yet: still in progress.
    let running = try ReplayedModel(dismissing + [#"{"ev":"viewWillDisappear","vc":"0xp"}"#])
    #expect(running.model.transitionBlockingDismiss(sentTo: try running.id("0xr")) != nil)
  }
}
