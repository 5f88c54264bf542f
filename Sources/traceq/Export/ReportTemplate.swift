/// The HTML report's Mustache template, style sheet and script, inlined into the page so that
/// it opens anywhere without a network.
enum ReportTemplate {
  static let page = """
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
    {{#crashes}}
    <p class="crash">{{session}}: UIKit raised an exception at <a href="#{{anchor}}">{{location}}</a>, where the app ends: {{message}}</p>
    {{/crashes}}
    {{^empty(rules)}}
    <table class="rules">
    <thead><tr><th>rule</th><th>severity</th><th>findings</th></tr></thead>
    <tbody>
    {{#rules}}<tr><td><code>{{rule}}</code></td><td class="{{severity}}">{{severity}}</td><td>{{count}}</td></tr>
    {{/rules}}
    </tbody>
    </table>
    {{/empty(rules)}}
    {{#empty(rules)}}<p>No findings.</p>{{/empty(rules)}}
    {{/summary}}
    <p class="legend">
    <span class="key appearing"></span>appearing <span class="key appeared"></span>appeared
    <span class="key disappearing"></span>disappearing <span class="key presented"></span>presented
    <span class="key popover"></span>popover <span class="key merged"></span>several, merged
    <span class="key o-portrait"></span>portrait <span class="key o-landscapeLeft"></span>landscape left
    <span class="key o-landscapeRight"></span>landscape right <span class="key o-portraitUpsideDown"></span>upside down
    <span class="key mask"></span>allowed <span class="key m-none"></span>none allowed
    </p>
    </header>
    {{#sessions}}
    <section class="session" id="{{anchor}}">
    <h2>{{heading}}</h2>
    <p class="meta">{{meta}}</p>
    <div class="toolbar"><button data-zoom="2" title="zoom in">+</button><button data-zoom="0.5" title="zoom out">−</button><button data-zoom="0" title="whole session">fit</button><span class="zoom">1×</span> <span class="help">Ctrl + wheel zooms; scroll or drag to move; hover a bar for its times; click a marker for its finding.</span></div>
    <div class="timeline">
    <div class="labels">{{#labels}}<div class="label {{kind}}" title="{{name}}">{{name}}</div>{{/labels}}</div>
    <div class="scroll"><div class="canvas">
    <div class="axis">{{#ticks}}<span{{#minor}} class="minor"{{/minor}} style="left:{{percent}}%">{{text}}</span>{{/ticks}}</div>
    <svg viewBox="0 0 1000 {{height}}" preserveAspectRatio="none" height="{{height}}" width="100%" role="img" aria-label="timeline of {{heading}}">
    {{#rows}}{{#odd}}<rect class="band" x="0" y="{{y}}" width="1000" height="18"/>{{/odd}}{{/rows}}
    {{#ticks}}<line class="tick{{#minor}} minor{{/minor}}" x1="{{x}}" x2="{{x}}" y1="0" y2="{{height}}"/>{{/ticks}}
    {{#rects}}<rect class="{{kind}}" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}"><title>{{title}}</title></rect>
    {{/rects}}
    {{#markers}}<a href="#{{anchor}}" class="marker {{severity}}" data-anchor="{{anchor}}"><line x1="{{x}}" x2="{{x}}" y1="0" y2="{{height}}"/><rect x="{{x}}" y="2" width="0.1" height="14"/><title>{{title}}</title></a>
    {{/markers}}
    </svg>
    </div></div>
    </div>
    {{^empty(findings)}}
    <ol class="findings">
    {{#findings}}<li id="{{anchor}}" class="{{severity}}">
    <a class="locate" href="#{{anchor}}" data-percent="{{percent}}" data-anchor="{{anchor}}" title="show on the timeline">{{location}}</a>: <span class="severity">{{severity}}</span>: {{message}} <code>[{{rule}}]</code>
    <div class="hint">hint: {{hint}}</div>
    <details><summary>model state after line {{stateLine}}{{#decidedLine}}, where it happened (decided at line {{.}}){{/decidedLine}}</summary><pre>{{state}}</pre></details>
    </li>
    {{/findings}}
    </ol>
    {{/empty(findings)}}
    {{#omitted}}<p class="omitted">{{.}}</p>{{/omitted}}
    </section>
    {{/sessions}}
    <footer>Made by traceq. Times are the records' <code>t</code>; records without one are placed 1 ms after the one before.</footer>
    <script>{{{script}}}</script>
    </body>
    </html>

    """

  static let css = """
    body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:0 1.5em 2em;color:#1d1d1f;background:#fff}
    h1{font-size:20px;margin:.8em 0 .2em}h2{font-size:17px;margin:1.4em 0 .1em}
    code,pre{font:12px ui-monospace,Menlo,monospace}pre{background:#f5f5f7;padding:.6em;overflow:auto}
    .totals,.meta{color:#555;margin:.2em 0}.crash{background:#fde8e8;border-left:4px solid #d70015;padding:.4em .7em}
    .rules{border-collapse:collapse;margin:.5em 0}.rules td,.rules th{border-bottom:1px solid #ddd;padding:2px 10px;text-align:left}
    .error{color:#d70015}.warning{color:#b25000}.note{color:#555}
    .legend{font-size:12px;color:#555}.key{display:inline-block;width:12px;height:10px;margin:0 3px 0 10px;vertical-align:middle}
    .toolbar{margin:.4em 0}.toolbar button{min-width:2.2em;margin-right:2px}.zoom{margin:0 .6em;font-weight:600}.help{color:#777;font-size:12px}
    .timeline{display:flex;border:1px solid #ccc}
    .labels{flex:0 0 260px;padding-top:21px;border-right:1px solid #ccc;font-size:12px}
    .label{height:18px;line-height:18px;padding:0 6px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .label.findings{font-weight:600}.label.orientation,.label.presentations,.label.popovers{color:#555;font-style:italic}
    .scroll{flex:1;overflow-x:auto;overflow-y:hidden;cursor:grab}.canvas{width:100%;position:relative}
    .axis{height:20px;position:relative;font-size:11px;color:#666;border-bottom:1px solid #ddd}
    .axis span{position:absolute;top:3px;padding-left:3px;white-space:nowrap}
    svg{display:block}svg line,svg rect{vector-effect:non-scaling-stroke}
    .band{fill:#f7f7f9}.tick{stroke:#e4e4e8}.tick.minor{stroke:#f0f0f3}.canvas:not(.fine) .minor{display:none}
    .appearing,.key.appearing{fill:#9fd8a8;background:#9fd8a8}.appeared,.key.appeared{fill:#34a853;background:#34a853}
    .disappearing,.key.disappearing{fill:#f0b35b;background:#f0b35b}.presented,.key.presented{fill:#6f8fdc;background:#6f8fdc}
    .popover,.key.popover{fill:#a77bd8;background:#a77bd8}.merged,.key.merged{fill:#9a9aa3;background:#9a9aa3}
    .o-portrait,.key.o-portrait{fill:#b9d3f0;background:#b9d3f0}.o-portraitUpsideDown,.key.o-portraitUpsideDown{fill:#8ab0de;background:#8ab0de}
    .o-landscapeLeft,.key.o-landscapeLeft{fill:#f3d18a;background:#f3d18a}.o-landscapeRight,.key.o-landscapeRight{fill:#e6b35e;background:#e6b35e}
    .o-faceUp,.o-faceDown,.o-unknown{fill:#ddd}.mask,.key.mask{fill:#c8e6c9;background:#c8e6c9}.m-none,.key.m-none{fill:#d70015;background:#d70015}
    .marker line{stroke-width:1.5px;stroke-opacity:.55}.marker rect{stroke-width:7px}
    .marker.error line,.marker.error rect{stroke:#d70015}.marker.warning line,.marker.warning rect{stroke:#e07b00}
    .marker.note line,.marker.note rect{stroke:#888}.marker.current line{stroke-width:3px;stroke-opacity:1}
    .findings{padding-left:1.5em}.findings li{margin:.5em 0;color:#1d1d1f}.findings li:target,.findings li.current{background:#fff7d6}
    .findings .severity{font-weight:600}.findings li.error .severity{color:#d70015}.findings li.warning .severity{color:#b25000}
    .hint{color:#444;font-size:13px}details summary{cursor:pointer;color:#555;font-size:12px}
    .omitted,footer{color:#777;font-size:12px}footer{margin-top:2em}
    """

  /// Zoom (buttons, Ctrl + wheel), drag to scroll, and a finding's link scrolling its marker
  /// into view. No dependencies.
  static let script = """
    "use strict";
    document.querySelectorAll(".session").forEach(function (section) {
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
      function locate(link) {
        section.querySelector(".timeline").scrollIntoView({ block: "nearest" });
        if (zoom < 8) setZoom(8);
        var x = Number(link.dataset.percent) / 100 * canvas.clientWidth;
        scroll.scrollLeft = x - scroll.clientWidth / 2;
        section.querySelectorAll(".current").forEach(function (old) { old.classList.remove("current"); });
        var marker = section.querySelector('.marker[data-anchor="' + link.dataset.anchor + '"]');
        if (marker) marker.classList.add("current");
        link.parentElement.classList.add("current");
      }
      section.querySelectorAll("a.locate").forEach(function (link) {
        link.addEventListener("click", function (event) {
          event.preventDefault();
          locate(link);
        });
        // A link to a finding (report.html#f1-2) opens with the timeline on it.
        if (location.hash === "#" + link.dataset.anchor) locate(link);
      });
    });

    """
}
