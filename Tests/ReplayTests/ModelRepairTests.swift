import Testing

/// The trace is authoritative: appearance callbacks repair the model's beliefs (with one
/// `model-disagreement` note), end the transitions they complete, and held findings are judged on
/// the state when their evidence window closes. Legal sequences are tested as much as misuse.
@Suite("The model repairs itself from the trace")
struct ModelRepairTests {
  static let overlay = [
    #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
    #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
    #"{"ev":"present","presenter":"0xa1","vc":"0xb2","class":"OverlayViewController","style":"overFullScreen"}"#,
    #"{"ev":"viewWillAppear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
  ]

  @Test("a dismissed controller that appears again without a present is still presented: one note")
  func dismissedAppears() throws {
    let rows = try findingRows(
      Self.overlay + [
        #"{"ev":"dismiss","vc":"0xb2"}"#,
        #"{"ev":"viewWillDisappear","vc":"0xb2"}"#, #"{"ev":"viewDidDisappear","vc":"0xb2"}"#,
        #"{"ev":"viewWillAppear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
        #"{"ev":"present","presenter":"0xa1","vc":"0xc3","style":"overFullScreen"}"#,
      ])
    #expect(rows == ["11 model-disagreement", "13 already-presenting"])
  }

  @Test("a dismissed controller presented again appears without a note")
  func dismissedPresentedAgain() throws {
    let rows = try findingRows(
      Self.overlay + [
        #"{"ev":"dismiss","vc":"0xb2"}"#,
        #"{"ev":"viewWillDisappear","vc":"0xb2"}"#, #"{"ev":"viewDidDisappear","vc":"0xb2"}"#,
        #"{"ev":"present","presenter":"0xa1","vc":"0xb2","style":"overFullScreen"}"#,
        #"{"ev":"viewWillAppear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
      ])
    #expect(rows == [])
  }

  @Test("a dismissed controller pushed onto a stack appears there without a note")
  func dismissedThenPushed() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
      #"{"ev":"setRoot","vc":"0xn","class":"UINavigationController"}"#,
      #"{"ev":"push","nav":"0xn","vc":"0xa1","class":"ListViewController"}"#,
      #"{"ev":"viewWillAppear","vc":"0xn"}"#, #"{"ev":"viewWillAppear","vc":"0xa1"}"#,
      #"{"ev":"viewDidAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xn"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xb2","style":"overFullScreen"}"#,
      #"{"ev":"dismiss","vc":"0xb2"}"#,
      #"{"ev":"push","nav":"0xn","vc":"0xb2"}"#,
      #"{"ev":"viewWillDisappear","vc":"0xa1"}"#, #"{"ev":"viewWillAppear","vc":"0xb2"}"#,
      #"{"ev":"viewDidDisappear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
    ])
    #expect(rows == [])
  }

  static let tabs = [
    #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
    #"{"ev":"setRoot","vc":"0xt","class":"UITabBarController"}"#,
    #"{"ev":"setViewControllers","container":"0xt","vcs":["0xa","0xb"]}"#,
    #"{"ev":"viewWillAppear","vc":"0xt"}"#, #"{"ev":"viewWillAppear","vc":"0xa"}"#,
    #"{"ev":"viewDidAppear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xt"}"#,
  ]

  @Test("a tab that appears is the selected one (a tap UIKit handles without a recorded call)")
  func unselectedTabAppears() throws {
    let rows = try findingRows(
      Self.tabs + [
        #"{"ev":"viewWillDisappear","vc":"0xa"}"#, #"{"ev":"viewWillAppear","vc":"0xb"}"#,
        #"{"ev":"viewDidDisappear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xb"}"#,
        // The repaired selection decides what is shown: 0xb presents from the window.
        #"{"ev":"present","presenter":"0xb","vc":"0xc","style":"fullScreen"}"#,
      ])
    #expect(rows == [])
  }

  @Test("a tab selected by the app appears")
  func selectedTabAppears() throws {
    let rows = try findingRows(
      Self.tabs + [
        #"{"ev":"selectTab","tab":"0xt","vc":"0xb"}"#,
        #"{"ev":"viewWillDisappear","vc":"0xa"}"#, #"{"ev":"viewWillAppear","vc":"0xb"}"#,
        #"{"ev":"viewDidDisappear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xb"}"#,
      ])
    #expect(rows == [])
  }

  @Test("a transition the model kept although UIKit presented from its presenter ends there")
  func staleTransitionEnds() throws {
    // The model thinks 0xb2's animated presentation never ended (no callback, no completion);
    // 0xc3 appears from the same presenter, so UIKit was not animating: one note, and the later
    // dismiss is not "during a transition".
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
      #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xb2","style":"overFullScreen","animated":true}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xc3","style":"overFullScreen","animated":true}"#,
      #"{"ev":"viewWillAppear","vc":"0xc3"}"#, #"{"ev":"viewDidAppear","vc":"0xc3"}"#,
      #"{"ev":"dismiss","vc":"0xc3","animated":true}"#,
    ])
    #expect(rows == ["7 model-disagreement"])
  }

  /// A landscape-only screen refuses the device's turn back upright, then is popped: the
  /// portrait-only screen below is revealed in landscape.
  static let portraitRevealed = [
    #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
    #"{"ev":"setRoot","vc":"0xn","class":"PlayerNavigationController","kind":"navigation"}"#,
    #"{"ev":"push","nav":"0xn","vc":"0xa","class":"ListViewController"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xa","mask":"portrait"}"#,
    #"{"ev":"push","nav":"0xn","vc":"0xv","class":"VideoViewController"}"#,
    #"{"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xn","mask":"landscape"}"#,
    #"{"ev":"deviceOrientation","orientation":"portrait"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xn","mask":"landscape"}"#,
    #"{"ev":"pop","nav":"0xn","vc":"0xv"}"#,
  ]

  @Test("a portrait screen revealed in landscape is reported even when the app moves on at once")
  func revealedThenPushed() throws {
    let rows = try findingRows(
      Self.portraitRevealed + [#"{"ev":"push","nav":"0xn","vc":"0xd","class":"DetailViewController"}"#])
    #expect(rows == ["8 rejected-orientation", "10 unsupported-orientation-shown"])
  }

  @Test(
    "attemptRotation after the pop repairs it only when the new answer allows the device's orientation",
    arguments: [
      ("portrait", ["8 rejected-orientation"]),
      ("landscape", ["8 rejected-orientation", "10 unsupported-orientation-shown"]),
    ])
  func attemptAfterPop(answer: String, expected: [String]) throws {
    let rows = try findingRows(
      Self.portraitRevealed + [
        #"{"ev":"attemptRotation"}"#,
        #"{"ev":"supportedInterfaceOrientations","vc":"0xn","mask":"\#(answer)"}"#,
        #"{"ev":"push","nav":"0xn","vc":"0xd","class":"DetailViewController"}"#,
      ])
    #expect(rows == expected)
  }

  static let presentedLandscape = [
    #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
    #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController"}"#,
    #"{"ev":"viewWillAppear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}"#,
    #"{"ev":"preferredInterfaceOrientation","vc":"0xa1","orientation":"landscapeRight"}"#,
    #"{"ev":"present","presenter":"0xa1","vc":"0xb2","class":"PlayerViewController","style":"fullScreen"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xb2","mask":"allButUpsideDown"}"#,
    #"{"ev":"viewWillDisappear","vc":"0xa1"}"#, #"{"ev":"viewWillAppear","vc":"0xb2"}"#,
    #"{"ev":"viewDidDisappear","vc":"0xa1"}"#, #"{"ev":"viewDidAppear","vc":"0xb2"}"#,
    #"{"ev":"dismiss","vc":"0xb2"}"#,
    #"{"ev":"viewWillDisappear","vc":"0xb2"}"#, #"{"ev":"viewWillAppear","vc":"0xa1"}"#,
  ]

  @Test("an answer given before a full-screen dismissal does not decide its exception")
  func staleAnswer() throws {
    let rows = try findingRows(
      Self.presentedLandscape + [#"{"ev":"viewDidDisappear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#])
    #expect(rows == [])
  }

  @Test("the answer UIKit asks for at the dismissal, among its callbacks, decides it")
  func freshAnswer() throws {
    let rows = try findingRows(
      Self.presentedLandscape + [
        #"{"ev":"preferredInterfaceOrientation","vc":"0xa1","orientation":"landscapeRight"}"#,
        #"{"ev":"viewDidDisappear","vc":"0xb2"}"#, #"{"ev":"viewDidAppear","vc":"0xa1"}"#,
      ])
    #expect(rows == ["13 preferred-orientation-unsupported"])
  }
}

extension ModelRepairTests {
  @Test(
    "an animated present whose end the trace does not show is over a second later",
    arguments: [("1.2", ["6 dismiss-during-transition"]), ("3.0", [])])
  func transitionLifetime(dismissedAt: String, expected: [String]) throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"12.0"}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"RootViewController","t":0.1}"#,
      #"{"ev":"viewWillAppear","vc":"0xa1","t":0.2}"#, #"{"ev":"viewDidAppear","vc":"0xa1","t":0.5}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xb2","style":"overFullScreen","animated":true,"t":1.0}"#,
      #"{"ev":"dismiss","vc":"0xb2","animated":true,"t":\#(dismissedAt)}"#,
    ])
    #expect(rows == expected)
  }
}

extension ModelRepairTests {
  @Test("a controller deallocated while it was being presented ends that presentation's transition")
  func deallocatedDuringPresentation() throws {
    let rows = try findingRows(
      Self.overlay.prefix(4) + [
        #"{"ev":"present","presenter":"0xa1","vc":"0xb2","style":"overFullScreen","animated":true}"#,
        #"{"ev":"dealloc","vc":"0xb2"}"#,
        #"{"ev":"present","presenter":"0xa1","vc":"0xc3","style":"overFullScreen","animated":true}"#,
      ])
    #expect(rows == [])
  }
}

extension ModelRepairTests {
  /// A tab bar controller that answers for its content: landscape is allowed at launch, then
  /// its navigation controller's list is portrait-only, and so is its answer when the app asks
  /// UIKit to try again (the device stays in landscape).
  static let forwardingTabs = [
    #"{"traceq":1,"idiom":"phone","os":"12.0","orientation":"landscapeRight"}"#,
    #"{"ev":"setViewControllers","container":"0xn","vcs":["0xl"]}"#,
    #"{"ev":"setViewControllers","container":"0xt","vcs":["0xn","0xs"]}"#,
    #"{"ev":"setRoot","vc":"0xt","class":"RotatingTabBarController","kind":"tabBar"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xt","mask":"allButUpsideDown"}"#,
    #"{"ev":"viewWillAppear","vc":"0xt"}"#, #"{"ev":"viewDidAppear","vc":"0xt"}"#,
    #"{"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
    #"{"ev":"attemptRotation"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xt","mask":"portrait"}"#,
  ]

  @Test("a container's answer for what it showed before does not decide what it shows now")
  func staleContainerAnswer() throws {
    // The settings tab never answered; the tab bar's portrait was its list's.
    let rows = try findingRows(
      Self.forwardingTabs + [
        #"{"ev":"selectTab","tab":"0xt","vc":"0xs","class":"SettingsViewController"}"#,
        #"{"ev":"viewWillAppear","vc":"0xs"}"#, #"{"ev":"viewDidAppear","vc":"0xs"}"#,
      ])
    #expect(rows == [])
  }

  @Test("a controller's own answer still decides after the switch")
  func ownAnswerAfterSwitch() throws {
    let rows = try findingRows(
      Self.forwardingTabs + [
        #"{"ev":"supportedInterfaceOrientations","vc":"0xs","mask":"portrait"}"#,
        #"{"ev":"selectTab","tab":"0xt","vc":"0xs","class":"SettingsViewController"}"#,
      ])
    #expect(rows == ["12 unsupported-orientation-shown"])
  }

  @Test("a portrait screen revealed in landscape again, after it was covered, is reported again")
  func revealedAgain() throws {
    let reveal = [
      #"{"ev":"push","nav":"0xn","vc":"0xw","class":"VideoViewController"}"#,
      #"{"ev":"viewWillDisappear","vc":"0xa"}"#, #"{"ev":"viewDidDisappear","vc":"0xa"}"#,
      #"{"ev":"pop","nav":"0xn","vc":"0xw"}"#,
      #"{"ev":"viewWillAppear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xa"}"#,
    ]
    let shown = [#"{"ev":"viewWillAppear","vc":"0xa"}"#, #"{"ev":"viewDidAppear","vc":"0xa"}"#]
    let rows = try findingRows(Self.portraitRevealed + shown + reveal)
    #expect(rows == ["8 rejected-orientation", "10 unsupported-orientation-shown", "16 unsupported-orientation-shown"])
    // Shown all along (a sheet over it and gone again), it is the same state: reported once.
    let sheet = [
      #"{"ev":"present","presenter":"0xa","vc":"0xs","style":"overFullScreen"}"#,
      #"{"ev":"dismiss","vc":"0xs"}"#,
    ]
    let once = try findingRows(Self.portraitRevealed + shown + sheet)
    #expect(once == ["8 rejected-orientation", "10 unsupported-orientation-shown"])
  }
}
