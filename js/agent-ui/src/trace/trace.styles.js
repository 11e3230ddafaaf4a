export default `
summary, li { color: var(--_stalwart-muted); }
ol { margin-top: calc(var(--_stalwart-gap) / 2); }
.step { color: var(--_stalwart-fg); font-weight: 600; }
.refusal, .undo { color: var(--_stalwart-bad); }
`;
