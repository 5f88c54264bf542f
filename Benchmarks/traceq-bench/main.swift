import Foundation

/// `swift run -c release traceq-bench`: generates 1 M and 5 M event traces with
/// `traceq generate`, times the floor, the C reference loop, traceq's ingest (new and
/// appending) and check, and the general-purpose peers installed, in alternating rounds; then
/// the size of the databases, the documented queries on the largest one, and check and ingest
/// of many small files with one job and two. Prints the tables of docs/performance.md.
func benchmark(_ options: BenchOptions) throws {
  let work = NSTemporaryDirectory() + "traceq-bench-work-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: work) }
  let traceq = try TraceqBinary.locate(given: options.traceq, log: "\(work)/build.log")
  let inputs = try Inputs(directory: options.inputs, traceq: traceq, seed: options.seed)
  defer { inputs.removeIfTemporary() }
  let catalog = CaseCatalog(
    traceq: traceq, benchmark: TraceqBinary.benchmark, shared: options.shared, work: work,
    baseDatabase: inputs.baseDatabase)
  if options.listOnly {
    for benchCase in catalog.cases { print("\(benchCase.name.rawValue)\t\(benchCase.what)") }
    print("\(BenchCase.Name.queries.rawValue)\tthe queries of README.md and docs/schema.md on the largest input")
    for note in catalog.notes { print(note) }
    return
  }
  func selected(_ name: BenchCase.Name) -> Bool { options.cases.isEmpty || options.cases.contains(name.rawValue) }
  let cases = catalog.cases.filter { selected($0.name) }
  let sizeCases = cases.filter { $0.scope == .eachSize }
  if sizeCases.contains(where: { $0.name == .ingestAppend }) { try inputs.makeBaseDatabase() }
  let roundCount = options.pairs == 1 ? "1 round" : "\(options.pairs) rounds"
  // The floor reads with this program's inflater; a traceq it built shares its traits.
  let inflater = TraceqBinary.traits.isEmpty ? "zlib" : "ISA-L (the ISAL trait)"
  let built = options.traceq == nil ? ", built with the same inflater" : ""
  var sections = [
    "Measured \(Machine.describe()); \(roundCount); floor inflating with \(inflater); traceq: \(traceq)\(built)."
  ]
  var notes = catalog.notes
  if ChildProcess.time == nil { notes.append("peak RSS: n/a without GNU time (apt-get install time)") }
  let timesQueries = selected(.queries)
  let largest = options.sizes.max()
  for events in options.sizes where !sizeCases.isEmpty || (timesQueries && events == largest) {
    let input = try inputs.trace(events: events)
    let runnable = sizeCases.filter { $0.largestInput >= events }
    notes += sizeCases.filter { $0.largestInput < events }.map {
      "\($0.name.rawValue) (\(input.label)): not run, slow (about a minute per million events); it runs on "
        + "inputs of \(Inputs.label($0.largestInput)) events at most"
    }
    let rounds = try Rounds(runnable, on: input, pairs: options.pairs, logs: work)
    if !runnable.isEmpty { sections.append(Report.table(input, runnable, rounds)) }
    if let ratios = Report.ratios(input, runnable, rounds) { sections.append(ratios) }
    if let paired = Report.timeRatios(input, runnable, rounds) { sections.append(paired) }
    if runnable.contains(where: { $0.database != nil && rounds.lastRunSucceeded($0.name) }),
      let sizes = StoreSize.table(input, runnable, rounds, textBytes: try StoreSize.textBytes(input.path))
    {
      sections.append(sizes)
    }
    notes += rounds.failures
    if timesQueries, events == largest, let database = catalog.newDatabase {
      do {
        sections.append(
          try QueryTimes.run(
            traceq: traceq, database: database, ingested: rounds.lastRunSucceeded(.ingestNew), input: input,
            pairs: options.pairs, logs: work))
      } catch {
        notes.append("queries (\(input.label)): \(error)")
      }
    }
  }
  let manyCases = cases.filter { $0.scope == .manyFiles }
  if !manyCases.isEmpty {
    let input = try inputs.manyFiles(options.many)
    let rounds = try Rounds(manyCases, on: input, pairs: options.pairs, logs: work)
    sections.append(Report.table(input, manyCases, rounds))
    if let scaling = Report.scaling(input, manyCases, rounds) { sections.append(scaling) }
    notes += rounds.failures
  }
  if !notes.isEmpty { sections.append(notes.map { "- \($0)" }.joined(separator: "\n")) }
  print(sections.joined(separator: "\n\n"))
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  if arguments.first == "floor", arguments.count == 2 {
    print(try Floor.run(arguments[1]))
  } else if arguments.first == "decode", arguments.count == 2 {
    print(try DecodeFloor.run(arguments[1]))
  } else if arguments.first == "fidelity" {
    print(try Fidelity.run(try FidelityOptions(Array(arguments.dropFirst()))))
  } else if arguments.first == "recorder" {
    print(try RecorderBench.run(events: try arguments.dropFirst().first.map(BenchOptions.count) ?? 1_000_000))
  } else {
    try benchmark(try BenchOptions(arguments))
  }
} catch {
  Progress.say("traceq-bench: \(error)")
  exit(2)
}
