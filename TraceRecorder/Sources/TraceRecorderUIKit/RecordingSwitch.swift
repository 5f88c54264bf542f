/// Whether this launch records: the app's ``RecordingOptions``, then the keys that turn the
/// recorder off without a rebuild, then the session sampling. Any "off" wins.
public enum RecordingSwitch {
  /// Info.plist: `NO` (a Boolean) turns the recorder off in builds that carry it.
  public static let infoPlistKey = "TraceqRecorderEnabled"
  /// The environment (a scheme's or a UI test's `launchEnvironment`): `0`, `off`, `false` or `no`
  /// turn the recorder off; `1`, `on`, `true` or `yes` record this launch whatever the sampling.
  public static let environmentKey = "TRACEQ_RECORDER"

  /// What was decided, and why.
  public enum Decision: Equatable, Sendable {
    /// This launch records.
    case record
    /// This launch records nothing: the switch that said so, in words (`TRACEQ_RECORDER=0`).
    case off(String)
  }

  /// Decides for this launch. `draw` is the launch's random number in 0..<1, compared with
  /// the sample rate.
  static func decide(
    _ options: RecordingOptions, infoPlist: [String: Any], environment: [String: String], draw: Double
  ) -> Decision {
    let forced = environment[environmentKey].flatMap(Self.flag)
    if forced == false { return .off("\(environmentKey)=\(environment[environmentKey] ?? "")") }
    if let value = infoPlist[infoPlistKey], Self.flag(value) == false {
      return .off("Info.plist \(infoPlistKey) is NO")
    }
    guard options.isEnabled else { return .off("RecordingOptions.isEnabled is false") }
    if forced == true { return .record }
    let rate = min(1, max(0, options.sessionSampleRate.isNaN ? 0 : options.sessionSampleRate))
    guard draw < rate else { return .off("not sampled (sessionSampleRate \(options.sessionSampleRate))") }
    return .record
  }

  /// A Boolean as Info.plist or the environment writes it; nil for anything else.
  static func flag(_ value: Any) -> Bool? {
    if let value = value as? Bool { return value }
    guard let text = value as? String else { return nil }
    switch text.lowercased() {
    case "1", "on", "true", "yes": return true
    case "0", "off", "false", "no": return false
    default: return nil
    }
  }
}
