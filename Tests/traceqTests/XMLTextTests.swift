import Testing

@testable import traceq

@Suite("XMLText")
struct XMLTextTests {
  @Test("markup and control characters are escaped, and text without them comes back as it was")
  func escaping() {
    #expect(XMLText.content("appeared · 1.2 s – 850 µs") == "appeared · 1.2 s – 850 µs")
    #expect(XMLText.attribute("o-portrait") == "o-portrait")
    #expect(XMLText.content(#"a < b && c > "d""#) == #"a &lt; b &amp;&amp; c &gt; "d""#)
    #expect(XMLText.attribute(#"say "hi""#) == "say &quot;hi&quot;")
    #expect(XMLText.content("tab\tand\nline\r") == "tab\tand\nline&#13;")
    #expect(XMLText.attribute("tab\tand\nline") == "tab&#9;and&#10;line")
    #expect(XMLText.content("bell\u{7} nul\u{0}") == "bell\u{FFFD} nul\u{FFFD}")
    #expect(XMLText.content("not \u{FFFE}\u{FFFF} but \u{FFFD}\u{F8FF}") == "not \u{FFFD}\u{FFFD} but \u{FFFD}\u{F8FF}")
  }
}
