/** The look every element shares, under its own styles. */
export default `
:host { display: block; color: var(--_stalwart-fg); background: var(--_stalwart-bg); font-family: var(--_stalwart-font);
  line-height: 1.45; }
:host([hidden]), [hidden] { display: none !important; }
* { box-sizing: border-box; }
p, ul, ol, dl, dd, h3, h4 { margin: 0; font-size: 1em; }
ul, ol { padding-left: 1.2em; }
a { color: var(--_stalwart-accent); }
button, input, textarea { min-height: 2.5em; padding: 0 var(--_stalwart-gap); border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius); background: var(--_stalwart-bg); color: inherit; font: inherit; }
button, summary { cursor: pointer; }
summary { width: max-content; }
.primary, [aria-pressed="true"] { border-color: var(--_stalwart-accent); background: var(--_stalwart-accent);
  color: var(--_stalwart-accent-fg); }
:disabled { cursor: not-allowed; opacity: 0.65; }
:focus-visible { outline: 2px solid var(--_stalwart-accent); outline-offset: 2px; }
.muted { color: var(--_stalwart-muted); }
.box { display: grid; gap: calc(var(--_stalwart-gap) / 2); padding: var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line); border-radius: var(--_stalwart-radius); }
`;
