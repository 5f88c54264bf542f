#if canImport(UIKit) && canImport(OSLog)
  import Foundation
  import OSLog

  /// Reads UIKit's messages from the unified log of this process every few seconds
  /// (`OSLogStore(scope: .currentProcessIdentifier)`, iOS 15+) and records those
  /// ``UnifiedLogFilter`` accepts as `console` events. Off by default (``RecordingFeature/unifiedLog``).
  ///
  /// Not compiled on Linux; written for review on a Mac (see the README).
  @available(iOS 15.0, *)
  final class UnifiedLogReader {
    private static var running: UnifiedLogReader?

    private let store: OSLogStore
    private let timer: DispatchSourceTimer
    /// Entries at or before this date were read by an earlier poll.
    private var readUntil: Date

    private init(store: OSLogStore, interval: TimeInterval) {
      self.store = store
      readUntil = Date()
      timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "traceq unified log", qos: .utility))
      timer.schedule(deadline: .now() + interval, repeating: interval)
      timer.setEventHandler { [weak self] in self?.poll() }
      timer.resume()
    }

    /// Starts reading (once); false when the OS refuses the store.
    @discardableResult
    static func start(interval: TimeInterval = 2) -> Bool {
      guard running == nil else { return true }
      guard let store = try? OSLogStore(scope: .currentProcessIdentifier) else { return false }
      running = UnifiedLogReader(store: store, interval: interval)
      return true
    }

    static func stop() {
      running?.timer.cancel()
      running = nil
    }

    private func poll() {
      guard let recorder = HookContext.current?.recorder else { return }
      let since = readUntil
      let predicate = NSPredicate(format: "subsystem IN %@", Array(UnifiedLogFilter.subsystems))
      guard let entries = try? store.getEntries(at: store.position(date: since), matching: predicate) else { return }
      for case let entry as OSLogEntryLog in entries where entry.date > since {
        readUntil = max(readUntil, entry.date)
        guard let level = UnifiedLogFilter.Level(rawValue: entry.level.rawValue),
          UnifiedLogFilter.accepts(subsystem: entry.subsystem, level: level)
        else { continue }
        recorder.console(UnifiedLogFilter.consoleText(entry.composedMessage))
      }
    }
  }
#endif
