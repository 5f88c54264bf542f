import ArgumentParser
import Foundation

/// `--color auto|always|never`: whether text output is coloured. `auto` colours a terminal
/// unless `NO_COLOR` is set to anything (https://no-color.org) or `TERM` is `dumb`.
struct ColorOptions: ParsableArguments {
  enum Mode: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never
  }

  @Option(
    name: .customLong("color"),
    help: ArgumentHelp(
      "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
  var mode: Mode = .auto

  /// Whether output to a terminal (or not) gets colour.
  func enabled(onTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    switch mode {
    case .always: true
    case .never: false
    case .auto: onTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
  }
}
