/// The limits `traceq query` runs a user's SQL within: the longest value a statement may build,
/// and a deadline after which the backend stops the statement.
package struct QueryLimits: Sendable {
  /// The longest string or blob a statement may build, in bytes.
  package var maxValueLength: Int32
  /// Seconds a run may take; nil or 0 for no limit.
  package var seconds: Double?

  package init(maxValueLength: Int32, seconds: Double?) {
    self.maxValueLength = maxValueLength
    self.seconds = seconds
  }
}
