export default `
.chat { display: flex; flex-direction: column; gap: var(--_stalwart-gap); height: 100%; padding: var(--_stalwart-gap); }
[part=header] { display: flex; align-items: center; gap: var(--_stalwart-gap); padding-bottom: var(--_stalwart-gap);
  border-bottom: 1px solid var(--_stalwart-line); }
[part=logo] { display: grid; place-items: center; width: 2.25em; height: 2.25em; border-radius: 50%;
  background: var(--_stalwart-accent); color: var(--_stalwart-accent-fg); font-weight: 700; }
[part=name] { flex: 1; font-weight: 700; font-size: 1.1em; }
.intro, .reply, [part=can-group] ul { display: grid; gap: calc(var(--_stalwart-gap) / 2); }
.intro summary { font-weight: 600; }
[part=can-group] { margin-top: calc(var(--_stalwart-gap) / 2); }
[part=can-group] ul { padding: 0; list-style: none; }
[part=can] { display: flex; flex-wrap: wrap; align-items: baseline; gap: calc(var(--_stalwart-gap) / 2); }
[part=asks-first] { padding: 0 0.4em; border: 1px solid; border-radius: var(--_stalwart-radius); color: var(--_stalwart-warn);
  font-size: 0.85em; }
.example { color: var(--_stalwart-muted); }
[part=log] { flex: 1; display: flex; flex-direction: column; gap: var(--_stalwart-gap); min-height: 4em; overflow-y: auto; }
.turn, .reply { max-width: 85%; padding: calc(var(--_stalwart-gap) / 2) var(--_stalwart-gap); border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius); overflow-wrap: anywhere; white-space: pre-wrap; }
.turn { align-self: flex-end; }
.reply { align-self: flex-start; }
.reply ol, .reply ul { white-space: normal; }
[part=citations] a { margin-left: 0.2em; font-size: 0.85em; }
[part=image] { max-width: 100%; height: auto; border-radius: var(--_stalwart-radius); }
[part=thumbs], [part=composer] { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
[part=thumbs] button { display: grid; place-items: center; min-height: 2em; padding: 0 0.5em; }
svg { width: 1.1em; height: 1.1em; fill: currentColor; }
.thumb--down svg { transform: rotate(180deg); }
h4, .note, [part=status], [part=typing], [part=correcting], [part=thumbs-notice], [part=privacy] {
  color: var(--_stalwart-muted); font-size: 0.9em; }
.error { color: var(--_stalwart-bad); }
[part=error-detail] p { color: var(--_stalwart-fg); white-space: pre-wrap; }
textarea { flex: 1; padding: calc(var(--_stalwart-gap) / 2); resize: vertical; }
.hidden-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
