import TestSupport
import Testing

@testable import TraceImporters
@testable import TraceModel
@testable import TraceReading

/// The items of a plain-text trace.
func items(_ text: String) throws -> [TraceItem] {
  let stream = TraceStream(reader: try TraceReader(source: MemoryByteSource(Array(text.utf8)), path: "t.ndjson"))
  var items: [TraceItem] = []
  while let item = try stream.next() { items.append(item) }
  return items
}

extension TraceItem {
  var issue: IngestIssue? { if case .issue(let issue) = self { issue } else { nil } }
  var event: TraceEvent? { if case .event(let event) = self { event } else { nil } }
  var header: SessionHeader? { if case .session(let header, _, _) = self { header } else { nil } }
}

@Suite("Decoding records")
struct DecoderTests {
  @Test("headers start sessions with their fields and the format's defaults")
  func headers() throws {
    let decoded = try items(
      TraceText.lines([
        #"{"traceq":1,"app":"Homepwner","os":"7.1","idiom":"pad","supported":"landscape","orientation":"landscapeLeft","device":"iPad3,1","build":"42","requiresFullScreen":true}"#,
        #"{"ev":"attemptRotation"}"#,
        #"{"traceq":1,"idiom":"phone"}"#,
        #"{"ev":"attemptRotation"}"#,
      ]))
    let headers = decoded.compactMap(\.header)
    #expect(headers.count == 2)
    #expect(headers[0].idiom == .pad)
    #expect(headers[0].os == OSVersion(7, 1))
    #expect(headers[0].app == "Homepwner")
    #expect(headers[0].supported == .landscape)
    #expect(headers[0].orientation == .landscapeLeft)
    #expect(headers[0].requiresFullScreen)
    #expect(headers[0].device == "iPad3,1" && headers[0].build == "42")
    #expect(headers[1].idiom == .phone)
    #expect(headers[1].supported == .allButUpsideDown)
    #expect(headers[1].orientation == .portrait)
    #expect(headers[1].os == nil)
    #expect(decoded.compactMap(\.event).count == 2)
  }

  @Test("each session names its objects from 0 again")
  func sessionsHaveTheirOwnSymbols() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(), #"{"ev":"viewWillAppear","vc":"0xa"}"#,
        TraceText.header(), #"{"ev":"viewWillAppear","vc":"0xb"}"#,
      ]))
    var symbols: [SessionSymbols] = []
    for item in decoded { if case .session(_, _, let session) = item { symbols.append(session) } }
    #expect(symbols.count == 2 && symbols[0] !== symbols[1])
    #expect(symbols[0].address(of: ObjectID(0)) == "0xa")
    #expect(symbols[1].address(of: ObjectID(0)) == "0xb")
  }

  @Test(
    "a mask may be an integer, a name, an orientation or an array of names",
    arguments: [
      (#"26"#, OrientationMask.allButUpsideDown), (#""all""#, .all), (#""landscape""#, .landscape),
      (#""portrait""#, .portrait), (#"["portrait","landscapeLeft"]"#, OrientationMask([.portrait, .landscapeLeft])),
      (#"[]"#, OrientationMask()), (#"0"#, OrientationMask()),
    ] as [(String, OrientationMask)])
  func maskForms(_ json: String, _ mask: OrientationMask) throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(), #"{"ev":"supportedInterfaceOrientations","vc":"0x1","mask":"# + json + "}",
      ]))
    guard case .supportedInterfaceOrientations(_, let found) = try #require(decoded.last?.event).payload else {
      Issue.record("not decoded: \(decoded)")
      return
    }
    #expect(found == mask)
  }

  @Test(
    "bad masks are errors that name the key",
    arguments: [
      (#""sideways""#, IngestIssue.Kind.invalidValue), (#"["portrait",2]"#, .wrongType), (#"-2"#, .invalidValue),
      (#"1.5"#, .invalidValue), (#"true"#, .wrongType), (#"["up"]"#, .invalidValue),
    ])
  func badMasks(_ json: String, _ kind: IngestIssue.Kind) throws {
    let decoded = try items(TraceText.lines([TraceText.header(), #"{"ev":"windowMask","mask":"# + json + "}"]))
    let issue = try #require(decoded.last?.issue)
    #expect(issue.kind == kind)
    #expect(issue.message.contains("\"mask\""))
    #expect(issue.line == 2)
  }

  @Test("records that are not valid become errors with their line, and reading goes on")
  func errorsAndRecovery() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(),
        #"{"ev":"viewWillAppear","vc":"0x1"}"#,
        #"{"ev":"viewWillAppear","vc":"0x1""#,
        #"{"ev":"viewWillAppear","vc":7}"#,
        #"{"ev":"viewWillAppear"}"#,
        #"{"vc":"0x1"}"#,
        #"{"ev":"present","presenter":"0x1","vc":"0x2","style":"sheet"}"#,
        #"{"ev":"viewDidAppear","vc":"0x1","animated":"yes"}"#,
        #"{"ev":"viewDidAppear","vc":"0x1","t":"soon"}"#,
        #"{"ev":"viewDidAppear","vc":"0x1"}"#,
      ]))
    let issues = decoded.compactMap(\.issue)
    #expect(issues.map(\.line) == [3, 4, 5, 6, 7, 8, 9])
    #expect(
      issues.map(\.kind) == [.invalidJSON, .wrongType, .missingKey, .missingKey, .invalidValue, .wrongType, .wrongType])
    #expect(issues[0].message.hasPrefix("invalid JSON: the object is not closed"))
    #expect(issues[1].message == "\"vc\" must be an id string, not a number")
    #expect(issues[2].message == "viewWillAppear needs \"vc\" (a controller id)")
    #expect(issues[4].message.contains("\"style\" is \"sheet\", which is not a presentation style"))
    #expect(issues.allSatisfy { $0.raw != nil && $0.severity == .error })
    #expect(decoded.compactMap(\.event).map(\.line) == [2, 10])
  }

  @Test("unknown events and unknown keys are kept")
  func unknownEvents() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(),
        #"{"ev":"viewIsAppearing","vc":"0x1","future":{"x":[1]}}"#,
        #"{"ev":"viewWillAppear","vc":"0x1","extra":"kept in the record"}"#,
      ]))
    let events = decoded.compactMap(\.event)
    #expect(events.count == 2)
    guard case .unknown(let name, let vc) = events[0].payload else {
      Issue.record("expected an unknown event")
      return
    }
    #expect(name == "viewIsAppearing" && vc == ObjectID(0))
    #expect(events[0].name == nil)
    #expect(events[1].name == .viewWillAppear)
    #expect(decoded.compactMap(\.issue).isEmpty)
  }

  @Test("a file that does not start with a header is rejected at its first record")
  func missingHeader() throws {
    let decoded = try items(TraceText.lines(["", #"{"ev":"viewWillAppear","vc":"0x1"}"#, TraceText.header()]))
    #expect(decoded.count == 1)
    #expect(decoded[0].issue?.kind == .missingHeader)
    #expect(decoded[0].issue?.line == 2)
    #expect(try items("not json at all\n").first?.issue?.kind == .missingHeader)
  }

  @Test("an unsupported format version skips its session until the next header")
  func unsupportedVersion() throws {
    let decoded = try items(
      TraceText.lines([
        #"{"traceq":2,"idiom":"phone"}"#, #"{"ev":"attemptRotation"}"#,
        TraceText.header(), #"{"ev":"attemptRotation"}"#,
      ]))
    #expect(decoded.compactMap(\.issue).map(\.kind) == [.unsupportedVersion])
    #expect(decoded.compactMap(\.header).map(\.version) == [2, 1])
    #expect(decoded.compactMap(\.event).map(\.line) == [4])
  }

  @Test("a header without a valid idiom is an error, and its session still starts")
  func headerProblems() throws {
    let decoded = try items(TraceText.lines([#"{"traceq":1,"idiom":"watch"}"#, #"{"ev":"attemptRotation"}"#]))
    #expect(decoded.compactMap(\.header).first?.idiom == nil)
    #expect(decoded.compactMap(\.issue).map(\.kind) == [.invalidValue])
    #expect(decoded.compactMap(\.event).count == 1)
    let missing = try items(TraceText.lines([#"{"traceq":1}"#]))
    #expect(missing.compactMap(\.issue).first?.message == "a header needs \"idiom\" (phone or pad)")
  }

  @Test("times that go backwards are kept and reported once per session")
  func timeOrder() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(), #"{"t":2,"ev":"attemptRotation"}"#, #"{"t":1,"ev":"attemptRotation"}"#,
        #"{"t":0.5,"ev":"attemptRotation"}"#, TraceText.header(), #"{"t":3,"ev":"attemptRotation"}"#,
        #"{"t":1,"ev":"attemptRotation"}"#,
      ]))
    let issues = decoded.compactMap(\.issue)
    #expect(issues.map(\.kind) == [.timeGoesBackwards, .timeGoesBackwards])
    #expect(issues.map(\.line) == [3, 7])
    #expect(decoded.compactMap(\.event).map(\.time) == [2, 1, 0.5, 3, 1])
  }

  @Test("another class at an address names a new object; UIKit container classes imply their kind")
  func classes() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(),
        #"{"ev":"setRoot","vc":"0x1","class":"UINavigationController"}"#,
        #"{"ev":"viewWillAppear","vc":"0x1","class":"Other"}"#,
        #"{"ev":"push","nav":"0x1","vc":"0x2","class":"MyTabs","kind":"tabBar"}"#,
        #"{"ev":"viewWillAppear","vc":"0x3","kind":"navigation"}"#,
        #"{"ev":"viewWillAppear","vc":"0x2","class":"MyTabs"}"#,
      ]))
    guard case .session(_, _, let symbols) = decoded[0] else {
      Issue.record("no session")
      return
    }
    #expect(symbols.className(of: ObjectID(0)) == "Other")
    #expect(symbols.kind(of: ObjectID(0)) == nil)
    #expect(symbols.describe(ObjectID(0)) == "Other 0x1")
    #expect(symbols.takeRenewed() == [ObjectID(0)])
    #expect(!symbols.hasRenewed)
    #expect(symbols.className(of: ObjectID(2)) == "MyTabs")
    #expect(symbols.kind(of: ObjectID(2)) == .tabBar)
    #expect(symbols.kind(of: ObjectID(3)) == .navigation)
    #expect(symbols.describe(ObjectID(3)) == "0x3")
  }

  @Test("every event of the contract decodes from its documented keys")
  func everyEvent() throws {
    let records = [
      #"{"ev":"setRoot","vc":"0x1","window":"w2"}"#, #"{"ev":"windowMask","mask":"all"}"#,
      #"{"ev":"deviceNotifications","on":false}"#, #"{"ev":"deviceOrientation","orientation":"faceUp"}"#,
      #"{"ev":"attemptRotation"}"#, #"{"ev":"supportedInterfaceOrientations","vc":"0x1","mask":2}"#,
      #"{"ev":"shouldAutorotate","vc":"0x1","value":false}"#,
      #"{"ev":"preferredInterfaceOrientation","vc":"0x1","orientation":"landscapeLeft"}"#,
      #"{"ev":"definesPresentationContext","vc":"0x1","value":true}"#,
      #"{"ev":"willRotate","vc":"0x1","to":"landscapeLeft","duration":0.3}"#,
      #"{"ev":"willAnimateRotation","vc":"0x1","to":"landscapeLeft"}"#,
      #"{"ev":"didRotate","vc":"0x1","from":"portrait"}"#,
      #"{"ev":"viewWillTransitionToSize","vc":"0x1","width":1024,"height":768}"#,
      #"{"ev":"viewWillAppear","vc":"0x1","animated":true}"#, #"{"ev":"viewDidAppear","vc":"0x1"}"#,
      #"{"ev":"viewWillDisappear","vc":"0x1"}"#, #"{"ev":"viewDidDisappear","vc":"0x1"}"#,
      #"{"ev":"beginAppearanceTransition","vc":"0x1","appearing":true,"animated":false}"#,
      #"{"ev":"endAppearanceTransition","vc":"0x1"}"#, #"{"ev":"addChild","parent":"0x1","vc":"0x2"}"#,
      #"{"ev":"willMoveToParent","vc":"0x2","parent":null}"#, #"{"ev":"didMoveToParent","vc":"0x2","parent":"0x1"}"#,
      #"{"ev":"removeFromParent","vc":"0x2"}"#, #"{"ev":"push","nav":"0x1","vc":"0x2","animated":true}"#,
      #"{"ev":"pop","nav":"0x1"}"#, #"{"ev":"setViewControllers","container":"0x1","vcs":["0x2","0x3"]}"#,
      #"{"ev":"selectTab","tab":"0x1","vc":"0x2"}"#, #"{"ev":"transition","parent":"0x1","from":"0x2","to":"0x3"}"#,
      #"{"ev":"present","presenter":"0x1","vc":"0x2","style":"formSheet","animated":true}"#,
      #"{"ev":"presentCompleted","vc":"0x2"}"#, #"{"ev":"dismiss","vc":"0x2","animated":true}"#,
      #"{"ev":"dismissCompleted","vc":"0x2"}"#, #"{"ev":"popoverCreate","popover":"0xd4","vc":"0x5"}"#,
      #"{"ev":"popoverPresent","popover":"0xd4","from":"barButtonItem"}"#,
      #"{"ev":"popoverDismiss","popover":"0xd4","animated":true}"#, #"{"ev":"popoverDidDismiss","popover":"0xd4"}"#,
      #"{"ev":"popoverRelease","popover":"0xd4"}"#, #"{"ev":"console","text":"Unbalanced calls"}"#,
      #"{"ev":"setNeedsUpdateOfSupportedInterfaceOrientations","vc":"0x1"}"#,
      #"{"ev":"requestGeometryUpdate","orientations":"landscape"}"#, #"{"ev":"dealloc","vc":"0x2"}"#,
      #"{"ev":"dropped","count":12}"#,
    ]
    let decoded = try items(TraceText.lines([TraceText.header()] + records))
    #expect(decoded.compactMap(\.issue).map(\.kind) == [.eventsDropped])  // the dropped record's warning
    let names = decoded.compactMap(\.event).compactMap(\.name)
    #expect(Set(names) == Set(EventName.allCases))
    #expect(names.count == records.count)
  }

  @Test("the iOS 16 orientation requests and dealloc decode with their keys")
  func orientationRequestsAndDealloc() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(),
        #"{"ev":"setNeedsUpdateOfSupportedInterfaceOrientations","vc":"0xa1","class":"PlayerViewController"}"#,
        #"{"ev":"requestGeometryUpdate","orientations":["landscapeLeft","landscapeRight"],"window":"w2"}"#,
        #"{"ev":"requestGeometryUpdate","orientations":2}"#, #"{"ev":"dealloc","vc":"0xa1"}"#,
        #"{"ev":"requestGeometryUpdate"}"#, #"{"ev":"dealloc"}"#,
      ]))
    let events = decoded.compactMap(\.event)
    guard events.count == 4, case .setNeedsUpdateOfSupportedInterfaceOrientations(let vc) = events[0].payload,
      case .requestGeometryUpdate(let landscape, let overlay) = events[1].payload,
      case .requestGeometryUpdate(let portrait, let main) = events[2].payload,
      case .dealloc(let freed) = events[3].payload
    else {
      Issue.record("not decoded: \(decoded)")
      return
    }
    #expect(vc == freed)
    #expect(landscape == .landscape && portrait == .portrait)
    #expect(overlay != main)
    #expect(decoded.compactMap(\.issue).count == 2)
  }

  @Test("a present without a style leaves the default to the session's iOS; automatic is a style")
  func presentStyles() throws {
    let decoded = try items(
      TraceText.lines([
        TraceText.header(), #"{"ev":"present","presenter":"0x1","vc":"0x2"}"#,
        #"{"ev":"present","presenter":"0x1","vc":"0x3","style":"automatic"}"#,
      ]))
    let styles = decoded.compactMap(\.event).compactMap { event -> PresentationStyle?? in
      if case .present(_, _, let style, _) = event.payload { style } else { nil }
    }
    #expect(styles == [nil, .automatic])
  }

  @Test("an unterminated last line that is complete is kept; a half one is a warning")
  func lastLine() throws {
    let complete = try items(TraceText.header() + "\n" + #"{"ev":"attemptRotation"}"#)
    #expect(complete.compactMap(\.event).count == 1)
    #expect(complete.compactMap(\.issue).isEmpty)
    let half = try items(TraceText.header() + "\n" + #"{"ev":"attemptRotation"}"# + "\n" + #"{"ev":"viewWill"#)
    #expect(half.compactMap(\.issue).map(\.kind) == [.incompleteLastLine])
    #expect(half.compactMap(\.issue).first?.severity == .warning)
    #expect(half.compactMap(\.issue).first?.line == 3)
  }

  @Test("a line over the limit is an error")
  func oversized() throws {
    let stream = TraceStream(
      reader: try TraceReader(
        source: MemoryByteSource(
          Array(TraceText.lines([TraceText.header(), String(repeating: " ", count: 3000)]).utf8)),
        path: "t", maxLineLength: 1000))
    var kinds: [IngestIssue.Kind] = []
    while let item = try stream.next() { if let issue = item.issue { kinds.append(issue.kind) } }
    #expect(kinds == [.lineTooLong])
  }
}
