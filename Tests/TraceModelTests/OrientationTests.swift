import Testing
import TraceModel

@Suite("Orientations and masks")
struct OrientationTests {
  @Test("masks have UIKit's raw values")
  func maskValues() {
    #expect(OrientationMask.portrait.rawValue == 2)
    #expect(OrientationMask.portraitUpsideDown.rawValue == 4)
    #expect(OrientationMask.landscapeRight.rawValue == 8)
    #expect(OrientationMask.landscapeLeft.rawValue == 16)
    #expect(OrientationMask.all.rawValue == 30)
    #expect(OrientationMask.allButUpsideDown.rawValue == 26)
    #expect(OrientationMask.landscape.rawValue == 24)
    for orientation in InterfaceOrientation.allCases {
      #expect(orientation.mask.rawValue == 1 << orientation.rawValue)
    }
  }

  @Test("device landscape is the opposite interface landscape; flat and unknown never rotate")
  func deviceToInterface() {
    #expect(DeviceOrientation.landscapeLeft.interfaceOrientation == .landscapeRight)
    #expect(DeviceOrientation.landscapeRight.interfaceOrientation == .landscapeLeft)
    #expect(DeviceOrientation.portrait.interfaceOrientation == .portrait)
    #expect(DeviceOrientation.portraitUpsideDown.interfaceOrientation == .portraitUpsideDown)
    for flat in [DeviceOrientation.faceUp, .faceDown, .unknown] {
      #expect(flat.interfaceOrientation == nil)
    }
  }

  @Test("masks are named the way UIKit developers write them")
  func maskNames() {
    #expect(OrientationMask.all.name == "all")
    #expect(OrientationMask.allButUpsideDown.name == "allButUpsideDown")
    #expect(OrientationMask.landscape.name == "landscape")
    #expect(OrientationMask.portrait.name == "portrait")
    #expect(OrientationMask([.portrait, .landscapeLeft]).name == "portrait|landscapeLeft")
    #expect(OrientationMask([]).name == "none")
    #expect(OrientationMask(name: "allButUpsideDown") == .allButUpsideDown)
    #expect(OrientationMask(name: "landscapeRight") == .landscapeRight)
    #expect(OrientationMask(name: "sideways") == nil)
  }

  @Test("iOS versions compare numerically")
  func versions() {
    #expect(OSVersion("7.1")! < OSVersion("17")!)
    #expect(OSVersion("9.0")! == OSVersion(9))
    #expect(OSVersion("16.4.1")!.description == "16.4.1")
    #expect(OSVersion("seven") == nil)
    #expect(OSVersion("7..1") == nil)
  }
}
