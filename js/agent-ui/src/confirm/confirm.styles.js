import shared from "../internal/shared.styles.js";

export default `${shared}
:host([inert]) { opacity: 0.7; }
.confirm {
  display: grid;
  gap: var(--_stalwart-gap);
  padding: var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius);
}
.wording { font-weight: 600; }
.turn { font-style: italic; }
.arguments dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 var(--_stalwart-gap); }
.arguments dt { font-weight: 600; }
.arguments dd { overflow-wrap: anywhere; }
.origin { color: var(--_stalwart-muted); font-size: 0.9em; }
.reasons ul, .pending { padding-left: 1.2em; }
.irreversible, .confirm--outcome_unknown .wording, .confirm--saga_stuck .wording { color: var(--_stalwart-warn); }
.irreversible { font-weight: 600; }
.choices { display: flex; flex-wrap: wrap; gap: calc(var(--_stalwart-gap) / 2); }
.choices input {
  flex: 1 1 12em;
  min-height: 2.5em;
  padding: 0 var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius);
  background: var(--_stalwart-bg);
}
.chosen { outline: 2px solid var(--_stalwart-accent); }
`;
