import shared from "../internal/shared.styles.js";

export default `${shared}
.chat {
  display: flex;
  flex-direction: column;
  gap: var(--_stalwart-gap);
  height: 100%;
  padding: var(--_stalwart-gap);
}
.header {
  display: flex;
  align-items: center;
  gap: var(--_stalwart-gap);
  padding-bottom: var(--_stalwart-gap);
  border-bottom: 1px solid var(--_stalwart-line);
}
.logo {
  display: grid;
  place-items: center;
  width: 2.25em;
  height: 2.25em;
  border-radius: 50%;
  background: var(--_stalwart-accent);
  color: var(--_stalwart-accent-fg);
  font-weight: 700;
}
.name { font-weight: 700; font-size: 1.1em; flex: 1; }
.intro { display: grid; gap: calc(var(--_stalwart-gap) / 2); }
.intro summary { cursor: pointer; font-weight: 600; width: max-content; }
.can-group { margin-top: calc(var(--_stalwart-gap) / 2); }
.can-group ul { list-style: none; padding: 0; display: grid; gap: calc(var(--_stalwart-gap) / 2); }
.can { display: flex; flex-wrap: wrap; align-items: baseline; gap: calc(var(--_stalwart-gap) / 2); }
.asks-first {
  padding: 0 0.4em;
  border: 1px solid var(--_stalwart-warn);
  border-radius: var(--_stalwart-radius);
  color: var(--_stalwart-warn);
  font-size: 0.85em;
}
.example { color: var(--_stalwart-muted); }
.log {
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: var(--_stalwart-gap);
  min-height: 4em;
  overflow-y: auto;
}
.turn, .reply {
  max-width: 85%;
  padding: calc(var(--_stalwart-gap) / 2) var(--_stalwart-gap);
  border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius);
  overflow-wrap: anywhere;
  white-space: pre-wrap;
}
.turn { align-self: flex-end; }
.reply { align-self: flex-start; display: grid; gap: calc(var(--_stalwart-gap) / 2); }
.reply h4 { font-size: 0.9em; color: var(--_stalwart-muted); }
.reply ol, .reply ul { padding-left: 1.2em; white-space: normal; }
.citations a { margin-left: 0.2em; font-size: 0.85em; }
.image { max-width: 100%; height: auto; border-radius: var(--_stalwart-radius); }
.thumbs { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
.thumbs button { display: grid; place-items: center; min-height: 2em; padding: 0 0.5em; }
.thumb svg { width: 1.1em; height: 1.1em; fill: currentColor; }
.thumb--down svg { transform: rotate(180deg); }
.thumbs [aria-pressed="true"] {
  border-color: var(--_stalwart-accent);
  background: var(--_stalwart-accent);
  color: var(--_stalwart-accent-fg);
}
.note, .status, .typing, .correcting, .thumbs-notice, .privacy { color: var(--_stalwart-muted); font-size: 0.9em; }
.error { color: var(--_stalwart-bad); }
.error summary { cursor: pointer; }
.error-detail p { color: var(--_stalwart-fg); white-space: pre-wrap; }
.composer { display: flex; gap: calc(var(--_stalwart-gap) / 2); }
.composer textarea {
  flex: 1;
  min-height: 2.5em;
  padding: calc(var(--_stalwart-gap) / 2);
  border: 1px solid var(--_stalwart-line);
  border-radius: var(--_stalwart-radius);
  background: var(--_stalwart-bg);
  resize: vertical;
}
`;
