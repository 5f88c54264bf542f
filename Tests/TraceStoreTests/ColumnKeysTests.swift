import Testing
import TraceModel

@testable import TraceStore

@Suite("Column keys")
struct ColumnKeysTests {
  @Test("each key a column comes from is the trace format's key of that name")
  func recordKeysMatchNames() {
    #expect(ColumnKeys.recordKeys.map(\.name) == ColumnKeys.keyNames.map { "\($0)" })
  }
}
