export default `
:host { height: 100%; }
.chat { display: flex; flex-direction: column; gap: var(--_stalwart-gap); height: 100%; min-height: 0; }
[part=header] { display: flex; flex-wrap: wrap; align-items: center; gap: 0 var(--_stalwart-gap);
  padding: calc(var(--_stalwart-gap) / 2) var(--_stalwart-gap) 0; }
[part=logo] { flex: none; display: grid; place-items: center; width: 2.25rem; height: 2.25rem; border-radius: 50%;
  background: var(--_stalwart-accent); color: var(--_stalwart-accent-fg); font-weight: 700; }
[part=name] { flex: 1 1 9rem; min-width: 0; font-size: 1.125rem; font-weight: 700; line-height: 1.3; }
[part=steps] { flex: none; max-width: 100%; background: none; }
[part=steps][data-open] { flex-basis: 100%; }
[part=log] { flex: 1 1 0; min-height: 8rem; display: flex; flex-direction: column; gap: var(--_stalwart-gap);
  padding: var(--_stalwart-gap); overflow-y: auto; overscroll-behavior: contain; border-block: 1px solid var(--_stalwart-line); }
[part=log] > * { flex: none; scroll-margin: var(--_stalwart-gap); }
.intro, .about, .reply, [part=can-group] ul { display: grid; gap: calc(var(--_stalwart-gap) / 2); }
.intro { padding-bottom: var(--_stalwart-gap); border-bottom: 1px solid var(--_stalwart-line); }
[part=greeting] { font-size: 1.125rem; }
[part=can-group] h3 { font-size: 0.8125rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase;
  color: var(--_stalwart-muted); }
[part=can-group] { margin-top: calc(var(--_stalwart-gap) / 2); }
[part=can-group] ul { padding: 0; list-style: none; }
[part=can] { display: grid; grid-template-columns: 1fr auto; align-items: center; gap: 0.25em var(--_stalwart-gap);
  padding: calc(var(--_stalwart-gap) / 2) 0; border-top: 1px solid var(--_stalwart-line); }
[part=can] > span:first-child, [part=asks-first] { grid-column: 1 / -1; }
[part=asks-first] { justify-self: start; }
[part=can] > q { grid-column: 1; }
[part=can] > button { grid-column: 2; }
[part=asks-first] { padding: 0 0.5em; border: 1px solid; border-radius: 999px; color: var(--_stalwart-warn);
  font-size: 0.8125rem; }
.example { color: var(--_stalwart-muted); }
[part=about], [part=privacy], [part=thumbs-notice] { font-size: 0.875rem; color: var(--_stalwart-muted); }
[part=about] { display: grid; gap: 0.25em; }
.turn, .reply { max-width: min(85%, 36rem); padding: calc(var(--_stalwart-gap) * 0.75) var(--_stalwart-gap);
  border-radius: calc(var(--_stalwart-radius) * 1.5); overflow-wrap: anywhere; white-space: pre-wrap; }
.turn { align-self: flex-end; background: var(--_stalwart-accent); color: var(--_stalwart-accent-fg);
  border-bottom-right-radius: calc(var(--_stalwart-radius) / 3); }
.reply { align-self: flex-start; border: 1px solid var(--_stalwart-line);
  background: color-mix(in srgb, var(--_stalwart-fg) 4%, var(--_stalwart-bg)); border-bottom-left-radius: calc(var(--_stalwart-radius) / 3); }
[part=composer] { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
.note { color: var(--_stalwart-muted); font-size: 0.875rem; }
.note.refused { color: var(--_stalwart-fg); padding-inline-start: calc(var(--_stalwart-gap) * 0.75);
  border-inline-start: 3px solid var(--_stalwart-warn); overflow-wrap: anywhere; }
.dock { flex: none; display: grid; gap: calc(var(--_stalwart-gap) / 2); margin-top: calc(var(--_stalwart-gap) * -0.5);
  padding: 0 var(--_stalwart-gap) var(--_stalwart-gap); }
.lines { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25em var(--_stalwart-gap); font-size: 0.875rem; }
.lines:not(:has(> :not([hidden]))) { display: none; }
[part=typing], [part=correcting] { color: var(--_stalwart-muted); }
[part=correcting] { font-size: 0.8125rem; }
[part=status]:empty { display: none; }
[part=status] { display: inline-flex; align-items: center; gap: 0.4em; padding: 0.15em 0.7em; border-radius: 999px;
  background: color-mix(in srgb, var(--_stalwart-warn) 16%, var(--_stalwart-bg)); color: var(--_stalwart-fg); font-weight: 600; }
[part=status]::before { content: ""; width: 0.55em; height: 0.55em; border-radius: 50%; background: var(--_stalwart-warn); }
[part=waiting-next] { border-radius: 999px; font-size: inherit; }
.error { color: var(--_stalwart-bad); font-size: 0.875rem; }
[part=error-detail] p { color: var(--_stalwart-fg); white-space: pre-wrap; }
textarea { flex: 1; min-width: 0; max-height: 8em; padding: calc(var(--_stalwart-gap) * 0.6) var(--_stalwart-gap); resize: none;
  line-height: 1.4; field-sizing: content; }
[part=composer] button { flex: none; }
.hidden-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
[part=phone] { flex: none; max-width: 100%; }
[part=phone][open] { flex-basis: 100%; }
[part=phone] > summary { font-size: 0.875rem; }
@media (max-width: 40rem) {
  .turn, .reply { max-width: 92%; }
}
`;
