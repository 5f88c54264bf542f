/// The HTML report's Mustache templates, style sheet and script, inlined into the page so that
/// it opens anywhere without a network. The page is ``head`` (rendered with the ``ReportPage``),
/// each session's part (written as it ends: ``ReportPage/SessionView/write(to:)``), then
/// ``foot``.
enum ReportTemplate {
  static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{title}}</title>
    <style>{{{css}}}</style>
    </head>
    <body>
    <header>
    <h1>{{title}}</h1>
    {{#summary}}
    <p class="totals">{{totals}}</p>
    {{^empty(crashes)}}
    <details class="crashes"><summary>{{crashSummary}}</summary>
    <ul>{{#crashes}}<li><p class="crash">{{session}}: UIKit raised an exception at <a href="#{{anchor}}">{{location}}</a>, where the app ends: {{message}}</p></li>{{/crashes}}</ul>
    </details>
    {{/empty(crashes)}}
    {{^empty(rules)}}
    <form class="filters" autocomplete="off">
    <label>rule <select data-filter="rule"><option value="">all</option>{{#rules}}<option>{{rule}}</option>{{/rules}}</select></label>
    <label>severity <select data-filter="severity"><option value="">all</option><option value="error">▲ error</option><option value="warning">◆ warning</option><option value="note">● note</option></select></label>
    {{^empty(builds)}}<label>build <select data-filter="build"><option value="">all</option>{{#builds}}<option>{{.}}</option>{{/builds}}</select></label>{{/empty(builds)}}
    <label>session <input data-filter="session" type="number" min="1" placeholder="all"></label>
    </form>
    <h2>Finding groups</h2>
    <table class="groups">
    <thead><tr><th title="severity">!</th><th>rule</th><th>app's controller</th><th>message</th><th>findings</th><th>sessions</th></tr></thead>
    <tbody>
    {{{groupRows}}}</tbody>
    </table>
    {{#ungrouped}}<p class="omitted">{{.}}</p>{{/ungrouped}}
    {{/empty(rules)}}
    {{#empty(rules)}}<p>No findings.</p>{{/empty(rules)}}
    {{/summary}}
    <h2>Sessions</h2>
    <table class="index">
    <thead><tr><th>#</th><th>session</th><th>build</th><th>where · events · duration · findings</th><th title="errors ▲, warnings ◆, notes ●">by severity</th></tr></thead>
    <tbody>
    {{{sessionRows}}}</tbody>
    </table>
    <p class="legend">
    <span class="key appearing"></span>appearing <span class="key appeared"></span>appeared
    <span class="key disappearing"></span>disappearing <span class="key presented"></span>presented
    <span class="key popover"></span>popover <span class="key merged"></span>several, merged
    <span class="key o-portrait"></span>portrait <span class="key o-landscapeLeft"></span>landscape left
    <span class="key o-landscapeRight"></span>landscape right <span class="key o-portraitUpsideDown"></span>upside down
    <span class="key mask"></span>allowed <span class="key m-none"></span>none allowed
    · <span class="error">▲ error</span> <span class="warning">◆ warning</span> <span class="note">● note</span>
    </p>
    </header>
    """

  static let foot = """
    <footer>Made by traceq. Times are the records' <code>t</code>; records without one are placed 1 ms after the one before. Colours are from the Okabe–Ito palette, which readers with colour-vision deficiency tell apart; severities also have a shape.</footer>
    <script>{{{script}}}</script>
    </body>
    </html>

    """

  /// Colours: the Okabe–Ito palette (Okabe & Ito, "Color Universal Design",
  /// https://jfly.uni-koeln.de/color/), with a dark and a pale shade for the remaining states;
  /// `ReportPaletteTests` holds every pair of the legend apart under simulated deuteranopia.
  static let css = """
    body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0 1.5em 2em;color:#1d1d1f;background:#fff}
    [hidden]{display:none!important}
    h1{font-size:20px;margin:.8em 0 .2em}h2{font-size:17px;margin:1.2em 0 .3em}
    code,pre{font:12px ui-monospace,Menlo,monospace}pre{background:#f5f5f7;padding:.6em;overflow:auto}
    .totals,.meta{color:#555;margin:.2em 0}.crashes{margin:.4em 0}.crashes ul{margin:.2em 0;padding-left:1.2em}
    .crash{background:#fdebd9;border-left:4px solid #D55E00;padding:.3em .7em;margin:.2em 0}
    .filters{margin:.6em 0}.filters label{margin-right:1em;font-size:13px}
    .groups,.index{border-collapse:collapse;margin:.3em 0;font-size:13px}
    .groups td,.groups th,.index td,.index th{border-bottom:1px solid #ddd;padding:2px 8px;text-align:left;vertical-align:top}
    .error{color:#B04400}.warning{color:#7A5200}.note{color:#555}
    .legend{font-size:12px;color:#555}.key{display:inline-block;width:12px;height:10px;margin:0 3px 0 10px;vertical-align:middle;outline:1px solid #0003}
    details.session{border-top:1px solid #ddd;padding:.2em 0}details.session>summary{cursor:pointer}
    details.session>summary h2{display:inline;font-size:16px;margin:0}.counts{margin-left:.6em;font-size:13px}
    .toolbar{margin:.4em 0}.toolbar button{min-width:2.2em;margin-right:2px}.zoom{margin:0 .6em;font-weight:600}.help{color:#777;font-size:12px}
    .timeline{display:flex;border:1px solid #ccc}
    .labels{flex:0 0 260px;padding-top:21px;border-right:1px solid #ccc;font-size:12px}
    .label{height:18px;line-height:18px;padding:0 6px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .label.findings{font-weight:600}.label.orientation,.label.presentations,.label.popovers{color:#555;font-style:italic}
    .scroll{flex:1;overflow-x:auto;overflow-y:hidden;cursor:grab}.canvas{width:100%;position:relative}
    .axis{height:20px;position:relative;font-size:11px;color:#666;border-bottom:1px solid #ddd}
    .axis span{position:absolute;top:3px;padding-left:3px;white-space:nowrap}
    .markers{position:absolute;top:21px;left:0;right:0;height:18px;z-index:1}
    .marker{position:absolute;transform:translateX(-50%);font-size:12px;line-height:18px;text-decoration:none}
    .marker.current{font-size:16px}
    svg{display:block}svg line,svg rect{vector-effect:non-scaling-stroke}
    .band{fill:#f7f7f9}.tick{stroke:#e4e4e8}.tick.minor{stroke:#f0f0f3}.canvas:not(.fine) .minor{display:none}
    .appearing,.key.appearing{fill:#56B4E9;background:#56B4E9}.appeared,.key.appeared{fill:#0072B2;background:#0072B2}
    .disappearing,.key.disappearing{fill:#CC79A7;background:#CC79A7}.presented,.key.presented{fill:#009E73;background:#009E73}
    .popover,.key.popover{fill:#E69F00;background:#E69F00}.merged,.key.merged{fill:#333333;background:#333333}
    .o-portrait,.key.o-portrait{fill:#F0E442;background:#F0E442}.o-portraitUpsideDown,.key.o-portraitUpsideDown{fill:#5B3000;background:#5B3000}
    .o-landscapeLeft,.key.o-landscapeLeft{fill:#D55E00;background:#D55E00}.o-landscapeRight,.key.o-landscapeRight{fill:#FFF5B0;background:#FFF5B0}
    .o-faceUp,.o-faceDown,.o-unknown{fill:#ddd}.mask,.key.mask{fill:#EEEEEE;background:#EEEEEE}.m-none,.key.m-none{fill:#1B3A6B;background:#1B3A6B}
    .mark{stroke-width:1.5px;stroke-opacity:.55}.mark.error{stroke:#D55E00}.mark.warning{stroke:#E69F00}.mark.note{stroke:#888}
    .mark.current{stroke-width:3px;stroke-opacity:1}
    .findings{padding-left:1.5em}.findings li{margin:.5em 0;color:#1d1d1f}.findings li:target,.findings li.current{background:#fff7d6}
    .findings .severity{font-weight:600}.findings li.error .severity{color:#B04400}.findings li.warning .severity{color:#7A5200}
    .hint{color:#444;font-size:13px}details summary{cursor:pointer;color:#555;font-size:12px}
    .omitted,footer{color:#777;font-size:12px}footer{margin-top:2em}
    """

  /// Sessions open on demand, and a session's timeline is drawn when it first opens, from its
  /// markup kept as the text of a `<script type="text/html">`: the browser's parser skims that
  /// text without building its elements (it builds a `<template>`'s, half a million for 1 M
  /// events), so that a large report opens without building every timeline; zoom (buttons,
  /// Ctrl + wheel), drag to scroll, a finding's link scrolling its marker into view, and the
  /// filters. No dependencies.
  static let script = """
    "use strict";
    function draw(section) {
      var drawing = section.querySelector("script.drawing");
      if (!drawing) return;
      drawing.insertAdjacentHTML("afterend", drawing.text);
      drawing.remove();
      var scroll = section.querySelector(".scroll"), canvas = section.querySelector(".canvas");
      var shown = section.querySelector(".zoom"), zoom = 1;
      function setZoom(next, anchorFraction) {
        next = Math.max(1, Math.min(next, 4096));
        var fraction = anchorFraction === undefined ? 0.5 : anchorFraction;
        var center = (scroll.scrollLeft + scroll.clientWidth * fraction) / canvas.clientWidth;
        zoom = next;
        canvas.style.width = zoom * 100 + "%";
        shown.textContent = zoom + "×";
        canvas.classList.toggle("fine", zoom >= 4);
        scroll.scrollLeft = center * canvas.clientWidth - scroll.clientWidth * fraction;
      }
      section.querySelectorAll("button[data-zoom]").forEach(function (button) {
        button.addEventListener("click", function () {
          var factor = Number(button.dataset.zoom);
          setZoom(factor === 0 ? 1 : zoom * factor);
        });
      });
      scroll.addEventListener("wheel", function (event) {
        if (!event.ctrlKey) return;
        event.preventDefault();
        var box = scroll.getBoundingClientRect();
        setZoom(event.deltaY < 0 ? zoom * 2 : zoom / 2, (event.clientX - box.left) / scroll.clientWidth);
      }, { passive: false });
      var dragFrom = null;
      scroll.addEventListener("mousedown", function (event) { dragFrom = [event.clientX, scroll.scrollLeft]; });
      window.addEventListener("mouseup", function () { dragFrom = null; });
      window.addEventListener("mousemove", function (event) {
        if (dragFrom) scroll.scrollLeft = dragFrom[1] - (event.clientX - dragFrom[0]);
      });
      section.locate = function (link) {
        section.querySelector(".timeline").scrollIntoView({ block: "nearest" });
        if (zoom < 8) setZoom(8);
        var x = Number(link.dataset.percent) / 100 * canvas.clientWidth;
        scroll.scrollLeft = x - scroll.clientWidth / 2;
        section.querySelectorAll(".current").forEach(function (old) { old.classList.remove("current"); });
        section.querySelectorAll('[data-anchor="' + link.dataset.anchor + '"]').forEach(function (mark) {
          if (!mark.classList.contains("locate")) mark.classList.add("current");
        });
        link.parentElement.classList.add("current");
      };
    }
    function openSession(section) {
      section.open = true;
      draw(section);
    }
    document.querySelectorAll("details.session").forEach(function (section) {
      section.addEventListener("toggle", function () { if (section.open) draw(section); });
      section.querySelectorAll("a.locate").forEach(function (link) {
        link.addEventListener("click", function (event) {
          event.preventDefault();
          openSession(section);
          section.locate(link);
        });
      });
    });
    // A link to a session or a finding (report.html#s3, #f1-2) opens it, with the timeline on it.
    function reveal() {
      var target = location.hash && document.getElementById(location.hash.slice(1));
      var section = target && target.closest("details.session");
      if (!section) return;
      openSession(section);
      var link = target.querySelector("a.locate");
      if (link) section.locate(link); else target.scrollIntoView();
    }
    window.addEventListener("hashchange", reveal);
    reveal();
    var filters = {};
    function listed(list, value) { return (" " + list + " ").indexOf(" " + value + " ") >= 0; }
    function matches(data) {
      if (filters.rule && !(data.rule !== undefined ? data.rule === filters.rule : listed(data.rules, filters.rule))) return false;
      if (filters.severity && !(data.severity !== undefined ? data.severity === filters.severity
        : listed(data.severities, filters.severity))) return false;
      if (filters.build && data.build !== undefined && data.build !== filters.build) return false;
      if (filters.session && data.session !== undefined && data.session !== filters.session) return false;
      return true;
    }
    document.querySelectorAll("[data-filter]").forEach(function (control) {
      control.addEventListener("input", function () {
        filters[control.dataset.filter] = control.value;
        document.querySelectorAll("tr.group, tr.session-row, details.session, li.finding").forEach(function (element) {
          element.hidden = !matches(element.dataset);
        });
      });
    });

    """
}
