/** The rules every element shares; each colour and size is one of the theme's private properties. */
export default `
:host {
  display: block;
  box-sizing: border-box;
  color: var(--_stalwart-fg);
  background: var(--_stalwart-bg);
  font-family: var(--_stalwart-font);
  line-height: 1.45;
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: inherit; }
[hidden] { display: none !important; }
h2, h3, h4, p, ul, ol, dl, dd { margin: 0; }
h2, h3, h4 { font-size: 1em; }
a { color: var(--_stalwart-accent); }
button, input, textarea { font: inherit; color: inherit; }
button {
  min-height: 2.5em;
  padding: 0 var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius);
  background: var(--_stalwart-bg);
  cursor: pointer;
}
button.primary {
  border-color: var(--_stalwart-accent);
  background: var(--_stalwart-accent);
  color: var(--_stalwart-accent-fg);
}
button:disabled { cursor: not-allowed; opacity: 0.65; }
:focus-visible { outline: 2px solid var(--_stalwart-accent); outline-offset: 2px; }
.muted { color: var(--_stalwart-muted); }
.hidden-text {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
`;
