import XCTest

/// Reproduces the double popover; the workflow then runs `traceq collect` and `traceq check`,
/// which must report it. The app may crash on the second tap (UIKit raises "-[UIPopoverController
/// dealloc] reached while popover is still visible."): the test only drives it.
final class DoubleCameraTapTests: XCTestCase {
  func testCameraTappedTwice() {
    let app = XCUIApplication()
    app.launchEnvironment["TRACEQ_RECORDER"] = "1"  // record this launch whatever the sampling
    app.launch()
    app.buttons["show-item"].tap()
    let camera = app.buttons["camera"]
    XCTAssertTrue(camera.waitForExistence(timeout: 5))
    camera.tap()
    // The popover covers the screen but not the bar button: tap it again where it is.
    camera.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.5)).tap()
    // Longer than the recorder's flush interval, so that the events are in the file.
    Thread.sleep(forTimeInterval: 1)
  }
}
