import TraceModel

/// One kind of input, as Perfetto's trace processor has one importer per trace format: it
/// recognises a file from its first non-blank line and makes the decoder that turns the file's
/// lines into `TraceItem`s. Every importer is registered in ``InputImporters/all``; a command
/// opens a file with ``TraceStream``, which asks the registry.
package protocol InputImporter: Sendable {
  /// The kind of the files it reads.
  var kind: InputKind { get }
  /// How surely a file whose first non-blank line is `line` is of this kind.
  func recognise(_ line: FirstLine) -> Recognition
  /// A decoder for one file of this kind, or nil when `context` lacks what it needs (a console
  /// importer without a catalog of diagnostics): the file is then read as a trace, which rejects
  /// it for its missing header.
  func makeDecoder(_ context: ImportContext) -> (any InputDecoder)?
  /// First lines of real-looking files that this importer, among all registered, must be the one
  /// to recognise (`InputImporterTests` checks each).
  var examples: [String] { get }
}

/// How surely an importer recognises a file from its first non-blank line. The registry picks
/// the most sure; between equals, the one registered first.
package enum Recognition: Int, Comparable, Sendable {
  /// Not this kind.
  case no
  /// This kind when no importer says ``yes``: the kind of what nothing else recognises.
  case fallback
  /// This kind.
  case yes

  package static func < (lhs: Recognition, rhs: Recognition) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a file's decoder may need besides its lines.
package struct ImportContext: Sendable {
  /// Which console lines are UIKit diagnostics (the console catalog's); without one, console
  /// logs and crash reports are not read (they are rejected for their missing header).
  package var consoleFilter: ConsoleFilter?
  /// The longest line the reader hands out whole, for the message about a longer one.
  package var maxLineLength: Int

  package init(consoleFilter: ConsoleFilter? = nil, maxLineLength: Int = 1 << 20) {
    self.consoleFilter = consoleFilter
    self.maxLineLength = maxLineLength
  }
}
