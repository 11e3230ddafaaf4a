export default `
:host([inert]) .card > :not(.decided), :host([inert]) ::slotted(*) { opacity: 0.6; }
:host([inert]) .card { border-left-color: var(--_stalwart-line); box-shadow: none; }
.decided { padding: calc(var(--_stalwart-gap) / 2) 0 0 1.2em; text-indent: -1.2em; border-top: 1px solid var(--_stalwart-line);
  font-weight: 700; }
.decided::before { content: "✓ "; color: var(--_stalwart-accent); }
.card { gap: var(--_stalwart-gap); padding: calc(var(--_stalwart-gap) * 1.25); border-left: 4px solid var(--_stalwart-accent);
  border-radius: calc(var(--_stalwart-radius) * 1.5); box-shadow: 0 1px 3px color-mix(in srgb, var(--_stalwart-fg) 14%, transparent); }
.card--irreversible, .confirm--outcome_unknown, .confirm--saga_stuck { border-left-color: var(--_stalwart-warn); }
.wording { font-size: 1.25rem; font-weight: 700; line-height: 1.3; overflow-wrap: anywhere; }
.turn { color: var(--_stalwart-muted); font-size: 0.875rem; font-style: italic; }
section { display: grid; gap: 0.35em; }
@media (max-width: 480px) { .card { gap: calc(var(--_stalwart-gap) * 0.75); padding: var(--_stalwart-gap); } }
h4 { color: var(--_stalwart-muted); font-size: 0.8125rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; }
dl { display: grid; grid-template-columns: minmax(5.5em, max-content) 1fr; gap: 0.3em var(--_stalwart-gap); align-items: baseline; }
dt { color: var(--_stalwart-muted); }
dd { overflow-wrap: anywhere; }
.value { font-weight: 700; font-variant-numeric: tabular-nums; }
.value--number { font-size: 1.125rem; }
.value--id { white-space: nowrap; padding: 0.05em 0.4em; border-radius: calc(var(--_stalwart-radius) / 2); font-family: ui-monospace, monospace;
  font-size: 0.9375rem; background: color-mix(in srgb, var(--_stalwart-accent) 12%, var(--_stalwart-bg)); }
.from-model { padding-block: 0.15em; background: color-mix(in srgb, var(--_stalwart-warn) 14%, var(--_stalwart-bg)); }
dt.from-model { padding-inline-start: 0.4em; border-inline-start: 3px solid var(--_stalwart-warn); }
dd.from-model .origin { color: var(--_stalwart-fg); font-weight: 700; }
.by-model { justify-self: start; padding-inline: 0.5em; border-inline-start: 3px solid var(--_stalwart-warn); font-size: 0.875rem;
  font-weight: 700; }
.differs { color: var(--_stalwart-warn); font-size: 0.875rem; font-weight: 700; }
.facts-note, .preview-note { color: var(--_stalwart-muted); font-size: 0.875rem; }
.before { color: var(--_stalwart-muted); }
.arrow { padding-inline: 0.15em; color: var(--_stalwart-accent); font-weight: 700; }
.origin, .expires { color: var(--_stalwart-muted); font-size: 0.8125rem; }
[part=reasons] ul { display: grid; gap: 0.2em; }
.irreversible { padding: calc(var(--_stalwart-gap) / 2) var(--_stalwart-gap); border-radius: var(--_stalwart-radius); font-weight: 700;
  color: var(--_stalwart-warn); background: color-mix(in srgb, var(--_stalwart-warn) 10%, var(--_stalwart-bg));
  border: 1px solid var(--_stalwart-warn); }
.irreversible::before { content: "⚠ "; }
.confirm--outcome_unknown .wording, .confirm--saga_stuck .wording { color: var(--_stalwart-fg); }
[part=choices] { display: flex; flex-wrap: wrap; gap: calc(var(--_stalwart-gap) / 2); padding-top: calc(var(--_stalwart-gap) / 2); }
[part=choices] button { flex: 1 1 auto; }
.danger { border-color: var(--_stalwart-bad); background: var(--_stalwart-bad); color: var(--_stalwart-bg); }
.danger::before { content: "⚠ "; }
input { flex: 1 1 12em; }
[part=edit], .fields { display: grid; gap: calc(var(--_stalwart-gap) / 2); }
[part=edit] label { display: grid; gap: 0.2em; color: var(--_stalwart-muted); }
[part=edit] input[type=checkbox] { inline-size: 2.75rem; block-size: 2.75rem; margin: 0; }
.actions { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
.actions button { flex: 1 1 auto; }
.chosen { outline: 3px solid var(--_stalwart-accent); outline-offset: 2px; }
.whole { white-space: nowrap; }
`;
