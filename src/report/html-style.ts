/**
 * The HTML report's style sheet, inlined in the page: readable in light and dark mode (the
 * colours follow `prefers-color-scheme`), a visible focus ring for keyboard use, heatmap cells
 * whose colours come from complan's scale (set on each cell) with a hatched pattern for
 * undefined values, and print-friendly widths. Figures (SVG) keep a white background in both
 * modes, as a figure printed on paper would.
 */
export const REPORT_STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1a1a1a; --muted: #555555; --line: #d0d0d0; --panel: #f5f5f7; --accent: #1f5fa8; --focus: #d62728; --mark: #fde725; --mark-fg: #111111; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #16181c; --fg: #e8e8e8; --muted: #a8a8a8; --line: #3a3d44; --panel: #22252b; --accent: #8cb8f0; --focus: #ff7f7f; --mark: #fde725; --mark-fg: #111111; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1200px; padding: 1rem 1.5rem 3rem; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { font-size: 1.05rem; margin: 1rem 0 0.4rem; }
h4 { font-size: 0.95rem; margin: 0.8rem 0 0.3rem; }
p { margin: 0.4rem 0; }
.muted, .note { color: var(--muted); font-size: 0.88rem; }
nav ul { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; list-style: none; padding: 0; margin: 0.5rem 0; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
.summary { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 0.8rem 1rem; }
.summary .verdict { font-size: 1.1rem; font-weight: 600; }
figure { margin: 1rem 0; }
figure.table { overflow-x: auto; }
table.data { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.9rem; }
table.data caption { text-align: left; font-weight: 600; padding: 0.3rem 0; caption-side: top; }
table.data th, table.data td { padding: 0.2rem 0.55rem; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
table.data th[scope="row"] { font-weight: 500; }
table.data .num { text-align: right; }
table.data thead th { border-bottom: 2px solid var(--line); vertical-align: bottom; }
button.sort { font: inherit; font-weight: 600; color: inherit; background: none; border: 0; padding: 0.1rem 0.2rem; cursor: pointer; }
button.sort::after { content: " ↕"; color: var(--muted); font-weight: 400; }
th[aria-sort="ascending"] button.sort::after { content: " ▲"; color: var(--fg); }
th[aria-sort="descending"] button.sort::after { content: " ▼"; color: var(--fg); }
.heatmap-area { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
.heatmap-wrap { overflow-x: auto; max-width: 100%; }
table.heatmap { border-collapse: separate; border-spacing: 2px; font-variant-numeric: tabular-nums; }
p.heatmap-title { font-weight: 600; max-width: 30rem; }
table.data td:not(.num) { white-space: normal; overflow-wrap: anywhere; min-width: 8rem; }
table.heatmap th { font-weight: 500; font-size: 0.85rem; }
table.heatmap th[scope="row"] { text-align: right; padding-right: 0.4rem; white-space: nowrap; }
table.heatmap th.col { vertical-align: bottom; height: 9rem; padding: 0; }
table.heatmap th.col span[title] { display: inline-block; writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; max-height: 9rem; overflow: hidden; text-overflow: ellipsis; }
table.heatmap td { padding: 0; }
table.heatmap td.diag { text-align: center; color: var(--muted); }
button.cell { width: 3.2rem; height: 2.4rem; border: 2px solid transparent; border-radius: 3px; font: inherit; font-size: 0.85rem; cursor: pointer; padding: 0; }
button.cell.undef { background: repeating-linear-gradient(45deg, #e6e6e6 0 4px, #b3b3b3 4px 6px); color: #333333; }
button.cell:hover, button.cell.selected { border-color: var(--fg); }
button.cell:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
.legend { display: flex; flex-wrap: wrap; gap: 2px; margin-top: 0.5rem; }
.swatch { display: inline-block; min-width: 2.2rem; text-align: center; font-size: 0.75rem; padding: 0.1rem 0; border-radius: 2px; }
.swatch.undef { background: repeating-linear-gradient(45deg, #e6e6e6 0 4px, #b3b3b3 4px 6px); color: #333333; }
#pair-detail { flex: 1 1 22rem; min-width: 18rem; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 0.6rem 1rem; }
#pair-detail dl.figures { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 0.8rem; margin: 0.3rem 0; }
#pair-detail dt { font-weight: 600; }
#pair-detail dd { margin: 0; }
ul.examples { padding-left: 1.1rem; margin: 0.2rem 0; }
li.example { margin: 0.15rem 0; }
mark { background: var(--mark); color: var(--mark-fg); padding: 0 0.15rem; border-radius: 2px; }
.where { color: var(--muted); font-size: 0.82rem; }
.figures-row { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
svg { max-width: 100%; height: auto; border: 1px solid var(--line); border-radius: 4px; }
select { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 0.1rem 0.3rem; }
table.confusion-matrix td.num { min-width: 3rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
footer { margin-top: 2.5rem; color: var(--muted); font-size: 0.8rem; word-break: break-all; }
@media print { body { max-width: none; } #pair-detail { display: none; } }
`;
