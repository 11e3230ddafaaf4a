import shared from "../internal/shared.styles.js";

export default `${shared}
.decision {
  display: grid;
  gap: calc(var(--_stalwart-gap) / 2);
  padding: var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-bad);
  border-radius: var(--_stalwart-radius);
}
.refused { color: var(--_stalwart-bad); font-weight: 600; }
.rule summary { color: var(--_stalwart-accent); cursor: pointer; width: max-content; }
.contact { color: var(--_stalwart-muted); }
`;
