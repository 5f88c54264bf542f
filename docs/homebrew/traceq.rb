# Homebrew formula for traceq: copy it into a tap (Formula/traceq.rb of a homebrew-* repository)
# and `brew install TAP/traceq`. docs/install.md has the steps.
class Traceq < Formula
  desc "Replay iOS view-controller traces against UIKit's rules and query them with SQL"
  homepage "https://github.com/traceq/traceq"
  url "https://github.com/traceq/traceq.git", tag: "v1.0.0"
  license "Apache-2.0"
  head "https://github.com/traceq/traceq.git", branch: "main"

  depends_on xcode: ["16.3", :build]
  uses_from_macos "sqlite"
  uses_from_macos "zlib"

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "traceq"
    bin.install ".build/release/traceq"
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/traceq --version").strip
    (testpath/"popover.ndjson").write <<~EOS
      {"traceq":1,"idiom":"pad","os":"7.0"}
      {"ev":"popoverCreate","popover":"0xd4","vc":"0xe5","class":"UIImagePickerController"}
      {"ev":"popoverPresent","popover":"0xd4"}
      {"ev":"popoverRelease","popover":"0xd4"}
    EOS
    assert_match "[popover-released-while-visible]", shell_output("#{bin}/traceq check popover.ndjson", 1)
  end
end
