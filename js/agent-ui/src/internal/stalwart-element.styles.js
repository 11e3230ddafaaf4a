/** The look every element shares, under its own. Type: 0.8125/0.875/1/1.125/1.25 rem; gaps: ½, 1, 2; tints from the theme. */
export default `
:host { display: block; color: var(--_stalwart-fg); background: var(--_stalwart-bg); font-family: var(--_stalwart-font);
  font-size: 1rem; line-height: 1.5; }
:host([hidden]), [hidden] { display: none !important; }
* { box-sizing: border-box; }
p, ul, ol, dl, dd, h1, h2, h3, h4 { margin: 0; font-size: 1em; }
ul, ol { padding-left: 1.2em; }
a { color: var(--_stalwart-accent); }
button, input, textarea { min-height: 2.75rem; padding: 0 var(--_stalwart-gap); border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius); background: var(--_stalwart-bg); color: inherit; font: inherit; }
button { font-weight: 600; }
button:not(:disabled):hover { border-color: var(--_stalwart-accent); }
button, summary { cursor: pointer; }
summary { width: max-content; max-width: 100%; min-height: 2.75rem; display: flex; align-items: center; gap: 0.4em;
  color: var(--_stalwart-accent); font-weight: 600; list-style: none; }
summary::-webkit-details-marker { display: none; }
summary::before { content: "▸"; transition: transform 0.15s; }
details[open] > summary::before { transform: rotate(90deg); }
.primary, [aria-pressed="true"] { border-color: var(--_stalwart-accent); background: var(--_stalwart-accent);
  color: var(--_stalwart-accent-fg); }
.primary:not(:disabled):hover { filter: brightness(1.08); }
:disabled { cursor: not-allowed; opacity: 0.65; }
:focus-visible { outline: 3px solid var(--_stalwart-accent); outline-offset: 2px; }
.muted { color: var(--_stalwart-muted); }
.box { display: grid; gap: calc(var(--_stalwart-gap) / 2); padding: var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line); border-radius: var(--_stalwart-radius); }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; } }
`;
