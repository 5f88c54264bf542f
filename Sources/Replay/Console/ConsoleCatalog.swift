import TraceModel

/// Every UIKit diagnostic traceq recognises in console output and crash reports, in one place.
/// `docs/console-logs.md` lists them (a test keeps it in step) and `ConsoleCatalogTests`
/// recognises every example.
package enum ConsoleCatalog {
  package static let all: [ConsoleEntry] = appearance + presentation + containment + popover + orientation + navigation

  /// The filter a log scan uses: the anchors of every entry, and ``verdict(_:)``.
  package static let filter = ConsoleFilter(anchors: anchors, classify: { verdict($0) })

  private static let anchors = Array(Set(all.flatMap(\.anchors))).sorted()

  /// By entry: the bits of its anchors in ``filter``'s ``ConsoleFilter/anchorMask(in:)``.
  private static let anchorMasks: [UInt64] = all.map { entry in
    entry.anchors.reduce(0) { $0 | 1 << UInt64(anchors.firstIndex(of: $1)!) }
  }

  /// The text's bytes (normalised) and the entries that may match them: those with an anchor in
  /// it. Most console lines are the app's own and hold no anchor: then nothing is copied.
  private static func candidates(in text: String) -> (bytes: [UInt8], entries: [ConsoleEntry]) {
    var text = text
    let (needsNormalising, found) = text.withUTF8 {
      ($0.contains(UInt8(ascii: "&")), filter.anchorMask(in: UnsafeRawBufferPointer($0)))
    }
    if needsNormalising {
      let bytes = normalised(text)
      return (bytes, entries(anchoredBy: bytes.withUnsafeBytes { filter.anchorMask(in: $0) }))
    }
    let entries = entries(anchoredBy: found)
    return (entries.isEmpty ? [] : Array(text.utf8), entries)
  }

  /// The entries with an anchor among `found` (an ``ConsoleFilter/anchorMask(in:)``).
  private static func entries(anchoredBy found: UInt64) -> [ConsoleEntry] {
    found == 0 ? [] : all.indices.filter { anchorMasks[$0] & found != 0 }.map { all[$0] }
  }

  /// The entry with id `id`.
  package static func entry(_ id: String) -> ConsoleEntry? { all.first { $0.id == id } }

  /// The diagnostic in `text` (a console record, prefix and all), or nil. A message cut short
  /// (the log ends mid-line) is still recognised when only one entry fits what is there.
  package static func recognise(_ text: String) -> ConsoleDiagnostic? {
    var steps = 0
    return recognise(text, steps: &steps)
  }

  /// ``recognise(_:)``, counting in `steps` the bytes the patterns looked at.
  static func recognise(_ text: String, steps: inout Int) -> ConsoleDiagnostic? {
    let (bytes, entries) = candidates(in: text)
    var partial: (entry: ConsoleEntry, progress: Int, objects: [ConsoleDiagnostic.Object], start: Int)?
    var tie = false
    for entry in entries {
      for variant in entry.variants {
        switch variant.match(bytes, steps: &steps) {
        case .matched(let objects, let start, let end):
          // `-[UIPopoverController dealloc]`: the pattern starts at the bracket.
          let from = start > 0 && bytes[start - 1] == UInt8(ascii: "-") ? start - 1 : start
          return ConsoleDiagnostic(
            entry: entry, objects: objects, origin: origin(of: text), message: message(bytes[from..<end]))
        case .partial(let progress, let objects, let start):
          if progress > partial?.progress ?? 0 {
            partial = (entry, progress, objects, start)
            tie = false
          } else if progress == partial?.progress, partial?.entry.id != entry.id {
            tie = true
          }
        case .failed:
          continue
        }
      }
    }
    guard let partial, !tie else { return nil }
    return ConsoleDiagnostic(
      entry: partial.entry, objects: partial.objects, origin: origin(of: text),
      message: message(bytes[partial.start...]))
  }

  /// Whether `text` holds a diagnostic, the start of one, or none (see ``ConsoleFilter``).
  package static func verdict(_ text: String) -> ConsoleFilter.Verdict {
    var steps = 0
    return verdict(text, steps: &steps)
  }

  /// ``verdict(_:)``, counting in `steps` the bytes the patterns looked at.
  static func verdict(_ text: String, steps: inout Int) -> ConsoleFilter.Verdict {
    let (bytes, entries) = candidates(in: text)
    var incomplete = false
    for entry in entries {
      for variant in entry.variants {
        switch variant.match(bytes, steps: &steps) {
        case .matched: return .recognised
        case .partial: incomplete = true
        case .failed: continue
        }
      }
    }
    return incomplete ? .incomplete : .unrecognised
  }

  private static func origin(of text: String) -> ConsoleOrigin {
    var text = text
    return text.withUTF8 { ConsoleOrigin(UnsafeRawBufferPointer($0)) }
  }

  /// The text's bytes, HTML's `&lt;` `&gt;` `&amp;` `&quot;` `&#39;` (pages copied from a
  /// browser) turned back into characters, in one pass.
  private static func normalised(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    next: while index < bytes.count {
      if bytes[index] == UInt8(ascii: "&") {
        for (entity, character) in entities where bytes[index...].starts(with: entity) {
          result.append(character)
          index += entity.count
          continue next
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return result
  }

  private static let entities: [(entity: [UInt8], character: UInt8)] = [
    (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
    (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&#39;".utf8), UInt8(ascii: "'")),
    (Array("&amp;".utf8), UInt8(ascii: "&")),
  ]

  /// The matched message with runs of whitespace made one space.
  private static func message(_ bytes: ArraySlice<UInt8>) -> String {
    var result: [UInt8] = []
    var space = false
    for byte in bytes {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        space = !result.isEmpty
      } else {
        if space { result.append(0x20) }
        space = false
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
