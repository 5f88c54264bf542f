// The rows of the page head's two tables, written as bytes as the sessions' parts are: the
// template engine's lookups took about 340,000 instructions a row (a third of a 200 k-event
// report's page head), at the end of the run, when nothing else is left to do alongside. Each
// value is escaped by the one escaper the templates use.

extension ReportPage.GroupRow {
  /// Writes the row of the triage table, then a line feed.
  func writeRow(to markup: inout MarkupBytes) {
    markup.appendRow(class: "group") { row in
      row.appendAttribute("data-rule", escaping: rule)
      row.appendAttribute("data-severity", escaping: severity)
    } cells: { row in
      row.appendCell(attributes: { cell in
        cell.appendAttribute("class", escaping: severity)
        cell.appendAttribute("title", escaping: severity)
      }) { $0.append(escaping: shape) }
      row.appendCell { cell in
        cell.append("<code>")
        cell.append(escaping: rule)
        cell.append("</code>")
      }
      row.appendCell(escaping: controller)
      row.appendCell(escaping: message)
      row.appendCell(count)
      row.appendCell(writeSessions)
    }
  }

  /// How many sessions have the group's findings, the first of them linked to.
  private func writeSessions(to markup: inout MarkupBytes) {
    markup.append(sessionCount)
    markup.append(": ")
    for session in sessions {
      markup.append("<a href=\"#s")
      markup.append(session)
      markup.append("\">")
      markup.append(session)
      markup.append("</a> ")
    }
    if let moreSessions { markup.append(escaping: moreSessions) }
  }
}

extension ReportPage.SessionEntry {
  /// Writes the session's row of the index, then a line feed.
  func writeRow(to markup: inout MarkupBytes) {
    markup.appendRow(class: "session-row", attributes: writeFilterAttributes) { row in
      row.appendCell { cell in
        cell.append("<a href=\"#")
        cell.append(escaping: anchor)
        cell.append("\">")
        cell.append(number)
        cell.append("</a>")
      }
      row.appendCell(escaping: heading)
      row.appendCell(escaping: build)
      row.appendCell(escaping: meta)
      row.appendCell(escaping: counts)
    }
  }

  /// Writes the attributes the page's filters match, on the session's row of the index and on
  /// its part of the page: its number, its build, its findings' rules and severities.
  func writeFilterAttributes(to markup: inout MarkupBytes) {
    markup.appendAttribute("data-session", number)
    markup.appendAttribute("data-build", escaping: build)
    markup.appendAttribute("data-rules", escaping: rules)
    markup.appendAttribute("data-severities", escaping: severities)
  }
}
