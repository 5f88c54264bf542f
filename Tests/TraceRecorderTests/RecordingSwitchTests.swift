import Testing
@testable import TraceRecorderUIKit

/// Whether a launch records: the options in code, Info.plist, the environment, sampling.
@Suite("Recording switches")
struct RecordingSwitchTests {
  static let on = RecordingOptions()

  @Test("any off wins: the environment, Info.plist, the code")
  func offWins() {
    var off = Self.on
    off.isEnabled = false
    #expect(RecordingSwitch.decide(Self.on, infoPlist: [:], environment: [:], draw: 0.5) == .record)
    #expect(
      RecordingSwitch.decide(Self.on, infoPlist: [:], environment: ["TRACEQ_RECORDER": "0"], draw: 0)
        == .off("TRACEQ_RECORDER=0"))
    #expect(
      RecordingSwitch.decide(Self.on, infoPlist: ["TraceqRecorderEnabled": false], environment: [:], draw: 0)
        == .off("Info.plist TraceqRecorderEnabled is NO"))
    #expect(
      RecordingSwitch.decide(off, infoPlist: [:], environment: ["TRACEQ_RECORDER": "on"], draw: 0)
        == .off("RecordingOptions.isEnabled is false"))
    #expect(
      RecordingSwitch.decide(
        Self.on, infoPlist: ["TraceqRecorderEnabled": true], environment: ["TRACEQ_RECORDER": "OFF"], draw: 0)
        != .record)
  }

  @Test("sampling by session: the launch's draw against the rate; the environment can force a launch in")
  func sampling() {
    var sampled = Self.on
    sampled.sessionSampleRate = 0.25
    #expect(RecordingSwitch.decide(sampled, infoPlist: [:], environment: [:], draw: 0.2) == .record)
    #expect(RecordingSwitch.decide(sampled, infoPlist: [:], environment: [:], draw: 0.25) != .record)
    #expect(
      RecordingSwitch.decide(sampled, infoPlist: [:], environment: ["TRACEQ_RECORDER": "1"], draw: 0.9) == .record)
    sampled.sessionSampleRate = 0
    #expect(RecordingSwitch.decide(sampled, infoPlist: [:], environment: [:], draw: 0) != .record)
    sampled.sessionSampleRate = .nan
    #expect(RecordingSwitch.decide(sampled, infoPlist: [:], environment: [:], draw: 0) != .record)
  }

  @Test("values that are no Boolean are ignored")
  func unknownValues() {
    #expect(
      RecordingSwitch.decide(
        Self.on, infoPlist: ["TraceqRecorderEnabled": "maybe"], environment: ["TRACEQ_RECORDER": "later"], draw: 0)
        == .record)
  }
}
