/// The report's style sheet, inline in the page: system fonts only, colours from CSS custom properties switched by
/// `prefers-color-scheme` (Media Queries Level 5, 12.5), a print layout, and layouts that reflow to a phone's width.
/// Text colours keep a contrast of at least 4.5:1 against their backgrounds in both schemes (WCAG 2.2, 1.4.3).
enum ReportStyle {
    static let css = """
        :root { --bg: #ffffff; --surface: #f5f5f7; --text: #1d1d1f; --muted: #55555d; --line: #d2d2d7;
          --accent: #0a4fa6; --median: #6b2fa8; --p90: #a3161b; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #16161a; --surface: #222228; --text: #ececf0; --muted: #a8a8b3; --line: #3a3a42;
            --accent: #8cbcff; --median: #cfa6ff; --p90: #ff9b9b; }
        }
        .stage-waiting { --fg: #7a4b00; --tint: #fff1d0; --bar: #d98e04; }
        .stage-inReview { --fg: #0a4fa6; --tint: #e3efff; --bar: #2f7de1; }
        .stage-rejected { --fg: #a3161b; --tint: #fde6e6; --bar: #d93b3f; }
        .stage-approved { --fg: #0d6466; --tint: #def5f4; --bar: #1a9a9c; }
        .stage-live { --fg: #17662b; --tint: #e2f5e6; --bar: #2e9e4a; }
        .stage-other { --fg: #4a4a52; --tint: #ececf0; --bar: #9a9aa3; }
        .signing-urgent { --fg: #a3161b; --tint: #fde6e6; --bar: #d93b3f; }
        .signing-soon { --fg: #7a4b00; --tint: #fff1d0; --bar: #d98e04; }
        @media (prefers-color-scheme: dark) {
          .signing-urgent { --fg: #ff9b9b; --tint: #4a1618; --bar: #e35a5d; }
          .signing-soon { --fg: #ffc95c; --tint: #3a2c0c; --bar: #e0a020; }
        }
        @media (prefers-color-scheme: dark) {
          .stage-waiting { --fg: #ffc95c; --tint: #3a2c0c; --bar: #e0a020; }
          .stage-inReview { --fg: #8cbcff; --tint: #12284a; --bar: #4d8fe8; }
          .stage-rejected { --fg: #ff9b9b; --tint: #4a1618; --bar: #e35a5d; }
          .stage-approved { --fg: #7fdede; --tint: #0f3636; --bar: #2cb3b5; }
          .stage-live { --fg: #8fe0a3; --tint: #133a1d; --bar: #3fb95c; }
          .stage-other { --fg: #c9c9d1; --tint: #2e2e35; --bar: #7c7c86; }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0 auto; max-width: 72rem; padding: 1rem; background: var(--bg); color: var(--text);
          font: 1rem/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          overflow-wrap: anywhere; }
        h1 { font-size: 1.75rem; margin: 0.5rem 0; }
        h2 { font-size: 1.35rem; margin: 2rem 0 0.75rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
        h3 { font-size: 1.05rem; margin: 1rem 0 0.4rem; }
        p { margin: 0.3rem 0; }
        .muted, figcaption, .row-note { color: var(--muted); }
        .platform { font-weight: normal; color: var(--muted); font-size: 0.9em; }
        .summary, .legend { list-style: none; padding: 0; margin: 0; }
        .summary { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 8rem), 1fr)); gap: 0.75rem; }
        .summary-tile { background: var(--tint); color: var(--fg); border-radius: 0.75rem; padding: 0.75rem 1rem; }
        .summary-count { display: block; font-size: 2rem; font-weight: 700; line-height: 1.1; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr)); gap: 0.75rem;
          align-items: start; }
        .tile { background: var(--surface); border-radius: 0.75rem; padding: 0.75rem 1rem;
          border-left: 0.4rem solid var(--bar); }
        .tile h3 { margin-top: 0; }
        .badge { display: inline-block; background: var(--tint); color: var(--fg); font-weight: 600;
          border-radius: 1rem; padding: 0.1rem 0.6rem; }
        .comparison { border-top: 1px solid var(--line); margin-top: 0.5rem; padding-top: 0.4rem; font-size: 0.95rem; }
        .few { font-style: italic; }
        .suggestion { font-weight: 600; color: var(--p90); }
        .legend { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; font-size: 0.9rem; margin: 0.5rem 0; }
        .swatch { display: inline-block; width: 0.9rem; height: 0.9rem; border-radius: 0.2rem; margin-right: 0.3rem;
          vertical-align: -0.1rem; background: var(--bar); }
        .approx-swatch { background: transparent; border: 2px dashed var(--text); }
        .gantt { list-style: none; padding: 0; margin: 0; }
        .gantt-row { display: grid; grid-template-columns: minmax(0, 8rem) minmax(0, 1fr); column-gap: 0.75rem;
          align-items: center; padding: 0.3rem 0; border-bottom: 1px solid var(--line); }
        .gantt-label { grid-row: span 2; }
        .gantt-bar { display: block; width: 100%; height: 0.9rem; border-radius: 0.2rem; }
        .gantt-bar rect { fill: var(--bar); }
        .gantt-bar rect.approx { fill-opacity: 0.45; stroke: var(--bar); stroke-dasharray: 3 2;
          vector-effect: non-scaling-stroke; }
        .gantt-bar rect.outcome { fill: var(--fg); }
        .gantt-bar rect.gantt-track { fill: var(--line); fill-opacity: 0.4; }
        .gantt-detail { font-size: 0.85rem; color: var(--muted); }
        .gantt-scale { display: grid; grid-template-columns: minmax(0, 8rem) minmax(0, 1fr); column-gap: 0.75rem;
          margin-top: 0.3rem; }
        .gantt-axis { display: block; overflow: visible; font-size: 0.8rem; }
        .gantt-axis text { fill: var(--muted); }
        .gantt-axis line { stroke: var(--muted); }
        figure { margin: 0.5rem 0; }
        svg.chart { display: block; overflow: visible; margin-left: 3.2rem; width: calc(100% - 3.2rem);
          font-size: 0.85rem; }
        svg.chart text { fill: var(--muted); }
        .axis { stroke: var(--muted); }
        .grid-line { stroke: var(--line); stroke-width: 0.5; }
        .bar { fill: var(--accent); fill-opacity: 0.8; }
        .marker-claim { stroke: var(--text); stroke-dasharray: 4 3; }
        .marker-median { stroke: var(--median); stroke-width: 2; }
        .marker-p90 { stroke: var(--p90); stroke-width: 2; stroke-dasharray: 2 2; }
        svg.chart .marker-claim-label { fill: var(--text); paint-order: stroke; stroke: var(--bg); stroke-width: 4px;
          stroke-linejoin: round; }
        svg.chart .marker-median-label { fill: var(--median); font-weight: 600; }
        svg.chart .marker-p90-label { fill: var(--p90); font-weight: 600; }
        line.line-median, line.line-p90 { stroke-width: 2; stroke-linecap: round; }
        line.line-median { stroke: var(--median); }
        line.line-p90 { stroke: var(--p90); stroke-dasharray: 5 3; stroke-linecap: butt; }
        circle.line-median { fill: var(--median); }
        circle.line-p90 { fill: var(--p90); }
        .key { display: inline-block; width: 1.2rem; height: 0; border-top: 2px solid var(--median); margin: 0 0.3rem;
          vertical-align: middle; }
        .line-p90-key { border-top: 2px dashed var(--p90); }
        .claims { background: var(--surface); border-radius: 0.75rem; padding: 0.5rem 1rem; margin: 0.75rem 0; }
        .claims h3 { margin-top: 0.4rem; }
        blockquote { margin: 0.4rem 0 0.8rem; padding-left: 0.75rem; border-left: 3px solid var(--line); }
        details { margin: 0.5rem 0; }
        summary { cursor: pointer; color: var(--accent); }
        table { border-collapse: collapse; margin: 0.5rem 0 1rem; width: 100%; max-width: 48rem; }
        caption { text-align: left; color: var(--muted); padding-bottom: 0.3rem; }
        th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top;
          overflow-wrap: normal; }
        td { font-variant-numeric: tabular-nums; white-space: nowrap; }
        thead th { border-bottom: 2px solid var(--muted); }
        .row-note { display: block; font-size: 0.8rem; font-weight: normal; }
        .signing-alerts { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
        .signing-alert { background: var(--tint); border-left: 0.4rem solid var(--bar); border-radius: 0.5rem;
          padding: 0.4rem 0.75rem; }
        .signing-alert strong { color: var(--fg); }
        .signing-alert .badge { background: var(--bg); }
        .signing-table { max-width: none; }
        .signing-table th, .signing-table td { white-space: normal; overflow-wrap: anywhere; }
        .signing-table thead th, .signing-table .fixed { white-space: nowrap; overflow-wrap: normal; }
        .signing-table .words { overflow-wrap: normal; }
        .signing-table th[scope="row"] { font-weight: 600; }
        @media (max-width: 48rem) {
          .signing-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          .signing-table tr, .signing-table th, .signing-table td { display: block; }
          .signing-table tr { border-bottom: 2px solid var(--muted); padding: 0.3rem 0; }
          .signing-table th, .signing-table td { border-bottom: 0; padding: 0.1rem 0.3rem; }
          .signing-table .fixed { white-space: normal; }
          .signing-table [data-label]::before { content: attr(data-label) ": "; color: var(--muted);
            font-weight: normal; }
        }
        footer { margin-top: 2rem; font-size: 0.85rem; }
        @media (max-width: 32rem) {
          body { padding: 0.75rem; }
          .gantt-row { grid-template-columns: minmax(0, 1fr); }
          .gantt-label { grid-row: auto; }
          .gantt-scale { grid-template-columns: minmax(0, 1fr); }
          .gantt-spacer { display: none; }
          svg.chart .minor { display: none; }
          th, td { padding: 0.3rem 0.3rem; font-size: 0.9rem; }
          td { white-space: normal; }
        }
        @media print {
          :root, .stage-waiting, .stage-inReview, .stage-rejected, .stage-approved, .stage-live, .stage-other,
          .signing-urgent, .signing-soon {
            print-color-adjust: exact; -webkit-print-color-adjust: exact; }
          :root { --bg: #ffffff; --surface: #f5f5f7; --text: #000000; --muted: #44444c; --line: #cccccc; }
          body { max-width: none; padding: 0; font-size: 10pt; }
          .tile, .gantt-row, figure, table, .summary-tile, .signing-alert { break-inside: avoid; }
          h2 { break-after: avoid; }
          summary { display: none; }
        }

        """
}
