import shared from "../internal/shared.styles.js";

export default `${shared}
.trace summary { color: var(--_stalwart-muted); cursor: pointer; width: max-content; }
.trace ol { padding-left: 1.2em; margin-top: calc(var(--_stalwart-gap) / 2); }
.trace li { color: var(--_stalwart-muted); }
.step { color: var(--_stalwart-fg); font-weight: 600; }
.refusal, .undo { color: var(--_stalwart-bad); }
`;
