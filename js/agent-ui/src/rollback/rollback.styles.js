export default `
.title { font-weight: 600; }
.not-undoable { color: var(--_stalwart-bad); }
.stuck { color: var(--_stalwart-warn); }
.whole { white-space: nowrap; }
`;
