package dev.sns.reports.html;

/** The page's style sheet, inlined into every report: system fonts only, nothing fetched. */
final class Styles {
    private Styles() {}

    /**
     * Fork colours f0..f7 are the Okabe-Ito palette (distinguishable with the common colour-vision
     * deficiencies), in an order that puts the easiest to tell apart first.
     */
    static final String CSS = """
            :root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-soft: #f6f8fa;
              --a: #1a7f37; --b: #b7791f; --c: #cf222e; --faster: #1a7f37; --slower: #cf222e; --parity: #8c959f; }
            * { box-sizing: border-box; }
            body { margin: 0; color: var(--fg); background: #fff;
              font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
            header, main, footer { max-width: 1180px; margin: 0 auto; padding: 0 24px; }
            header { padding-top: 20px; border-bottom: 1px solid var(--line); }
            h1 { font-size: 22px; margin: 0 0 4px; }
            h2 { font-size: 18px; margin: 28px 0 8px; }
            h3 { font-size: 15px; margin: 0; font-weight: 600; overflow-wrap: anywhere; }
            code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace;
              font-size: 12.5px; }
            .sub { color: var(--muted); margin: 0 0 14px; }
            .note { color: var(--muted); margin: 4px 0 10px; }
            table { border-collapse: collapse; margin: 6px 0 12px; }
            th, td { text-align: left; padding: 4px 10px 4px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
            th { font-weight: 600; color: var(--muted); font-size: 12.5px; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            table.overview td:first-child, table.pairs td:first-child, table.pairs td:nth-child(2) { overflow-wrap: anywhere; }
            .wide { overflow-x: auto; }
            table.pairs.fixed { width: 100%; min-width: 760px; table-layout: fixed; }
            table.pairs.fixed td.num { white-space: normal; }
            table.pairs th.w-name { width: 15%; }
            table.pairs th.w-num { width: 7%; }
            table.pairs th.w-int { width: 10.5%; }
            table.pairs th.w-tier { width: 7%; }
            table.pairs th.w-verdict { width: 11%; }
            ol.notes { font-size: 12.5px; color: var(--muted); margin: 0 0 12px; padding-left: 22px; }
            a { color: #0969da; text-decoration: none; }
            a:hover { text-decoration: underline; }
            .badge { display: inline-block; min-width: 4.6em; text-align: center; padding: 1px 7px; border-radius: 10px;
              font-size: 12px; font-weight: 600; color: #fff; white-space: nowrap; }
            .tier-A { background: var(--a); }
            .tier-B { background: var(--b); }
            .tier-C { background: var(--c); }
            .st-failed { background: #6e7781; }
            .st-skipped { background: #fff; color: #6e7781; border: 1px solid #8c959f; }
            .verdict { font-weight: 600; }
            .vt-faster { color: var(--faster); fill: var(--faster); }
            .vt-slower { color: var(--slower); fill: var(--slower); }
            .vt-parity { color: #57606a; fill: #57606a; }
            .vt-none { color: var(--fg); fill: var(--fg); font-style: italic; }
            section.bench { border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px 6px; margin: 18px 0; }
            .bench-head { display: flex; gap: 10px; align-items: baseline; }
            ul.reasons { margin: 6px 0 8px; padding-left: 20px; color: var(--fg); }
            ul.reasons li { margin: 1px 0; }
            dl.numbers { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 4px 18px;
              margin: 8px 0 4px; }
            dl.numbers div { border-bottom: 1px dotted var(--line); padding: 2px 0; }
            dl.numbers dt { color: var(--muted); font-size: 12px; }
            dl.numbers dd { margin: 0; font-variant-numeric: tabular-nums; }
            dl.numbers div.key dd { font-weight: 600; }
            figure { margin: 10px 0 6px; }
            figcaption { color: var(--muted); font-size: 12.5px; margin-top: 2px; }
            .legend span { display: inline-block; margin-right: 14px; white-space: nowrap; }
            .sw { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; vertical-align: -1px; }
            .sw-pt { background: #1f2328; }
            .sw-line { display: inline-block; width: 18px; height: 0; border-top: 2px solid #1f2328; margin-right: 4px;
              vertical-align: 3px; }
            .sw-wmed { border-top: 2px solid #1f2328; opacity: .55; }
            .sw-ci { border-top: 1px dashed #57606a; }
            .sw-bar { display: inline-block; width: 22px; height: 10px; margin-right: 4px; vertical-align: -1px; }
            .msg { white-space: pre-wrap; word-break: break-word; font-family: ui-monospace, Menlo, Consolas, monospace;
              font-size: 12.5px; background: var(--bg-soft); padding: 6px 8px; border-radius: 6px; margin: 4px 0 10px; }
            footer { margin-top: 36px; padding-top: 8px; padding-bottom: 40px; border-top: 1px solid var(--line); }
            footer .cols { display: flex; gap: 40px; flex-wrap: wrap; }
            footer td:first-child { color: var(--muted); }
            svg.plot { width: 100%; height: auto; display: block; font-size: 11px; }
            svg text { fill: #1f2328; }
            svg .tick { fill: #59636e; }
            svg .axis-label { fill: #59636e; font-size: 11px; }
            svg .frame { fill: none; stroke: #8c959f; stroke-width: 1; }
            svg .grid { stroke: #eaeef2; stroke-width: 1; }
            svg .axis { stroke: #8c959f; stroke-width: 1; }
            svg .band { fill: #f3f5f7; }
            svg .ci { fill: #0969da; opacity: .08; }
            svg .ci-line { stroke: #57606a; stroke-width: 1; stroke-dasharray: 5 3; }
            svg .median { stroke: #1f2328; stroke-width: 1.5; }
            svg .ci-label { fill: #57606a; }
            svg .median-label { font-weight: 600; }
            svg .wmed { stroke: #1f2328; stroke-width: 2; fill: none; opacity: .55; }
            svg .fork-sep { stroke: #59636e; stroke-width: 1.2; }
            svg .wlabel { fill: #8c959f; font-size: 10px; }
            svg .dots { fill: none; stroke-linecap: round; opacity: .75; }
            svg .dot-l { stroke-width: 4.5; }
            svg .dot-m { stroke-width: 3.2; }
            svg .dot-s { stroke-width: 2.4; }
            svg .edge { stroke: none; }
            svg .clip { fill: #cf222e; stroke: none; }
            svg .clock { fill: none; stroke: #8250df; stroke-width: 1.5; }
            svg .ref-one { stroke: #1f2328; stroke-width: 1.2; }
            svg .ref-slower { stroke: var(--slower); stroke-width: 1; stroke-dasharray: 4 3; }
            svg .ref-faster { stroke: var(--faster); stroke-width: 1; stroke-dasharray: 4 3; }
            svg .ref-label { fill: #59636e; font-size: 10.5px; }
            svg .slower-t { fill: var(--slower); }
            svg .faster-t { fill: var(--faster); }
            svg .row-label { font-family: ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 11px; }
            svg .row-num { font-variant-numeric: tabular-nums; }
            svg .row-verdict { font-weight: 600; }
            svg .bar { stroke-width: 1; }
            svg .v-faster { fill: var(--faster); stroke: var(--faster); fill-opacity: .55; }
            svg .v-slower { fill: var(--slower); stroke: var(--slower); fill-opacity: .55; }
            svg .v-parity { fill: var(--parity); stroke: #6e7781; fill-opacity: .55; }
            svg .v-none { fill: url(#sns-hatch); stroke: #1f2328; stroke-dasharray: 3 2; }
            svg .hatch { stroke: #57606a; stroke-width: 1.5; }
            svg .pt { fill: #1f2328; stroke: #fff; stroke-width: 1; }
            .f0 { stroke: #0072B2; fill: #0072B2; } .f1 { stroke: #E69F00; fill: #E69F00; }
            .f2 { stroke: #009E73; fill: #009E73; } .f3 { stroke: #CC79A7; fill: #CC79A7; }
            .f4 { stroke: #56B4E9; fill: #56B4E9; } .f5 { stroke: #D55E00; fill: #D55E00; }
            .f6 { stroke: #000000; fill: #000000; } .f7 { stroke: #999933; fill: #999933; }
            svg .fork-label { font-weight: 600; stroke: none; }
            .sw.f0, .sw.f1, .sw.f2, .sw.f3, .sw.f4, .sw.f5, .sw.f6, .sw.f7 { stroke: none; }
            .sw.f0 { background: #0072B2; } .sw.f1 { background: #E69F00; } .sw.f2 { background: #009E73; }
            .sw.f3 { background: #CC79A7; } .sw.f4 { background: #56B4E9; } .sw.f5 { background: #D55E00; }
            .sw.f6 { background: #000000; } .sw.f7 { background: #999933; }
            .sw-bar.v-faster { background: var(--faster); opacity: .7; } .sw-bar.v-slower { background: var(--slower); opacity: .7; }
            .sw-bar.v-parity { background: var(--parity); }
            .sw-bar.v-none { border: 1px dashed #1f2328;
              background: repeating-linear-gradient(45deg, #fff 0 3px, #57606a 3px 4.5px); }
            th.num { text-align: right; }
            table.overview { width: 100%; }
            table.overview td:first-child { width: 46%; overflow-wrap: anywhere; }
            table.overview th[data-key] { cursor: pointer; }
            table.overview th[aria-sort=ascending]::after { content: " \\25B2"; }
            table.overview th[aria-sort=descending]::after { content: " \\25BC"; }
            .controls { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; margin: 6px 0; }
            .controls input[type=search] { flex: 1 1 22em; padding: 4px 8px; font: inherit; }
            .controls input.bad { outline: 2px solid var(--c); }
            details.card { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; }
            details.card > summary { padding: 6px 12px; cursor: pointer; overflow-wrap: anywhere; }
            details.card[open] > summary { border-bottom: 1px solid var(--line); }
            details.card > summary h3 { display: inline; }
            details.row > summary { display: block; cursor: pointer; font-family: ui-monospace, SFMono-Regular, Menlo,
              Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
            details.row > summary::-webkit-details-marker { display: none; }
            details.row > summary::before { content: "\\25B8\\00A0"; color: var(--muted); }
            details.row[open] > summary::before { content: "\\25BE\\00A0"; }
            details.row > p { margin: 4px 0; color: var(--muted); }
            details.card > section.bench { border: 0; margin: 0; }
            @media print { section.bench { break-inside: avoid; } }
            """;
}
