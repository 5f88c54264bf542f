import Foundation
import TestSupport
import Testing
import TraceModel

// Both modules name the format's types; these are the ones this file means.
import enum TraceRecorder.EventName
import struct TraceRecorder.OrientationMask
import enum TraceRecorder.PresentationStyle
import struct TraceRecorder.SessionHeader

// The hook table, the hooks' functions and the event names are not public.
@testable import TraceRecorder
@testable import TraceRecorderUIKit

/// Stand-ins for UIKit's objects: the recorder writes their Swift class names.
class FakeController {}
final class FakeNavigationController: FakeController {}
final class FakeWindow {}
final class FakePopover {}
private final class UINavigationController: FakeController {}
private final class DetailViewController: FakeController {}

/// What UIKit would answer, made up: classes from the app's image unless told otherwise.
final class FakeBridge: UIKitBridge {
  var images: [ObjectIdentifier: String] = [:]
  var stacks: [ObjectIdentifier: [AnyObject]] = [:]
  var styles: [ObjectIdentifier: PresentationStyle] = [:]
  var prepared: [AnyObject] = []
  var preparedDelegates: [AnyObject] = []

  func classFacts(of object: AnyObject) -> ClassFacts {
    let name = String(describing: type(of: object))
    guard let image = images[ObjectIdentifier(type(of: object))] else {
      return ClassFacts(
        runtimeName: "App." + name, superclasses: ["UIViewController", "NSObject"],
        imagePath: "/private/var/containers/Bundle/Application/X/App.app/App")
    }
    return ClassFacts(runtimeName: name, superclasses: ["UIViewController", "NSObject"], imagePath: image)
  }
  func viewControllers(of container: AnyObject) -> [AnyObject]? { stacks[ObjectIdentifier(container)] }
  func presentationStyle(of vc: AnyObject) -> PresentationStyle? { styles[ObjectIdentifier(vc)] }
  func interfaceOrientations(of geometryPreferences: AnyObject) -> OrientationMask? { .landscape }
  func prepare(_ vc: AnyObject, watchDealloc: Bool) { prepared.append(vc) }
  func prepareDelegate(of popover: AnyObject) { preparedDelegates.append(popover) }
}

/// The hooks' decisions, made in plain Swift and tested here with a stand-in for UIKit: each
/// entry of the table writes its event through its layout's function; UIKit's nested calls are
/// not recorded twice; exclusions, features and the off state record nothing.
@Suite("UIKit hook events", .serialized)
struct HookEventsTests {
  /// Runs `body` with hooks recording into a fresh recorder, and reads the file back.
  static func recording(
    _ options: RecordingOptions? = nil, bridge: FakeBridge = FakeBridge(), _ body: () throws -> Void
  ) throws -> RecordedTrace {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var options = options ?? RecordingOptions()
    options.configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
    let recorder = try TraceRecorder.start(
      SessionHeader(idiom: .pad, osText: "17.4"), configuration: options.configuration)
    HookContext.activate(HookContext(recorder: recorder, options: options, bridge: bridge))
    defer { HookContext.activate(nil) }
    try body()
    recorder.stop()
    return try RecordedTrace(recorder.fileURL, parsingJSON: true)
  }

  /// Calls `entry`'s layout function as its hook would, with stand-in arguments; true when the
  /// original ran.
  @discardableResult
  static func invoke(_ entry: HookEntry, _ receiver: AnyObject, argument: AnyObject = FakeController()) -> Bool {
    var ran = false
    let original = { ran = true }
    switch entry.layout {
    case .plain?: HookEvents.plain(entry, receiver, original: original)
    case .bool?: HookEvents.bool(entry, receiver, true, original: original)
    case .boolBool?: HookEvents.boolBool(entry, receiver, true, false, original: original)
    case .object?: HookEvents.object(entry, receiver, argument, original: original)
    case .objectObject?: HookEvents.objectObject(entry, receiver, argument, nil, original: original)
    case .objectBool?:
      HookEvents.objectBool(
        entry, receiver, entry.event == .push ? argument : [argument] as AnyObject, true, original: original)
    case .objectBoolReturnsObject?:
      _ = HookEvents.objectBoolReturnsObject(entry, receiver, argument, true) {
        original()
        return nil
      }
    case .boolReturnsObject?:
      _ = HookEvents.boolReturnsObject(entry, receiver, true) {
        original()
        return nil
      }
    case .index?: HookEvents.index(entry, receiver, 0, original: original)
    case .returnsMask?:
      _ = HookEvents.returnsMask(entry, receiver) {
        original()
        return 26
      }
    case .returnsInteger?:
      _ = HookEvents.returnsInteger(entry, receiver) {
        original()
        return 1
      }
    case .returnsBool?:
      _ = HookEvents.returnsBool(entry, receiver) {
        original()
        return true
      }
    case .objectObjectReturnsMask?:
      _ = HookEvents.objectObjectReturnsMask(entry, receiver, argument, nil) {
        original()
        return 30
      }
    case .orientationDuration?: HookEvents.orientationDuration(entry, receiver, 3, 0.4, original: original)
    case .orientation?: HookEvents.orientation(entry, receiver, 1, original: original)
    case .sizeObject?: HookEvents.sizeObject(entry, receiver, width: 1024, height: 768, original: original)
    case .transition?:
      HookEvents.transition(entry, receiver, from: argument, to: FakeController(), duration: 0.3, original: original)
    case .objectBoolCompletion?:
      HookEvents.objectBoolCompletion(entry, receiver, argument, true, completion: nil) { completion in
        original()
        completion?()
      }
    case .boolCompletion?:
      HookEvents.boolCompletion(entry, receiver, true, completion: nil) { completion in
        original()
        completion?()
      }
    case .objectIndexBool?: HookEvents.objectIndexBool(entry, receiver, argument, 15, true, original: original)
    case .rectObjectIndexBool?: HookEvents.rectObjectIndexBool(entry, receiver, argument, 15, true, original: original)
    case .initializer?: HookEvents.initializer(entry, receiver, argument, original: original)
    case .dealloc?:
      HookEvents.dealloc(entry, UnsafeRawPointer(Unmanaged.passUnretained(receiver).toOpaque()), original: original)
    case nil: return false
    }
    return ran
  }

  @Test("each hooked method writes the event its table entry names, and calls UIKit's implementation")
  func eachEntryWritesItsEvent() throws {
    var options = RecordingOptions()
    options.features = Set(RecordingFeature.allCases)
    for entry in HookTable.entries where entry.layout != nil {
      let bridge = FakeBridge()
      let receiver = FakeNavigationController()
      let argument = FakeController()
      bridge.stacks[ObjectIdentifier(receiver)] = [FakeController(), argument]
      var ran = false
      let trace = try Self.recording(options, bridge: bridge) { ran = Self.invoke(entry, receiver, argument: argument) }
      #expect(ran, "\(entry.selector ?? "") did not call UIKit's implementation")
      var expected = [entry.event.name]
      if entry.event == .present { expected.append("presentCompleted") }
      if entry.event == .dismiss { expected.append("dismissCompleted") }
      #expect(trace.eventNames.map(\.name) == expected, "\(entry.selector ?? ""): \(trace.eventNames.map(\.name))")
      #expect(trace.issues.isEmpty, "\(entry.selector ?? ""): \(trace.issues)")
    }
  }

  @Test("UIKit forwarding dismiss to another controller: one dismiss, the app's")
  func forwardedDismissIsRecordedOnce() throws {
    let entry = try #require(HookTable.entries(for: .dismiss).first)
    let presented = FakeController()
    let presenter = FakeController()
    let trace = try Self.recording {
      HookEvents.boolCompletion(entry, presented, true, completion: nil) { completion in
        // UIKit's implementation asks the presenter to dismiss: the public method, hooked too.
        HookEvents.boolCompletion(entry, presenter, true, completion: completion) { $0?() }
      }
    }
    let dismisses = trace.records.filter { $0.json["ev"] as? String == "dismiss" }
    #expect(dismisses.count == 1)
    #expect(dismisses.first?.json["vc"] as? String == address(presented))
    #expect(trace.eventNames.map(\.name) == ["dismiss", "dismissCompleted"])
  }

  @Test("a present the app makes from a callback during a present is recorded; UIKit's nested one is not")
  func callbacksStartTheAppsOwnCalls() throws {
    let present = try #require(HookTable.entries(for: .present).first)
    let willAppear = try #require(HookTable.entries(for: .viewWillAppear).first)
    let (root, first, second) = (FakeController(), FakeController(), FakeController())
    let trace = try Self.recording {
      HookEvents.objectBoolCompletion(present, root, first, true, completion: nil) { _ in
        // UIKit re-sends the present to the context's controller (nested: not the app's call)…
        HookEvents.objectBoolCompletion(present, root, first, true, completion: nil) { _ in }
        // …then the presented controller's viewWillAppear, from which the app presents again.
        HookEvents.bool(willAppear, first, true) {
          HookEvents.objectBoolCompletion(present, first, second, true, completion: nil) { _ in }
        }
      }
    }
    let presented = trace.records.filter { $0.json["ev"] as? String == "present" }.map { $0.json["vc"] as? String }
    #expect(presented == [address(first), address(second)])
  }

  @Test("a subclass's hooked override calling super's: one callback")
  func superCallsAreRecordedOnce() throws {
    let entry = try #require(HookTable.entries(for: .viewWillAppear).first)
    let vc = FakeController()
    let trace = try Self.recording {
      HookEvents.bool(entry, vc, true) { HookEvents.bool(entry, vc, true) {} }
    }
    #expect(trace.eventNames.map(\.name) == ["viewWillAppear"])
  }

  @Test("excluded classes and modules, UIKit's private classes and features turned off record nothing")
  func exclusionsAndFeatures() throws {
    let entry = try #require(HookTable.entries(for: .viewWillAppear).first)
    let answer = try #require(HookTable.entries(for: .shouldAutorotate).first)
    let bridge = FakeBridge()
    final class _UIRemoteKeyboardController {}
    bridge.images[ObjectIdentifier(_UIRemoteKeyboardController.self)] =
      "/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"
    var options = RecordingOptions()
    options.excludedClasses = ["App.FakeNavigationController"]
    options.features.remove(.orientationAnswers)
    let (kept, excluded, keyboard) = (FakeController(), FakeNavigationController(), _UIRemoteKeyboardController())
    var originals = 0
    let trace = try Self.recording(options, bridge: bridge) {
      for object in [kept, excluded, keyboard] as [AnyObject] {
        HookEvents.bool(entry, object, false) { originals += 1 }
      }
      _ = HookEvents.returnsBool(answer, kept) {
        originals += 1
        return true
      }
    }
    #expect(originals == 4, "UIKit's implementation runs whatever is recorded")
    // A window whose root is an excluded controller: no setRoot, UIKit's implementation still runs.
    let setRoot = try #require(HookTable.entries(for: .setRoot).first)
    var rootSet = false
    let roots = try Self.recording(options, bridge: bridge) {
      HookEvents.object(setRoot, FakeWindow(), excluded) { rootSet = true }
    }
    #expect(rootSet && roots.eventNames.isEmpty)
    #expect(trace.records.compactMap { $0.json["vc"] as? String } == [address(kept)])
    #expect(bridge.prepared.map { address($0) } == [address(kept)])
  }

  @Test("with no context (off, or stopped), hooks only call UIKit's implementation")
  func offPassesThrough() throws {
    HookContext.activate(nil)
    for entry in HookTable.entries where entry.layout != nil {
      #expect(Self.invoke(entry, FakeController()), "\(entry.selector ?? "")")
    }
  }

  @Test("Homepwner through the hooks: traceq check finds the second popover and the release of the first")
  func homepwnerThroughTheHooks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var options = RecordingOptions()
    options.configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
    let recorder = try TraceRecorder.start(
      SessionHeader(idiom: .pad, osText: "7.0", app: "Homepwner"), configuration: options.configuration)
    HookContext.activate(HookContext(recorder: recorder, options: options, bridge: FakeBridge()))
    defer { HookContext.activate(nil) }
    func entry(_ event: EventName, _ selector: String? = nil) throws -> HookEntry {
      try #require(HookTable.entries(for: event).first { selector == nil || $0.selector == selector })
    }
    let (window, nav, items, detail) = (
      FakeWindow(), UINavigationController(), FakeController(), DetailViewController()
    )
    HookEvents.object(try entry(.setRoot), window, nav) {}
    func appearance(_ event: EventName, _ vcs: FakeController...) throws {
      for vc in vcs { HookEvents.bool(try entry(event), vc, false) {} }
    }
    try appearance(.viewWillAppear, nav, items)
    try appearance(.viewDidAppear, items, nav)
    HookEvents.objectBool(try entry(.push), nav, detail, true) {
      try? appearance(.viewWillDisappear, items)
      try? appearance(.viewWillAppear, detail)
    }
    try appearance(.viewDidDisappear, items)
    try appearance(.viewDidAppear, detail)
    let camera = FakeController()
    let (first, second) = (FakePopover(), FakePopover())
    for popover in [first, second] {
      HookEvents.initializer(try entry(.popoverCreate), popover, FakeController()) {}
      HookEvents.objectIndexBool(
        try entry(.popoverPresent, "presentPopoverFromBarButtonItem:permittedArrowDirections:animated:"), popover,
        camera, 15, true
      ) {}
    }
    HookEvents.dealloc(try entry(.popoverRelease), UnsafeRawPointer(Unmanaged.passUnretained(first).toOpaque())) {}
    recorder.stop()

    let check = try CommandRunner(directory: directory.path).run(["check", "--format", "json", directory.path])
    #expect(check.status == 1, "\(check.output)\(check.error)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
    let rules = Set((report["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
    #expect(rules == ["double-presented-popover", "popover-released-while-visible"], "\(check.output)")
  }

  @Test("a popover's creation is recorded before UIKit's initializer runs (it throws on an iPhone)")
  func popoverCreationBeforeTheInitializer() throws {
    let entry = try #require(HookTable.entries(for: .popoverCreate).first)
    let (popover, content) = (FakePopover(), FakeController())
    var recordedBefore = false
    let trace = try Self.recording {
      HookEvents.initializer(entry, popover, content) {
        let recorder = HookContext.current!.recorder
        recorder.flush()
        recordedBefore = (try? RecordedTrace(recorder.fileURL))?.eventNames.map(\.name) == ["popoverCreate"]
      }
    }
    #expect(recordedBefore)
    #expect(trace.records.last?.json["popover"] as? String == address(popover))
  }
}
