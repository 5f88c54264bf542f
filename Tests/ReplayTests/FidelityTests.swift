import Replay
import Testing

/// `line rule` for each finding of `lines` (a header and events), model-disagreement notes included.
func findingRows(_ lines: [String], rules: RuleSet = RuleSet()) throws -> [String] {
  try findings(in: lines.joined(separator: "\n") + "\n", rules: rules).map { "\($0.line) \($0.ruleID)" }
}

/// The confirmed fidelity bugs, each from its minimal trace: the replay agrees with UIKit.
@Suite("Fidelity: the replay agrees with UIKit")
struct FidelityTests {
  @Test("1. a sheet swiped down (no dismiss from the app) ends its presentation")
  func userDismissedSheet() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
      #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xs1","class":"SheetViewController","style":"pageSheet","animated":true}"#,
      #"{"ev":"viewWillAppear","vc":"0xs1"}"#, #"{"ev":"viewDidAppear","vc":"0xs1"}"#,
      #"{"ev":"viewWillDisappear","vc":"0xs1"}"#, #"{"ev":"viewDidDisappear","vc":"0xs1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xs1","style":"pageSheet","animated":true}"#,
    ])
    #expect(rows == [])
  }

  @Test("1. an iPad popover tapped away ends its presentation")
  func userDismissedPopover() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"pad","os":"12.0","requiresFullScreen":true}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
      #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xp1","class":"MenuViewController","style":"popover"}"#,
      #"{"ev":"viewWillAppear","vc":"0xp1"}"#, #"{"ev":"viewDidAppear","vc":"0xp1"}"#,
      #"{"ev":"viewWillDisappear","vc":"0xp1"}"#, #"{"ev":"viewDidDisappear","vc":"0xp1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xp2","class":"MenuViewController","style":"popover"}"#,
    ])
    #expect(rows == [])
  }

  @Test("1. a presented controller covered by its own full-screen presentation is still presented")
  func coveredIsNotDismissed() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
      #"{"ev":"setRoot","vc":"0xa1"}"#, #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xb2","style":"fullScreen"}"#,
      #"{"ev":"viewWillAppear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
      #"{"ev":"present","presenter":"0xb2","vc":"0xc3","style":"fullScreen"}"#,
      #"{"ev":"viewWillDisappear","vc":"0xb2"}"#, #"{"ev":"viewWillAppear","vc":"0xc3"}"#,
      #"{"ev":"viewDidDisappear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xc3"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xd4"}"#,
    ])
    #expect(rows == ["13 already-presenting"])
  }

  static let cancelledPop = [
    #"{"traceq":1,"idiom":"phone","os":"13.0"}"#,
    #"{"ev":"setRoot","vc":"0xa1","class":"UINavigationController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"push","nav":"0xa1","vc":"0xb2","class":"ListViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
    #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
    #"{"ev":"push","nav":"0xa1","vc":"0xc3","class":"DetailViewController","animated":true}"#,
    #"{"ev":"viewWillDisappear","vc":"0xb2"}"#, #"{"ev":"viewWillAppear","vc":"0xc3"}"#,
    #"{"ev":"viewDidDisappear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xc3"}"#,
    #"{"ev":"pop","nav":"0xa1","vc":"0xc3","animated":true}"#,
    #"{"ev":"viewWillDisappear","vc":"0xc3"}"#, #"{"ev":"viewWillAppear","vc":"0xb2"}"#,
  ]

  @Test("2. a cancelled interactive pop keeps the top on the stack")
  func cancelledPop() throws {
    let rows = try findingRows(
      Self.cancelledPop + [
        #"{"ev":"viewWillDisappear","vc":"0xb2"}"#, #"{"ev":"viewDidDisappear","vc":"0xb2"}"#,
        #"{"ev":"viewWillAppear","vc":"0xc3"}"#, #"{"ev":"viewDidAppear","vc":"0xc3"}"#,
        #"{"ev":"present","presenter":"0xc3","vc":"0xd4","style":"fullScreen"}"#,
      ])
    #expect(rows == [])
  }

  @Test("2. a completed pop takes the top off the window: presenting from it is refused")
  func completedPop() throws {
    let rows = try findingRows(
      Self.cancelledPop + [
        #"{"ev":"viewDidDisappear","vc":"0xc3"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
        #"{"ev":"present","presenter":"0xc3","vc":"0xd4","style":"fullScreen"}"#,
      ])
    #expect(rows == ["18 not-in-window-hierarchy"])
  }

  @Test("3. setViewControllers keeps a controller already in the stack attached")
  func setViewControllersKeeps() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"pad","os":"7.0"}"#,
      #"{"ev":"setRoot","vc":"0xn","class":"UINavigationController"}"#,
      #"{"ev":"setViewControllers","container":"0xn","vcs":["0xa"]}"#,
      #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewWillAppear","vc":"0xa","class":"ItemsViewController"}"#,
      #"{"ev":"viewDidAppear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
      #"{"ev":"setViewControllers","container":"0xn","vcs":["0xa"]}"#,
      #"{"ev":"present","presenter":"0xa","vc":"0xd","style":"formSheet"}"#,
    ])
    #expect(rows == [])
  }

  static let closeButton = [
    #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
    #"{"ev":"setRoot","vc":"0xr"}"#, #"{"ev":"viewWillAppear","vc":"0xr"}"#, #"{"ev":"viewDidAppear","vc":"0xr"}"#,
    #"{"ev":"present","presenter":"0xr","vc":"0xn","class":"UINavigationController","style":"fullScreen"}"#,
    #"{"ev":"setViewControllers","container":"0xn","vcs":["0xc"]}"#,
    #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewWillAppear","vc":"0xc","class":"EditViewController"}"#,
    #"{"ev":"viewDidAppear","vc":"0xc"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
    #"{"ev":"dismiss","vc":"0xc","animated":true}"#,
  ]

  @Test("4. a second dismiss sent to a child of the dismissed navigation controller is refused")
  func dismissThroughChildTwice() throws {
    let rows = try findingRows(Self.closeButton + [#"{"ev":"dismiss","vc":"0xc","animated":true}"#])
    #expect(rows == ["12 dismiss-during-transition"])
  }

  @Test("4. a dismissCompleted naming the child ends the dismissal")
  func dismissCompletedThroughChild() throws {
    let rows = try findingRows(
      Self.closeButton + [
        #"{"ev":"dismissCompleted","vc":"0xc"}"#,
        #"{"ev":"present","presenter":"0xr","vc":"0xe","style":"fullScreen"}"#,
      ])
    #expect(rows == [])
  }

  @Test("5. presenting from viewDidLoad, before the root appears, is not in the window hierarchy")
  func presentBeforeAppearing() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xb2","class":"OnboardingViewController","style":"fullScreen"}"#,
      #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
    ])
    #expect(rows == ["3 not-in-window-hierarchy"])
  }

  @Test("5. decided on the controller UIKit presents from: a child's present is handled by its root")
  func presentFromChildBeforeAppearing() throws {
    let found = try findings(
      in: [
        #"{"traceq":1,"idiom":"phone","os":"15.0"}"#,
        #"{"ev":"setRoot","vc":"0xn","class":"UINavigationController"}"#,
        #"{"ev":"push","nav":"0xn","vc":"0xa","class":"HomeViewController"}"#,
        #"{"ev":"present","presenter":"0xa","vc":"0xb","class":"LoginViewController","style":"fullScreen"}"#,
        #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewWillAppear","vc":"0xa"}"#,
        #"{"ev":"viewDidAppear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
      ].joined(separator: "\n") + "\n", rules: RuleSet())
    #expect(found.map(\.ruleID) == ["not-in-window-hierarchy"])
    #expect(found.first?.message.contains("on UINavigationController 0xn (from HomeViewController 0xa)") == true)
  }

  @Test("5. presented controller appears anyway: the model was wrong, only a note remains")
  func refusedButAppeared() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
      #"{"ev":"setRoot","vc":"0xa1"}"#, #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xb2","style":"overFullScreen"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xc3","style":"overFullScreen"}"#,
      #"{"ev":"viewWillAppear","vc":"0xc3"}"#, #"{"ev":"viewDidAppear","vc":"0xc3"}"#,
    ])
    #expect(rows == ["7 model-disagreement"])
  }

  static let freedChild = [
    #"{"traceq":1,"idiom":"phone","os":"15.0"}"#,
    #"{"ev":"setRoot","vc":"0xn","class":"UINavigationController"}"#,
    #"{"ev":"push","nav":"0xn","vc":"0xr","class":"ListViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
    #"{"ev":"push","nav":"0xn","vc":"0xp","class":"PagerViewController"}"#,
    #"{"ev":"addChild","parent":"0xp","vc":"0xc","class":"PageViewController"}"#,
    #"{"ev":"didMoveToParent","vc":"0xc","parent":"0xp"}"#, #"{"ev":"pop","nav":"0xn","vc":"0xp"}"#,
  ]

  @Test("6. a freed child's address reused by a new controller (dealloc recorded)")
  func reusedAfterDealloc() throws {
    let rows = try findingRows(
      Self.freedChild + [
        #"{"ev":"dealloc","vc":"0xc"}"#, #"{"ev":"dealloc","vc":"0xp"}"#,
        #"{"ev":"present","presenter":"0xr","vc":"0xc","class":"ShareViewController","style":"fullScreen"}"#,
      ])
    #expect(rows == [])
  }

  @Test("6. a freed child's address reused by a controller of another class")
  func reusedWithAnotherClass() throws {
    let rows = try findingRows(
      Self.freedChild + [
        #"{"ev":"present","presenter":"0xr","vc":"0xc","class":"ShareViewController","style":"fullScreen"}"#
      ])
    #expect(rows == [])
    let same = try findingRows(
      Self.freedChild + [#"{"ev":"present","presenter":"0xr","vc":"0xc","style":"fullScreen"}"#])
    #expect(same == ["10 present-active-controller"])
  }

  @Test(
    "7. a present without a style is full screen before iOS 13 and a sheet from iOS 13",
    arguments: [("12.4", ["5 no-common-orientation"]), ("13.0", []), ("17.4", [])])
  func styleDefault(os: String, expected: [String]) throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":""# + os + #"","supported":"portrait"}"#,
      #"{"ev":"setRoot","vc":"0xa1"}"#, #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xv","class":"VideoViewController"}"#,
      #"{"ev":"supportedInterfaceOrientations","vc":"0xv","mask":"landscape"}"#,
    ])
    #expect(rows == expected)
  }

  static let landscapePop = [
    #"{"traceq":1,"idiom":"phone","os":"16.4"}"#,
    #"{"ev":"setRoot","vc":"0xn","class":"RotatingNavigationController","kind":"navigation"}"#,
    #"{"ev":"push","nav":"0xn","vc":"0xa","class":"ListViewController"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xa","mask":"portrait"}"#,
    #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewWillAppear","vc":"0xa"}"#,
    #"{"ev":"viewDidAppear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
    #"{"ev":"push","nav":"0xn","vc":"0xv","class":"VideoViewController"}"#,
    #"{"ev":"viewWillDisappear","vc":"0xa"}"#, #"{"ev":"viewWillAppear","vc":"0xv"}"#,
    #"{"ev":"viewDidDisappear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xv"}"#,
    #"{"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
    #"{"ev":"pop","nav":"0xn","vc":"0xv"}"#,
    #"{"ev":"viewWillDisappear","vc":"0xv"}"#, #"{"ev":"viewWillAppear","vc":"0xa"}"#,
  ]

  @Test("8. setNeedsUpdateOfSupportedInterfaceOrientations as the portrait screen appears re-decides (iOS 16)")
  func setNeedsUpdateAfterPop() throws {
    let rows = try findingRows(
      Self.landscapePop + [
        #"{"ev":"setNeedsUpdateOfSupportedInterfaceOrientations","vc":"0xa"}"#,
        #"{"ev":"supportedInterfaceOrientations","vc":"0xn","mask":"portrait"}"#,
        #"{"ev":"viewDidDisappear","vc":"0xv"}"#, #"{"ev":"viewDidAppear","vc":"0xa"}"#,
        #"{"ev":"push","nav":"0xn","vc":"0xd","class":"DetailViewController"}"#,
      ])
    #expect(rows == [])
  }

  @Test("8. without it the portrait screen stays in landscape")
  func noUpdateAfterPop() throws {
    let rows = try findingRows(
      Self.landscapePop + [#"{"ev":"viewDidDisappear","vc":"0xv"}"#, #"{"ev":"viewDidAppear","vc":"0xa"}"#])
    #expect(rows == ["15 unsupported-orientation-shown"])
  }

  @Test("8. requestGeometryUpdate rotates to a requested orientation UIKit allows")
  func geometryUpdate() throws {
    let rows = try findingRows(
      Self.landscapePop + [
        #"{"ev":"requestGeometryUpdate","orientations":"portrait"}"#,
        #"{"ev":"viewDidDisappear","vc":"0xv"}"#, #"{"ev":"viewDidAppear","vc":"0xa"}"#,
      ])
    #expect(rows == [])
  }

  @Test(
    "9. every window's root must share an orientation with the app",
    arguments: [("landscape", ["4 no-common-orientation"]), ("portrait", [])])
  func overlayWindow(mask: String, expected: [String]) throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"15.0","supported":"portrait"}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
      #"{"ev":"viewWillAppear","vc":"0xa1"}"#,
      #"{"ev":"setRoot","vc":"0xj1","class":"OverlayViewController","window":"overlay"}"#,
      #"{"ev":"supportedInterfaceOrientations","vc":"0xj1","mask":""# + mask + #""}"#,
      #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
    ])
    #expect(rows == expected)
  }

  static let rectPopover = [
    #"{"traceq":1,"idiom":"pad","os":"7.0"}"#,
    #"{"ev":"setRoot","vc":"0xr","class":"MapViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xr"}"#, #"{"ev":"viewDidAppear","vc":"0xr"}"#,
    #"{"ev":"popoverCreate","popover":"0xp","vc":"0xc","class":"PinDetailViewController"}"#,
    #"{"ev":"popoverPresent","popover":"0xp","from":"rect"}"#,
  ]

  @Test("10. presenting a visible rect popover again in didRotate is what Apple asks for")
  func repositionAfterRotation() throws {
    let rows = try findingRows(
      Self.rectPopover + [
        #"{"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
        #"{"ev":"willRotate","vc":"0xr","to":"landscapeRight"}"#, #"{"ev":"didRotate","vc":"0xr","from":"portrait"}"#,
        #"{"ev":"popoverPresent","popover":"0xp","from":"rect"}"#,
      ])
    #expect(rows == [])
    let again = try findingRows(Self.rectPopover + [#"{"ev":"popoverPresent","popover":"0xp","from":"rect"}"#])
    #expect(again == ["7 double-presented-popover"])
  }

  @Test("11. definesPresentationContext logged just after a present decides that present's context")
  func contextAnswerAfterPresent() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"pad","os":"12.0"}"#,
      #"{"t":0,"ev":"setRoot","vc":"0xr","class":"ContainerViewController"}"#,
      #"{"t":0,"ev":"addChild","parent":"0xr","vc":"0xc","class":"ListViewController"}"#,
      #"{"t":0,"ev":"didMoveToParent","vc":"0xc","parent":"0xr"}"#,
      #"{"t":0.1,"ev":"viewWillAppear","vc":"0xr"}"#, #"{"t":0.1,"ev":"viewDidAppear","vc":"0xr"}"#,
      #"{"t":5,"ev":"present","presenter":"0xc","vc":"0xx","style":"currentContext"}"#,
      #"{"t":5,"ev":"definesPresentationContext","vc":"0xc","value":true}"#,
      #"{"t":6,"ev":"present","presenter":"0xr","vc":"0xy","style":"fullScreen"}"#,
    ])
    #expect(rows == [])
  }

  @Test("11. an answer logged a second later does not decide an earlier rotation")
  func lateAnswer() throws {
    let lines = [
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
      #"{"t":0,"ev":"setRoot","vc":"0xr","class":"PlayerViewController"}"#,
      #"{"t":1,"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
    ]
    #expect(
      try findingRows(lines + [#"{"t":2,"ev":"supportedInterfaceOrientations","vc":"0xr","mask":"portrait"}"#]) == [])
    #expect(
      try findingRows(lines + [#"{"t":1,"ev":"supportedInterfaceOrientations","vc":"0xr","mask":"portrait"}"#]) == [
        "3 rejected-orientation"
      ])
  }

  @Test(
    "12. present-from-detached applies from iOS 8",
    arguments: [("7.1", [String]()), ("8.0", ["7 present-from-detached"]), ("17.0", ["7 present-from-detached"])])
  func detachedGate(os: String, expected: [String]) throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":""# + os + #""}"#,
      #"{"ev":"setRoot","vc":"0xr"}"#, #"{"ev":"viewWillAppear","vc":"0xr"}"#, #"{"ev":"viewDidAppear","vc":"0xr"}"#,
      #"{"ev":"viewWillAppear","vc":"0xm"}"#, #"{"ev":"viewDidAppear","vc":"0xm"}"#,
      #"{"ev":"present","presenter":"0xm","vc":"0xs","style":"fullScreen"}"#,
    ])
    #expect(rows == expected)
  }

  @Test("12. rotation callbacks after notifications were switched off show the interface rotated")
  func notificationsOffButRotated() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"7.1"}"#,
      #"{"ev":"setRoot","vc":"0xr"}"#, #"{"ev":"viewWillAppear","vc":"0xr"}"#, #"{"ev":"viewDidAppear","vc":"0xr"}"#,
      #"{"ev":"deviceNotifications","on":false}"#, #"{"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
      #"{"ev":"willRotate","vc":"0xr","to":"landscapeRight"}"#, #"{"ev":"didRotate","vc":"0xr","from":"portrait"}"#,
    ])
    #expect(rows == ["7 model-disagreement"])
  }

  @Test(
    "13. pushing the same instance twice throws, in each iOS version's words",
    arguments: [
      ("12.4", "Pushing the same view controller instance more than once is not supported (DetailViewController 0xc)"),
      ("13.0", "UINavigationController 0xn is pushing the same view controller instance (DetailViewController 0xc)"),
    ])
  func pushTwice(os: String, wording: String) throws {
    let found = try findings(
      in: [
        #"{"traceq":1,"idiom":"phone","os":""# + os + #""}"#,
        #"{"ev":"setRoot","vc":"0xn","class":"UINavigationController"}"#,
        #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
        #"{"ev":"push","nav":"0xn","vc":"0xc","class":"DetailViewController","animated":true}"#,
        #"{"ev":"push","nav":"0xn","vc":"0xc","animated":true}"#,
      ].joined(separator: "\n") + "\n", rules: RuleSet())
    #expect(found.map { "\($0.line) \($0.ruleID)" } == ["6 push-same-instance"])
    #expect(found.first?.message.hasPrefix(wording) == true)
  }
}
