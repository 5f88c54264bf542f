import TraceModel

/// One `controllers` row: one lifetime of a controller at its address, from the first line that
/// names it to the last (schema v11). An address names a new controller after its `dealloc`, or
/// when a record gives it another class.
package struct ControllerRow {
  package var id: Int64
  package var address: String
  package var className: String?
  package var kind: ContainerKind?
  /// The first and last lines whose `vc_id` or `other_id` is this row; nil for a controller the
  /// session only named in keys without a column (a `setViewControllers` list).
  package var lines: ClosedRange<Int>?
  /// viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear (schema v8).
  package var appearances: SIMD4<Int64>
}
