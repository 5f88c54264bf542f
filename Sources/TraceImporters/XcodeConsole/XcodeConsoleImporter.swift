import TraceModel

extension InputKind {
  /// Xcode's console or NSLog output: `2014-05-12 10:11:12.345 Homepwner[1234:a0b] …`.
  public static let xcodeConsole = InputKind(rawValue: "xcode-console")
}

/// Xcode's console and NSLog output: a time stamp, then `Process[pid:tid]` before each message.
package struct XcodeConsoleImporter: InputImporter {
  package var kind: InputKind { .xcodeConsole }

  package func recognise(_ line: FirstLine) -> Recognition {
    let origin = ConsoleOrigin(line.raw)
    return origin.timestamp != nil && !origin.isSyslog && origin.process != nil && origin.hasThread ? .yes : .no
  }

  package func makeDecoder(_ context: ImportContext) -> (any InputDecoder)? {
    context.consoleFilter.map { TextLogDecoder(kind: kind, filter: $0) }
  }

  package var examples: [String] {
    [
      "2014-05-12 10:11:12.345 Homepwner[1234:a0b] Unbalanced calls",
      "2023-11-23 10:11:12.345678+0100 My App[1234:56789] [Presentation] Attempt",
    ]
  }
}
