import XCTest

/// Drives each presentation once; the workflow then collects the trace and checks it: traceq
/// finds nothing wrong, and SwiftUI's controllers are named with their generic arguments.
final class PresentationsTests: XCTestCase {
  func testEachPresentation() {
    let app = XCUIApplication()
    app.launchEnvironment["TRACEQ_RECORDER"] = "1"  // record this launch whatever the sampling
    app.launch()
    for name in ["popover", "sheet", "swiftui-sheet", "swiftui-push"] {
      let button = app.buttons[name]
      XCTAssertTrue(button.waitForExistence(timeout: 5), name)
      button.tap()
      let close = app.buttons["close"]
      XCTAssertTrue(close.waitForExistence(timeout: 5), "\(name): no close button")
      if name == "swiftui-push" {
        app.navigationBars.buttons.element(boundBy: 0).tap()
      } else {
        close.tap()
      }
      XCTAssertTrue(app.buttons["popover"].waitForExistence(timeout: 5), "\(name) did not close")
    }
    // Longer than the recorder's flush interval, so that the events are in the file.
    Thread.sleep(forTimeInterval: 1)
  }
}
