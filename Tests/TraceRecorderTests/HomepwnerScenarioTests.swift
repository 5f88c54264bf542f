import Foundation
import TestSupport
import Testing
import TraceModel
import TraceRecorder

// Both modules name the format's types; these are the ones this file means.
import struct TraceRecorder.SessionHeader

private class ViewController {}
private final class UINavigationController: ViewController {}
private final class BNRItemsViewController: ViewController {}
private final class BNRDetailViewController: ViewController {}
private final class UIImagePickerController: ViewController {}
private final class UIPopoverController {}

/// What the UIKit hooks record when Homepwner's camera button is tapped twice on an iPad, played
/// through the typed API: `traceq check` must find the double popover in the recorder's file.
@Suite("Recorder and check: Homepwner")
struct HomepwnerScenarioTests {
  @Test("the camera tapped twice: check reports the second popover and the release of the first")
  func doubleCameraTap() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let recorder = try TraceRecorder.start(
      SessionHeader(idiom: .pad, osText: "7.0", app: "Homepwner", declaredSupported: .all),
      configuration: RecorderConfiguration(directory: URL(fileURLWithPath: directory.path)))
    let nav = UINavigationController()
    let items = BNRItemsViewController()
    let detail = BNRDetailViewController()
    recorder.setRoot(nav)
    recorder.viewWillAppear(nav, animated: false)
    recorder.viewWillAppear(items, animated: false)
    recorder.viewDidAppear(items, animated: false)
    recorder.viewDidAppear(nav, animated: false)
    recorder.push(detail, on: nav, animated: true)
    recorder.viewWillDisappear(items, animated: true)
    recorder.viewWillAppear(detail, animated: true)
    recorder.viewDidDisappear(items, animated: true)
    recorder.viewDidAppear(detail, animated: true)
    let first = UIPopoverController()
    let second = UIPopoverController()
    let (firstPicker, secondPicker) = (UIImagePickerController(), UIImagePickerController())
    recorder.popoverCreate(first, content: firstPicker)
    recorder.popoverPresent(first, from: .barButtonItem, arrows: 15)
    recorder.popoverCreate(second, content: secondPicker)
    recorder.popoverPresent(second, from: .barButtonItem, arrows: 15)
    withExtendedLifetime(first) {
      recorder.popoverRelease(UnsafeRawPointer(Unmanaged.passUnretained(first).toOpaque()))
    }
    recorder.console(
      "*** Terminating app due to uncaught exception 'NSGenericException', reason: "
        + "'-[UIPopoverController dealloc] reached while popover is still visible.'")
    recorder.stop()

    let check = try CommandRunner(directory: directory.path).run(["check", "--format", "json", directory.path])
    #expect(check.status == 1, "\(check.error)")
    let report = try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
    let findings = try #require(report["findings"] as? [[String: Any]])
    let found = findings.map { "\($0["line"] ?? "?") \($0["rule"] ?? "?")" }
    #expect(found.contains("15 double-presented-popover"), "\(found)")
    #expect(found.contains("16 popover-released-while-visible"), "\(found)")
  }
}
