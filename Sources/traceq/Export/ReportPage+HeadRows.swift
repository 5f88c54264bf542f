// The rows of the page head's two tables, written as bytes as the sessions' parts are: the
// template engine's lookups took about 340,000 instructions a row (a third of a 200 k-event
// report's page head), at the end of the run, when nothing else is left to do alongside. Each
// value is escaped by the one escaper the templates use.

extension ReportPage.GroupRow {
  /// Writes the row of the triage table, then a line feed.
  func writeRow(to markup: inout MarkupBytes) {
    markup.append("<tr class=\"group\" data-rule=\"")
    markup.append(escaping: rule)
    markup.append("\" data-severity=\"")
    markup.append(escaping: severity)
    markup.append("\"><td class=\"")
    markup.append(escaping: severity)
    markup.append("\" title=\"")
    markup.append(escaping: severity)
    markup.append("\">")
    markup.append(escaping: shape)
    markup.append("</td><td><code>")
    markup.append(escaping: rule)
    markup.append("</code></td><td>")
    markup.append(escaping: controller)
    markup.append("</td><td>")
    markup.append(escaping: message)
    markup.append("</td><td>")
    markup.append(count)
    markup.append("</td><td>")
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
    markup.append("</td></tr>\n")
  }
}

extension ReportPage.SessionEntry {
  /// Writes the session's row of the index, then a line feed.
  func writeRow(to markup: inout MarkupBytes) {
    markup.append("<tr class=\"session-row\" data-session=\"")
    markup.append(number)
    markup.append("\" data-build=\"")
    markup.append(escaping: build)
    markup.append("\" data-rules=\"")
    markup.append(escaping: rules)
    markup.append("\" data-severities=\"")
    markup.append(escaping: severities)
    markup.append("\"><td><a href=\"#")
    markup.append(escaping: anchor)
    markup.append("\">")
    markup.append(number)
    markup.append("</a></td><td>")
    markup.append(escaping: heading)
    markup.append("</td><td>")
    markup.append(escaping: build)
    markup.append("</td><td>")
    markup.append(escaping: meta)
    markup.append("</td><td>")
    markup.append(escaping: counts)
    markup.append("</td></tr>\n")
  }
}
