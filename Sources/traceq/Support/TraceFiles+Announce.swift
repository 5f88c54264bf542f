extension TraceFiles.Listing {
  /// Prints on `errorOutput` what listing `inputs` found wrong or left out, as `check` and
  /// `ingest` print it: each input that cannot be read, the notes of the walk, each file the
  /// policy's selection excludes (`path: note: omission: excluded by .traceq.yml`), and an
  /// error when there is no file at all. Returns `unusable` when an input cannot be read or
  /// there is no file to read.
  func announce(
    inputs: [String], policy: CheckPolicy?, omission: String = "not checked", to errorOutput: (String) -> Void
  ) -> ExitStatus {
    unreadable.forEach(errorOutput)
    notes.forEach(errorOutput)
    if let policy {
      for path in excluded { errorOutput(policy.exclusionNote(path, omission)) }
    }
    if files.isEmpty, unreadable.isEmpty {
      errorOutput("error: no trace files found in \(inputs.map { TerminalText.escaped($0) }.joined(separator: ", "))")
    }
    return unreadable.isEmpty && !files.isEmpty ? .clean : .unusable
  }
}
