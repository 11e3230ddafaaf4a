export default `
:host([inert]) { opacity: 0.7; }
.box { gap: var(--_stalwart-gap); }
.turn { font-style: italic; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 var(--_stalwart-gap); }
.wording, dt, .irreversible { font-weight: 600; }
dd { overflow-wrap: anywhere; }
.origin, .expires { color: var(--_stalwart-muted); font-size: 0.9em; }
.irreversible, .confirm--outcome_unknown .wording, .confirm--saga_stuck .wording { color: var(--_stalwart-warn); }
[part=choices] { display: flex; flex-wrap: wrap; gap: calc(var(--_stalwart-gap) / 2); }
input { flex: 1 1 12em; }
.chosen { outline: 2px solid var(--_stalwart-accent); }
`;
