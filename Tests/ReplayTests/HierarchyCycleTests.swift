import Testing

/// A trace can claim containment UIKit's view hierarchy cannot hold (a controller added to
/// its own child, or to itself). The model keeps its parent chains free of cycles, so every
/// walk up a chain ends: before, such a trace made `check` loop forever.
@Suite("Containment cycles in a trace")
struct HierarchyCycleTests {
  @Test("a controller added to its own child: the branch leaves it first, and a present from it is judged")
  func addedToOwnChild() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
      #"{"ev":"setRoot","vc":"0xa1","class":"Root"}"#,
      #"{"ev":"addChild","parent":"0xa1","vc":"0xb1","class":"Child"}"#,
      #"{"ev":"didMoveToParent","vc":"0xb1","parent":"0xa1"}"#,
      #"{"ev":"addChild","parent":"0xb1","vc":"0xa1"}"#,
      #"{"ev":"didMoveToParent","vc":"0xa1","parent":"0xb1"}"#,
      #"{"ev":"present","presenter":"0xa1","vc":"0xc1","class":"Sheet","style":"fullScreen"}"#,
    ])
    #expect(rows == ["7 not-in-window-hierarchy"])
  }

  @Test("a controller added to itself is not its own parent")
  func addedToItself() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
      #"{"ev":"addChild","parent":"0xd1","vc":"0xd1"}"#,
      #"{"ev":"present","presenter":"0xd1","vc":"0xe1","class":"Sheet","style":"overCurrentContext"}"#,
    ])
    #expect(rows == ["2 did-move-missing", "3 not-in-window-hierarchy"])
  }

  @Test("a navigation stack pushed onto the controller it holds")
  func pushedOntoOwnChild() throws {
    let rows = try findingRows([
      #"{"traceq":1,"idiom":"phone","os":"17.0"}"#,
      #"{"ev":"setRoot","vc":"0xn1","class":"UINavigationController","kind":"navigation"}"#,
      #"{"ev":"push","nav":"0xn1","vc":"0xm1","class":"UINavigationController","kind":"navigation"}"#,
      #"{"ev":"push","nav":"0xm1","vc":"0xn1"}"#,
      #"{"ev":"present","presenter":"0xm1","vc":"0xs1","class":"Sheet","style":"currentContext"}"#,
    ])
    #expect(rows == ["5 not-in-window-hierarchy"])
  }
}
