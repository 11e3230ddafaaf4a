export default `
summary { font-size: 0.875rem; }
.story { max-height: min(40vh, 24rem); overflow-y: auto; padding-bottom: var(--_stalwart-gap); overscroll-behavior: contain; }
.runs, .steps { display: grid; gap: calc(var(--_stalwart-gap) / 2); padding: 0; list-style: none; }
.run { display: grid; gap: 0.35em; padding-left: var(--_stalwart-gap); border-left: 2px solid var(--_stalwart-line);
  font-size: 0.875rem; }
.turn { font-weight: 600; }
.number { font-size: 0.8125rem; font-weight: 700; color: var(--_stalwart-accent); }
.call { font-weight: 600; }
.happened { color: var(--_stalwart-muted); padding-left: 1em; }
.happened::before { content: "→ "; }
.whole { white-space: nowrap; }
`;
