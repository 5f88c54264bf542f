/// A session's part of the page, written as bytes: the part repeats for every session and
/// is most of a page, and rendering it through the template engine (a lookup by name and a
/// dynamic cast per value) was a fifth of a report's instructions. The page's shell stays a
/// template (``ReportTemplate``). Every value from the trace is escaped as the templates
/// escape theirs (``MarkupBytes/append(escaping:)``); numbers are written as they are.
extension ReportPage.SessionView {
  /// The session's `<details>`: its heading, its timeline (inside a `<script type="text/html">`
  /// that the page's script draws when the session opens), its findings and what was left out.
  func write(to markup: inout MarkupBytes) {
    markup.append(#"<details class="session""#)
    markup.appendAttribute("id", escaping: entry.anchor)
    entry.writeFilterAttributes(to: &markup)
    markup.append(">\n<summary><h2>")
    markup.append(escaping: entry.heading)
    markup.append(#"</h2> <span class="meta">"#)
    markup.append(escaping: entry.meta)
    markup.append(#"</span> <span class="counts">"#)
    markup.append(escaping: entry.counts)
    markup.append("</span></summary>\n<script type=\"text/html\" class=\"drawing\">\n")
    writeTimeline(to: &markup)
    markup.append("</script>\n")
    if !findings.isEmpty {
      markup.append("<ol class=\"findings\">\n")
      for finding in findings { finding.write(to: &markup) }
      markup.append("</ol>\n")
    }
    for text in omitted {
      markup.append(#"<p class="omitted">"#)
      markup.append(escaping: text)
      markup.append("</p>")
    }
    markup.append("\n</details>")
  }

  /// The toolbar, the tracks' labels, the time axis, the findings' markers and the SVG.
  private func writeTimeline(to markup: inout MarkupBytes) {
    markup.append(
      #"<div class="toolbar"><button data-zoom="2" title="zoom in">+</button><button data-zoom="0.5" title="zoom out">−</button><button data-zoom="0" title="whole session">fit</button><span class="zoom">1×</span> <span class="help">Ctrl + wheel zooms; scroll or drag to move; hover a bar for its times; click a marker for its finding.</span></div>"#
    )
    markup.append("\n<div class=\"timeline\">\n<div class=\"labels\">")
    for label in labels {
      markup.append(#"<div class="label "#)
      markup.append(escaping: label.kind)
      markup.append(#"" title=""#)
      markup.append(escaping: label.name)
      markup.append(#"">"#)
      markup.append(escaping: label.name)
      markup.append("</div>")
    }
    markup.append("</div>\n<div class=\"scroll\"><div class=\"canvas\">\n<div class=\"axis\">")
    for tick in ticks {
      markup.append(tick.minor ? #"<span class="minor" style="left:"# : #"<span style="left:"#)
      markup.append(escaping: tick.percent)
      markup.append(#"%">"#)
      markup.append(escaping: tick.text)
      markup.append("</span>")
    }
    markup.append("</div>\n<div class=\"markers\">")
    for marker in markers {
      markup.append(##"<a href="#"##)
      markup.append(escaping: marker.anchor)
      markup.append(#"" class="marker "#)
      markup.append(escaping: marker.severity)
      markup.append(#"" data-anchor=""#)
      markup.append(escaping: marker.anchor)
      markup.append(#"" style="left:"#)
      markup.append(escaping: marker.percent)
      markup.append(#"%" title=""#)
      markup.append(escaping: marker.title)
      markup.append(#"">"#)
      markup.append(escaping: marker.shape)
      markup.append("</a>")
    }
    markup.append("</div>\n<svg viewBox=\"0 0 1000 ")
    markup.append(height)
    markup.append(#"" preserveAspectRatio="none" height=""#)
    markup.append(height)
    markup.append(#"" width="100%" role="img" aria-label="timeline of "#)
    markup.append(escaping: entry.heading)
    markup.append("\">\n")
    for row in rows where row.odd {
      markup.append(#"<rect class="band" x="0" y=""#)
      markup.append(row.y)
      markup.append(#"" width="1000" height="18"/>"#)
    }
    markup.append("\n")
    for tick in ticks {
      markup.append(tick.minor ? #"<line class="tick minor" x1=""# : #"<line class="tick" x1=""#)
      markup.append(escaping: tick.x)
      markup.append(#"" x2=""#)
      markup.append(escaping: tick.x)
      markup.append(#"" y1="0" y2=""#)
      markup.append(height)
      markup.append(#""/>"#)
    }
    markup.append("\n")
    markup.append(rects)
    markup.append("\n")
    for marker in markers {
      markup.append(#"<line class="mark "#)
      markup.append(escaping: marker.severity)
      markup.append(#"" data-anchor=""#)
      markup.append(escaping: marker.anchor)
      markup.append(#"" x1=""#)
      markup.append(escaping: marker.x)
      markup.append(#"" x2=""#)
      markup.append(escaping: marker.x)
      markup.append(#"" y1="0" y2=""#)
      markup.append(marker.height)
      markup.append("\"/>\n")
    }
    markup.append("</svg>\n</div></div>\n</div>\n")
  }
}

extension ReportPage.FindingView {
  /// The finding's item in the session's list: where, what, the hint, where in the app, and
  /// the model's state.
  fileprivate func write(to markup: inout MarkupBytes) {
    markup.append(#"<li id=""#)
    markup.append(escaping: anchor)
    markup.append(#"" class="finding "#)
    markup.append(escaping: severity)
    markup.append(#"" data-rule=""#)
    markup.append(escaping: rule)
    markup.append(#"" data-severity=""#)
    markup.append(escaping: severity)
    markup.append("\">\n<a class=\"locate\" href=\"#")
    markup.append(escaping: anchor)
    markup.append(#"" data-percent=""#)
    markup.append(escaping: percent)
    markup.append(#"" data-anchor=""#)
    markup.append(escaping: anchor)
    markup.append(#"" title="show on the timeline">"#)
    markup.append(escaping: location)
    markup.append(#"</a>: <span class="severity">"#)
    markup.append(escaping: shape)
    markup.append(" ")
    markup.append(escaping: severity)
    markup.append("</span>: ")
    markup.append(escaping: message)
    markup.append(" <code>[")
    markup.append(escaping: rule)
    markup.append("]</code>\n<div class=\"hint\">hint: ")
    markup.append(escaping: hint)
    markup.append("</div>\n")
    if let source {
      markup.append(#"<div class="source">in the app: <code>"#)
      markup.append(escaping: source)
      markup.append("</code></div>")
    }
    markup.append("\n<details><summary>model state after line ")
    markup.append(stateLine)
    if let decidedLine {
      markup.append(", where it happened (decided at line ")
      markup.append(decidedLine)
      markup.append(")")
    }
    markup.append("</summary><pre>")
    markup.append(escaping: state)
    markup.append("</pre></details>\n</li>\n")
  }
}
