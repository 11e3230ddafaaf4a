export default `
.box { border-color: var(--_stalwart-bad); }
.refused { color: var(--_stalwart-bad); font-weight: 600; }
summary { color: var(--_stalwart-accent); }
`;
