import TraceModel

extension InputKind {
  /// Any other text (a pasted excerpt, a CI log): read as console output; rejected when no
  /// UIKit diagnostic is found in it.
  public static let consoleText = InputKind(rawValue: "console-text")
}

/// Text that no other importer recognises (a pasted excerpt, a CI log), searched for UIKit's
/// diagnostics as a console log is; a file without any is rejected for its missing header.
package struct ConsoleTextImporter: InputImporter {
  package var kind: InputKind { .consoleText }

  package func recognise(_ line: FirstLine) -> Recognition { .fallback }

  package func makeDecoder(_ context: ImportContext) -> (any InputDecoder)? {
    context.consoleFilter.map { TextLogDecoder(kind: kind, filter: $0, rejectsWithoutDiagnostic: true) }
  }

  package var examples: [String] {
    [
      "Warning: Attempt to present <A: 0x1> on <B: 0x2> whose view is not in the window hierarchy!",
      "> `Unbalanced calls to begin/end appearance transitions for <X>.`",
    ]
  }
}
