import TraceModel

extension SourceIndex {
  /// Where the finding is in the app's sources: the method a crash report's app frame is in;
  /// else where the app's controller makes the call the finding is about; else the declaration
  /// of the first class the finding names that the sources declare.
  func place(of finding: Finding) -> SourcePlace? {
    if let frame = finding.frame.flatMap(FrameSymbol.init), let method = method(frame) {
      return SourcePlace(file: method.file, line: method.line, className: method.className, method: method.described)
    }
    if let app = finding.appController?.className, let call = finding.call,
      let site = callSite(of: call, in: app)
    {
      return SourcePlace(
        file: site.file, line: site.line, className: site.method.className, method: site.method.described)
    }
    let classes = [finding.appController?.className, finding.controller?.className] + finding.subjects.map(\.className)
    guard let declaration = classes.lazy.compactMap({ $0 }).compactMap(declaration(of:)).first else {
      return nil
    }
    return SourcePlace(file: declaration.file, line: declaration.line, className: declaration.className)
  }
}
