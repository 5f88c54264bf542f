import Testing
import TraceModel

// The recorder's package has no dependency, so it carries its own copy of the format's names
// and raw values; this is where the copy is held to the reader's. Each type is compared both
// ways: every case of either side, its raw value and its name. (`Recorder…` names the
// recorder's types: RecorderVocabulary.swift.)

@Suite("The vocabulary the recorder shares with the reader")
struct SharedVocabularyTests {
  @Test("event names: the same raw values and names, in the same order")
  func eventNames() {
    #expect(RecorderNames.events == EventName.allCases.map { "\($0.rawValue) \($0.name)" })
  }

  @Test("record keys: the same raw values and names")
  func recordKeys() {
    #expect(RecorderNames.keys == RecordKey.allCases.map { "\($0.rawValue) \($0.name)" })
  }

  @Test("interface and device orientations: UIKit's raw values and the format's names")
  func orientations() {
    #expect(
      RecorderInterfaceOrientation.allCases.map { "\($0.rawValue) \($0.name) \($0.mask.rawValue)" }
        == InterfaceOrientation.allCases.map { "\($0.rawValue) \($0.name) \($0.mask.rawValue)" })
    #expect(
      RecorderDeviceOrientation.allCases.map { "\($0.rawValue) \($0.name)" }
        == DeviceOrientation.allCases.map { "\($0.rawValue) \($0.name)" })
  }

  @Test("masks: UIKit's bits, and the named masks")
  func masks() {
    let recorder: [RecorderOrientationMask] = [
      .portrait, .portraitUpsideDown, .landscapeRight, .landscapeLeft, .landscape, .allButUpsideDown, .all,
    ]
    let reader: [OrientationMask] = [
      .portrait, .portraitUpsideDown, .landscapeRight, .landscapeLeft, .landscape, .allButUpsideDown, .all,
    ]
    #expect(recorder.map(\.rawValue) == reader.map(\.rawValue))
    // Every named mask of the reader is one of those.
    for (name, mask) in OrientationMask.namedMasks { #expect(reader.contains(mask), "\(name)") }
  }

  @Test("idioms, presentation styles, container kinds and compressions: the same names")
  func names() {
    #expect(RecorderIdiom.allCases.map(\.rawValue) == Idiom.allCases.map(\.rawValue))
    #expect(RecorderPresentationStyle.allCases.map(\.rawValue) == PresentationStyle.allCases.map(\.rawValue))
    #expect(RecorderContainerKind.allCases.map(\.rawValue) == ContainerKind.allCases.map(\.rawValue))
    for name in [
      "UINavigationController", "UITabBarController", "UISplitViewController", "UIImagePickerController", "X",
    ] {
      #expect(
        RecorderContainerKind(impliedByClass: name)?.rawValue == ContainerKind(impliedByClass: name)?.rawValue,
        "\(name)")
    }
    #expect(RecorderCompression.allCases.map(\.rawValue) == Compression.allCases.map(\.rawValue))
  }
}
