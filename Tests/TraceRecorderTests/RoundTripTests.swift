import Foundation
import TestSupport
import Testing
import TraceModel
import TraceRecorder

import enum TraceModel.EventName
// Both modules name the format's types; these are the ones this file means.
import struct TraceRecorder.SessionHeader

private class Controller {}
private final class ItemsViewController: Controller {}
private final class MyNavigationController: Controller {}

@Suite("Recorder round trip")
struct RoundTripTests {
  /// Starts a recorder in a fresh directory, runs `body`, stops it and reads its file.
  static func record(
    header: SessionHeader = SessionHeader(idiom: .pad, osText: "17.4", app: "Homepwner"),
    configure: (inout RecorderConfiguration) -> Void = { _ in },
    describe: @escaping @Sendable (AnyObject) -> ClassDescription = ClassDescription.init(of:),
    _ body: (TraceRecorder) throws -> Void
  ) throws -> RecordedTrace {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var configuration = RecorderConfiguration(directory: URL(fileURLWithPath: directory.path))
    configure(&configuration)
    let recorder = try TraceRecorder.start(header, configuration: configuration, describeClass: describe)
    try body(recorder)
    recorder.stop()
    let files = try traceFiles(in: directory.path)
    try #require(files.count == 1)
    return try RecordedTrace(files[0], parsingJSON: true)
  }

  /// `object` as JSON text with sorted keys, for comparing records whatever their key order.
  static func canonical(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
  }

  @Test("every event kind is written once and read back unchanged by TraceReader and RecordDecoder")
  func everyEventKind() throws {
    let nav = MyNavigationController()
    let items = ItemsViewController()
    let other = Controller()
    let popover = Controller()
    let window = Controller()
    let (n, i, o, p, w) = (address(nav), address(items), address(other), address(popover), address(window))
    let popoverPointer = UnsafeRawPointer(Unmanaged.passUnretained(popover).toOpaque())
    let otherPointer = UnsafeRawPointer(Unmanaged.passUnretained(other).toOpaque())
    // Each call, and the record it must give (without `t`).
    let calls: [(EventName, (TraceRecorder) -> Void, [String: Any])] = [
      (
        .setRoot, { $0.setRoot(nav, window: window) },
        ["vc": n, "window": w, "class": "MyNavigationController", "kind": "navigation"]
      ),
      (.windowMask, { $0.windowMask(.allButUpsideDown) }, ["mask": 26]),
      (.deviceNotifications, { $0.deviceNotifications(on: true) }, ["on": true]),
      (.deviceOrientation, { $0.deviceOrientation(.faceUp) }, ["orientation": "faceUp"]),
      (.attemptRotation, { $0.attemptRotation() }, [:]),
      (
        .supportedInterfaceOrientations, { $0.supportedInterfaceOrientations(items, .landscape) },
        ["vc": i, "mask": 24, "class": "ItemsViewController"]
      ),
      (.shouldAutorotate, { $0.shouldAutorotate(items, false) }, ["vc": i, "value": false]),
      (
        .preferredInterfaceOrientation, { $0.preferredInterfaceOrientation(items, .landscapeLeft) },
        ["vc": i, "orientation": "landscapeLeft"]
      ),
      (.definesPresentationContext, { $0.definesPresentationContext(items, true) }, ["vc": i, "value": true]),
      (
        .willRotate, { $0.willRotate(items, to: .landscapeRight, duration: 0.4) },
        ["vc": i, "to": "landscapeRight", "duration": 0.4]
      ),
      (
        .willAnimateRotation, { $0.willAnimateRotation(items, to: .landscapeRight) }, ["vc": i, "to": "landscapeRight"]
      ),
      (.didRotate, { $0.didRotate(items, from: .portrait) }, ["vc": i, "from": "portrait"]),
      (
        .viewWillTransitionToSize, { $0.viewWillTransitionToSize(items, width: 1024, height: 768.5) },
        ["vc": i, "width": 1024, "height": 768.5]
      ),
      (.viewWillAppear, { $0.viewWillAppear(items, animated: true) }, ["vc": i, "animated": true]),
      (.viewDidAppear, { $0.viewDidAppear(items, animated: nil) }, ["vc": i]),
      (.viewWillDisappear, { $0.viewWillDisappear(items, animated: false) }, ["vc": i, "animated": false]),
      (.viewDidDisappear, { $0.viewDidDisappear(items, animated: false) }, ["vc": i, "animated": false]),
      (
        .beginAppearanceTransition, { $0.beginAppearanceTransition(other, appearing: true, animated: false) },
        ["vc": o, "appearing": true, "animated": false, "class": "Controller"]
      ),
      (.endAppearanceTransition, { $0.endAppearanceTransition(other) }, ["vc": o]),
      (.addChild, { $0.addChild(other, to: items) }, ["parent": i, "vc": o]),
      (.willMoveToParent, { $0.willMoveToParent(other, items) }, ["vc": o, "parent": i]),
      (.didMoveToParent, { $0.didMoveToParent(other, nil) }, ["vc": o, "parent": NSNull()]),
      (.removeFromParent, { $0.removeFromParent(other) }, ["vc": o]),
      (.push, { $0.push(other, on: nav, animated: true) }, ["nav": n, "vc": o, "animated": true]),
      (.pop, { $0.pop(nil, from: nav, animated: true) }, ["nav": n, "animated": true]),
      (.setViewControllers, { $0.setViewControllers([items, other], of: nav) }, ["container": n, "vcs": [i, o]]),
      (.selectTab, { $0.selectTab(items, of: nav) }, ["tab": n, "vc": i]),
      (
        .transition, { $0.transition(from: items, to: other, in: nav, duration: 0.25) },
        ["parent": n, "from": i, "to": o, "duration": 0.25]
      ),
      (
        .present, { $0.present(other, from: items, style: .formSheet, animated: true) },
        ["presenter": i, "vc": o, "style": "formSheet", "animated": true]
      ),
      (.presentCompleted, { $0.presentCompleted(other) }, ["vc": o]),
      (.dismiss, { $0.dismiss(other, animated: true) }, ["vc": o, "animated": true]),
      (.dismissCompleted, { $0.dismissCompleted(other) }, ["vc": o]),
      (.popoverCreate, { $0.popoverCreate(popover, content: other) }, ["popover": p, "vc": o]),
      (
        .popoverPresent, { $0.popoverPresent(popover, from: .barButtonItem, arrows: 15) },
        ["popover": p, "from": "barButtonItem", "arrows": 15]
      ),
      (.popoverDismiss, { $0.popoverDismiss(popover, animated: false) }, ["popover": p, "animated": false]),
      (.popoverDidDismiss, { $0.popoverDidDismiss(popover) }, ["popover": p]),
      (.popoverRelease, { $0.popoverRelease(popoverPointer) }, ["popover": p]),
      (
        .console, { $0.console("Unbalanced calls to begin/end appearance transitions for <\"é\"\\\t>.") },
        ["text": "Unbalanced calls to begin/end appearance transitions for <\"é\"\\\t>."]
      ),
      (
        .setNeedsUpdateOfSupportedInterfaceOrientations, { $0.setNeedsUpdateOfSupportedInterfaceOrientations(items) },
        ["vc": i]
      ),
      (
        .requestGeometryUpdate, { $0.requestGeometryUpdate(.portrait, window: window) },
        ["orientations": 2, "window": w]
      ),
      (.dealloc, { $0.dealloc(otherPointer) }, ["vc": o]),
    ]
    let describe: @Sendable (AnyObject) -> ClassDescription = { object in
      var description = ClassDescription(of: object)
      if object is MyNavigationController { description.kind = .navigation }
      return description
    }
    let trace = try Self.record(describe: describe) { recorder in
      for (_, call, _) in calls { call(recorder) }
    }
    #expect(trace.issues.isEmpty, "\(trace.issues)")
    try #require(trace.records.count == calls.count + 1)
    guard case .session(let header, _, _) = trace.records[0].item else {
      Issue.record("the first record is not a header")
      return
    }
    #expect(header.idiom == .pad && header.osText == "17.4" && header.app == "Homepwner")
    for ((name, _, expected), record) in zip(calls, trace.records.dropFirst()) {
      guard case .event(let event) = record.item else {
        Issue.record("\(name) did not decode as an event")
        continue
      }
      #expect(event.name == name)
      #expect(record.followUps.isEmpty, "\(name): \(record.followUps)")
      var json = record.json
      #expect(json.removeValue(forKey: "t") is Double, "\(name) has no time")
      #expect(json.removeValue(forKey: "ev") as? String == name.name)
      #expect(try Self.canonical(json) == Self.canonical(expected), "\(name)")
    }
    let written = Set(calls.map(\.0))
    let kinds = Set(EventName.allCases).subtracting([.dropped])
    #expect(written == kinds, "not written: \(kinds.subtracting(written))")
  }
}
