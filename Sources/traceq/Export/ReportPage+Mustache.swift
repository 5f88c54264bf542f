import Mustache

// The page's views answer the template's lookups by name. Otherwise the template engine
// reflects (`Mirror`) on a value for each name it looks up, and for a name a list item lacks
// (a tick's `height`) on the session as well: for the hundreds of ticks, markers and findings
// of each session that was most of the time a report took. `HTMLReportTests.lookupsByName` and
// `HTMLReportTests.headLookupsByName` hold each answer to what `Mirror` gives.

extension ReportPage.SessionView: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "entry": entry
    case "height": height
    case "labels": labels
    case "ticks": ticks
    case "rows": rows
    case "rects": rects
    case "markers": markers
    case "findings": findings
    case "omitted": omitted
    default: nil
    }
  }
}

extension ReportPage.SessionEntry: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "anchor": anchor
    case "number": number
    case "heading": heading
    case "meta": meta
    case "build": build
    case "rules": rules
    case "severities": severities
    case "counts": counts
    case "exception": exception
    default: nil
    }
  }
}

extension ReportPage.Label: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "kind": kind
    default: nil
    }
  }
}

extension ReportPage.Row: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "y": y
    case "odd": odd
    default: nil
    }
  }
}

extension ReportPage.Tick: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "percent": percent
    case "x": x
    case "text": text
    case "minor": minor
    default: nil
    }
  }
}

extension ReportPage.Marker: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "x": x
    case "percent": percent
    case "anchor": anchor
    case "severity": severity
    case "shape": shape
    case "title": title
    case "height": height
    default: nil
    }
  }
}

extension ReportPage.FindingView: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "anchor": anchor
    case "line": line
    case "location": location
    case "severity": severity
    case "shape": shape
    case "rule": rule
    case "message": message
    case "hint": hint
    case "source": source
    case "state": state
    case "stateLine": stateLine
    case "decidedLine": decidedLine
    case "x": x
    case "percent": percent
    default: nil
    }
  }
}

// The page's head: the summary, the triage table and the index.

extension ReportPage: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "summary": summary
    case "sessions": sessions
    case "css": css
    case "script": script
    default: nil
    }
  }
}

extension ReportPage.Summary: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "totals": totals
    case "rules": rules
    case "crashes": crashes
    case "crashSummary": crashSummary
    case "groups": groups
    case "ungrouped": ungrouped
    case "builds": builds
    default: nil
    }
  }
}

extension ReportPage.GroupRow: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "rule": rule
    case "severity": severity
    case "shape": shape
    case "controller": controller
    case "message": message
    case "count": count
    case "sessionCount": sessionCount
    case "sessions": sessions
    case "moreSessions": moreSessions
    default: nil
    }
  }
}

extension ReportPage.SessionLink: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "anchor": anchor
    case "text": text
    default: nil
    }
  }
}

extension ReportPage.RuleRow: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "rule": rule
    case "severity": severity
    case "count": count
    default: nil
    }
  }
}

extension ReportPage.Exception: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "session": session
    case "location": location
    case "message": message
    case "anchor": anchor
    default: nil
    }
  }
}
