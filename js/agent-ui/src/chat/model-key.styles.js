export default `
.model-key { display: grid; gap: calc(var(--_stalwart-gap) / 2); padding: var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-accent); border-radius: var(--_stalwart-radius);
  background: color-mix(in srgb, var(--_stalwart-accent) 7%, var(--_stalwart-bg)); }
.model-key h3 { font-size: 1.125rem; font-weight: 700; line-height: 1.3; }
.model-key p { font-size: 0.875rem; overflow-wrap: anywhere; }
.model-key form { display: flex; flex-wrap: wrap; align-items: end; gap: calc(var(--_stalwart-gap) / 2); }
.model-key label { flex: 3 1 14em; display: grid; gap: 0.2em; font-weight: 600; }
.model-key input { width: 100%; font-family: ui-monospace, monospace; }
.model-key button { flex: 1 0 auto; }
.delegate-reader { color: var(--_stalwart-muted); font-size: 0.875rem; overflow-wrap: anywhere; }
.model-key-owner { font-weight: 600; }
.model-key-status:empty { display: none; }
.model-key-status { font-weight: 600; }
.model-key-status[data-result=failed] { color: var(--_stalwart-bad); }
`;
