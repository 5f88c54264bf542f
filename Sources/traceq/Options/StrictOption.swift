import ArgumentParser

/// `--strict`: the commands whose exit status says whether something was found (`check`,
/// `ingest --check`) fail on warnings too.
struct StrictOption: ParsableArguments {
  @Flag(help: "Fail (exit 1) on warnings too, not only on errors.")
  var strict = false
}
