/// The commonest kinds of extra and missed findings: extra findings grouped by their message
/// with addresses and numbers blanked out, missed ones by rule and the event at their line;
/// each group with an example to open in the kept trace.
struct FidelityPatterns {
  struct Group {
    var count = 0
    var example: FidelityTally.Row
    var text: String
  }

  let extra: [Group]
  let missed: [Group]
  /// The first extra or missed finding of each session: what the others in the session may
  /// follow from (a belief the model got wrong stays wrong).
  let first: [Group]

  init(tally: FidelityTally, messages: [FidelityTally.Row: String], linesOf lines: [Int: String]) {
    let extraKey = { (row: FidelityTally.Row) in "extra \(row.rule): \(Self.blank(messages[row] ?? ""))" }
    let missedKey = { (row: FidelityTally.Row) in "missed \(row.rule) at \(Self.event(of: lines[row.line] ?? ""))" }
    extra = Self.group(tally.extraRows, key: extraKey)
    missed = Self.group(tally.missedRows, key: missedKey)
    var firsts: [Int: (row: FidelityTally.Row, key: String)] = [:]
    for (rows, key) in [(tally.extraRows, extraKey), (tally.missedRows, missedKey)] {
      for row in rows where firsts[row.session].map({ row.line < $0.row.line }) ?? true {
        firsts[row.session] = (row, key(row))
      }
    }
    first = Self.group(firsts.values.map(\.row)) { row in firsts[row.session]!.key }
  }

  /// Up to `limit` groups of each kind, largest first.
  func describe(limit: Int) -> String {
    var text: [String] = []
    let sections = [
      ("Top extra findings", extra), ("Top missed findings", missed),
      ("First extra or missed finding of each session (sessions)", first),
    ]
    for (title, groups) in sections where !groups.isEmpty {
      text.append("\(title):")
      for group in groups.prefix(limit) {
        text.append("- \(group.count)× \(group.text)")
        text.append("  e.g. session \(group.example.session), line \(group.example.line)")
      }
    }
    return text.isEmpty ? "No extra or missed findings." : text.joined(separator: "\n")
  }

  private static func group(_ rows: [FidelityTally.Row], key: (FidelityTally.Row) -> String) -> [Group] {
    var groups: [String: Group] = [:]
    for row in rows {
      let name = key(row)
      groups[name, default: Group(example: row, text: name)].count += 1
    }
    return groups.values.sorted { ($1.count, $0.text) < ($0.count, $1.text) }
  }

  /// `"present"` and the class of the record's controller, from a line of the trace.
  static func event(of line: String) -> String {
    let name = field("ev", in: line) ?? "?"
    return field("class", in: line).map { "\(name) (\($0))" } ?? name
  }

  private static func field(_ key: String, in line: String) -> String? {
    guard let start = line.range(of: "\"\(key)\":\"") else { return nil }
    return line[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
  }

  /// The message with addresses (`0x7f…`) and numbers replaced, so that findings of one kind
  /// group together.
  static func blank(_ message: String) -> String {
    var result = ""
    var characters = message[...]
    while let first = characters.first {
      if characters.hasPrefix("0x") {
        result += "0x…"
        characters = characters.dropFirst(2).drop { $0.isHexDigit }
      } else if first.isNumber {
        result += "N"
        characters = characters.drop { $0.isNumber }
      } else {
        result.append(first)
        characters = characters.dropFirst()
      }
    }
    return result
  }
}
