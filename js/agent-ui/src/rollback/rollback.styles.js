import shared from "../internal/shared.styles.js";

export default `${shared}
.rollback {
  display: grid;
  gap: calc(var(--_stalwart-gap) / 2);
  padding: var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius);
}
.title { font-weight: 600; }
.rollback ul { padding-left: 1.2em; }
.not-undoable { color: var(--_stalwart-bad); }
.stuck { color: var(--_stalwart-warn); }
`;
