import Replay
import TraceImporters
import TraceModel

extension TraceFiles {
  /// Opens a listed file as every command that replays reads it (`check`, `report`, `export`):
  /// a trace, or a console log or crash report whose UIKit diagnostics become `console` events;
  /// `readsAhead` decompresses it on a thread of its own.
  static func stream(_ path: String, readsAhead: Bool = false) throws -> TraceStream {
    try TraceStream(path: path, readsAhead: readsAhead, consoleFilter: ConsoleCatalog.filter)
  }
}
