import Replay
import TestSupport
import Testing
import TraceImporters
import TraceModel
import TraceReading

/// What checking a file gives: its findings (line, rule, source), its kind, its cross-checks.
private struct Checked {
  var findings: [Finding] = []
  var issues: [IngestIssue] = []
  var crossCheck: [CrossCheck.Entry] = []
  var summary: TraceChecker.Summary!

  var rows: [String] { findings.map { "\($0.line) \($0.ruleID) \($0.source.rawValue)" } }
}

private func check(_ text: String, _ compression: Compression = .none) throws -> Checked {
  let bytes = try Fixture.bytes(text, compression)
  let stream = TraceStream(
    reader: try TraceReader(source: MemoryByteSource(bytes, chunkSize: 7), path: "t.log"),
    consoleFilter: ConsoleCatalog.filter)
  var checked = Checked()
  checked.summary = try TraceChecker().check(
    stream, onFinding: { checked.findings.append($0) }, onIssue: { checked.issues.append($0) },
    onCrossCheck: { checked.crossCheck += $0 })
  return checked
}

@Suite("Console logs read as traces")
struct ConsoleLogTests {
  @Test("Xcode console: noise and other processes skipped, a wrapped message joined, at its first line")
  func xcodeConsole() throws {
    let log = """
      2023-11-23 10:11:12.001 MyApp[812:3456] App launched
      2023-11-23 10:11:12.002 SpringBoard[55:66] Attempting to connect
      2023-11-23 10:11:12.345 MyApp[812:3456] [Presentation] Attempt to present <MyApp.SettingsViewController: 0x7f9c01> on
      <UINavigationController: 0x7f9c02> (from <MyApp.HomeViewController: 0x7f9c03>) whose view is not in the window
      hierarchy.
      2023-11-23 10:11:13.000 MyApp[812:3456] Unbalanced calls to begin/end appearance transitions for <MyApp.HomeViewController: 0x7f9c03>.
      2023-11-23 10:11:14.000 MyApp[812:3456] [Network] done

      """
    for compression in [Compression.none, .gzip] {
      let checked = try check(log, compression)
      #expect(checked.summary.kind == InputKind.xcodeConsole)
      #expect(checked.rows == ["3 not-in-window-hierarchy uikit", "6 unbalanced-appearance uikit"])
      #expect(checked.findings.first?.logged?.process == "MyApp")
      #expect(checked.findings.first?.logged?.timestamp == "2023-11-23 10:11:12.345")
      #expect(checked.findings.first?.controller?.className == "MyApp.SettingsViewController")
      #expect(checked.issues.isEmpty && checked.crossCheck.isEmpty)
    }
  }

  @Test("a pasted excerpt with quote markers and a CI prefix on every line")
  func pastedExcerpt() throws {
    let log = """
      > [12:34:56]: ▸ Warning: Attempt to present <UIAlertController: 0x1a11f350> on <Xamarin_Forms_Platform_iOS_ModalWrapper: 0x196c7fc0>
      > [12:34:56]: ▸ whose view is not in the window hierarchy!
      > [12:34:57]: ▸ *** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] reached while popover is still visible.'

      """
    let checked = try check(log)
    #expect(checked.summary.kind == InputKind.consoleText)
    #expect(checked.rows == ["1 not-in-window-hierarchy uikit", "3 popover-released-while-visible uikit"])
  }

  @Test("a continuation line holding an anchor word still continues; a paraphrase in lower case is found")
  func anchorsInContinuations() throws {
    let log = """
      i got this in the xcode logger:
      2023-11-23 10:11:12.345 MyApp[812:3456] Unbalanced calls to begin/end appearance transitions for
      <MyApp.OrientationPickerViewController: 0x7f9c01>.
      and later: warning: attempt to present <A: 0x1> on <B: 0x2> whose view is not in the window hierarchy!

      """
    let checked = try check(log)
    #expect(checked.rows == ["2 unbalanced-appearance uikit", "4 not-in-window-hierarchy uikit"])
    #expect(checked.findings.first?.controller?.className == "MyApp.OrientationPickerViewController")
  }

  @Test("log show --style json: the message out of its string, the process from the same record")
  func logShowJSON() throws {
    let log = """
      [{
        "traceID" : 1234,
        "eventMessage" : "Unbalanced calls to begin\\/end appearance transitions for <UITabBarController: 0x1052>.",
        "subsystem" : "com.apple.UIKit",
        "backtrace" : {
          "frames" : [
            {
              "imageOffset" : 123
            }
          ]
        },
        "processImagePath" : "\\/private\\/var\\/containers\\/Bundle\\/Application\\/X\\/My App.app\\/My App",
        "timestamp" : "2023-11-23 10:11:12.345678+0100",
        "processID" : 321
      },{
        "traceID" : 1235,
        "eventMessage" : "unrelated",
        "processImagePath" : "\\/usr\\/libexec\\/other"
      }]
      """
    let checked = try check(log)
    #expect(checked.summary.kind == InputKind.logJSON)
    #expect(checked.rows == ["3 unbalanced-appearance uikit"])
    #expect(checked.findings.first?.logged?.process == "My App")
    #expect(checked.findings.first?.logged?.pid == 321)
  }

  @Test("log show --style ndjson")
  func logShowNDJSON() throws {
    let log = """
      {"traceID":1,"eventMessage":"hello","processImagePath":"\\/a\\/MyApp","processID":9}
      {"traceID":2,"eventMessage":"Attempt to present <B: 0x2> on <A: 0x1> which is already presenting <C: 0x3>.","processImagePath":"\\/a\\/MyApp","processID":9,"timestamp":"2023-11-23 10:11:12.3+0100"}

      """
    let checked = try check(log)
    #expect(checked.summary.kind == InputKind.logJSON)
    #expect(checked.rows == ["2 already-presenting uikit"])
    #expect(checked.findings.first?.logged?.process == "MyApp")
  }

  @Test("a JSON log's \\u escape without hex digits is read, not a crash (found by fuzzing)")
  func badUnicodeEscape() throws {
    let log = """
      {"traceID":2,"eventMessage":"Attempt to present <B: 0x2> on <A: 0x1> which is already presenting <C: 0x3>.","processImagePath":"\\/a\\/My\\unBd\\/App","processID":9}

      """
    let checked = try check(log)
    #expect(checked.rows == ["1 already-presenting uikit"])
    #expect(checked.findings.first?.logged?.process == "App")
  }

  @Test("an .ips crash report gives its exception reason once, though it repeats it")
  func ipsCrashReport() throws {
    let report = """
      {"app_name":"Homepwner","timestamp":"2023-11-23 10:11:12.00 +0100","app_version":"1.0","bug_type":"309","os_version":"iPhone OS 17.1 (21B74)"}
      {
        "procName" : "Homepwner",
        "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","type":"EXC_CRASH","signal":"SIGABRT"},
        "asi" : {"CoreFoundation":["*** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] reached while popover is still visible.'"],"libsystem_c.dylib":["abort() called"]},
        "exceptionReason" : {"composed_message":"-[UIPopoverController dealloc] reached while popover is still visible.","name":"NSGenericException","reason":"-[UIPopoverController dealloc] reached while popover is still visible.","type":"objc-exception"}
      }
      """
    let checked = try check(report)
    #expect(checked.summary.kind == InputKind.crashReport)
    #expect(checked.rows == ["5 popover-released-while-visible uikit"])
    #expect(checked.findings.first?.logged?.process == "Homepwner")
  }

  @Test("a text .crash report: Application Specific Information")
  func textCrashReport() throws {
    let report = """
      Incident Identifier: 2F1B0E53-0A2C-4C29-9C29-6D6A1B7C1D2E
      Process:             GameMenu [4242]
      Date/Time:           2014-03-01 10:11:12.123 +0100
      Exception Type:  EXC_CRASH (SIGABRT)

      Application Specific Information:
      *** Terminating app due to uncaught exception 'UIApplicationInvalidInterfaceOrientation', reason: 'Supported orientations has no common orientation with the application, and [GameMenuViewController shouldAutorotate] is returning YES'

      Last Exception Backtrace:
      0   CoreFoundation                	0x2fd3bf4b __exceptionPreprocess + 131
      """
    let checked = try check(report)
    #expect(checked.summary.kind == InputKind.crashReport)
    #expect(checked.rows == ["7 no-common-orientation uikit"])
    #expect(checked.findings.first?.controller?.className == "GameMenuViewController")
    #expect(checked.findings.first?.logged?.process == "GameMenu")
  }

  @Test("a text .crash report: the first frame in the app's image is the finding's frame and app controller")
  func crashReportAppFrame() throws {
    let report = """
      Process:             Picker [4242]
      Exception Type:  EXC_CRASH (SIGABRT)

      Application Specific Information:
      *** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] reached while popover is still visible.'

      Last Exception Backtrace:
      0   CoreFoundation                	0x2fd3bf4b __exceptionPreprocess + 131
      1   libobjc.A.dylib               	0x3a5aa6af objc_exception_throw + 38
      2   UIKit                         	0x3250a3f1 -[UIPopoverController dealloc] + 60
      3   Picker                        	0x0009c1d3 -[MTDActionSheet setupPopoverController] + 162
      4   Picker                        	0x0009b0f1 -[MTDActionSheet showFromBarButtonItem:] + 40

      Binary Images:
      0x94000 - 0xa3fff Picker armv7  <0d1b9d3f> /var/mobile/Applications/X/Picker.app/Picker
      """
    let checked = try check(report)
    let finding = try #require(checked.findings.first)
    #expect(finding.frame == "-[MTDActionSheet setupPopoverController] + 162")
    #expect(finding.appController?.className == "MTDActionSheet")
  }

  @Test("an .ips crash report: a Swift frame of the app's image, demangled")
  func ipsSwiftFrame() throws {
    let report = """
      {"app_name":"MyApp","bug_type":"309"}
      {
        "procName" : "MyApp",
        "asi" : {"CoreFoundation":["*** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] reached while popover is still visible.'"]},
        "usedImages" : [{"name":"UIKitCore","path":"/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"},{"name":"MyApp","path":"/private/var/containers/Bundle/Application/X/MyApp.app/MyApp"}],
        "lastExceptionBacktrace" : [{"imageIndex":0,"symbol":"-[UIPopoverController dealloc]","symbolLocation":60},{"imageIndex":1,"symbol":"$s5MyApp14ViewControllerC4showyyF","symbolLocation":40}]
      }
      """
    let finding = try #require(try check(report).findings.first)
    #expect(finding.frame == "MyApp.ViewController.show() -> () + 40")
    #expect(finding.appController?.className == "MyApp.ViewController")
  }

  @Test("Swift runtime class names in a diagnostic are demangled; the app's one is the controller")
  func demangledNames() throws {
    let log = """
      2023-11-23 10:11:12.001 MyApp[812:3456] Attempt to present <_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_: 0x7f9> on <_TtC5MyApp14ViewController: 0x7fa> whose view is not in the window hierarchy!
      """
    let finding = try #require(try check(log).findings.first)
    #expect(finding.message.contains("<SwiftUI.UIHostingController<SwiftUI.AnyView>: 0x7f9>"), "\(finding.message)")
    #expect(finding.message.contains("<MyApp.ViewController: 0x7fa>"))
    #expect(finding.appController?.className == "MyApp.ViewController" && finding.appController?.address == "0x7fa")
  }

  @Test("text without any UIKit diagnostic is rejected like a file without header; a log without one is not")
  func nothingFound() throws {
    let prose = try check("hello\nworld\n")
    #expect(prose.summary.rejected && prose.issues.first?.kind == .missingHeader)
    let quiet = try check("2023-11-23 10:11:12.001 MyApp[812:3456] App launched\n")
    #expect(!quiet.summary.rejected && quiet.summary.sessions == 1 && quiet.findings.isEmpty)
  }

  @Test("a trace's console events: confirmed, missed by the model, unconfirmed")
  func crossCheck() throws {
    let trace = TraceText.recordedWithConsole
    let checked = try check(trace)
    #expect(checked.summary.kind == InputKind.trace)
    #expect(checked.rows == ["7 popover-released-while-visible replay", "9 unbalanced-appearance uikit"])
    #expect(
      checked.crossCheck.map { "\($0.rule) \($0.verdict.rawValue)" } == [
        "popover-released-while-visible confirmed", "unbalanced-appearance missed-by-model",
      ])
  }
}
