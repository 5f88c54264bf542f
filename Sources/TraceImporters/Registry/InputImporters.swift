import TraceModel

/// The registry of input kinds: every importer, and the choice of one for a file from its first
/// non-blank line. Adding an input kind is its folder under `Importers/` and one line in ``all``.
package enum InputImporters {
  /// Every importer, in the order that settles a tie between equally sure recognitions.
  package static let all: [any InputImporter] = [
    TraceImporter(),
    CrashReportImporter(),
    LogJSONImporter(),
    LogShowImporter(),
    XcodeConsoleImporter(),
    ConsoleTextImporter(),
  ]

  /// The importer of a file whose first non-blank line is `line`: the surest, the first
  /// registered between equals; the trace importer when none recognises it at all.
  package static func importer(for line: FirstLine) -> any InputImporter {
    var chosen: (importer: any InputImporter, recognition: Recognition) = (trace, .no)
    for importer in all {
      let recognition = importer.recognise(line)
      if recognition > chosen.recognition { chosen = (importer, recognition) }
    }
    return chosen.importer
  }

  /// The importer of `kind`, if one is registered.
  package static func importer(of kind: InputKind) -> (any InputImporter)? {
    all.first { $0.kind == kind }
  }

  /// The trace format's importer, which also reads what no importer can (and rejects it).
  static let trace = TraceImporter()
}
