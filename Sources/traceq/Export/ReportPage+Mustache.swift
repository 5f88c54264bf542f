import Mustache

// The page's head answers the template's lookups by name. Otherwise the template engine
// reflects (`Mirror`) on a value for each name it looks up, and for a name a list item lacks
// on its parents as well. `HTMLReportTests.headLookupsByName` holds each answer to what
// `Mirror` gives.

extension ReportPage: MustacheParent {
  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "summary": summary
    case "sessionRows": sessionRows
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
    case "groupRows": groupRows
    case "ungrouped": ungrouped
    case "builds": builds
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
