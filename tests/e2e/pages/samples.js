/** Sample pauses and reports in the shapes of spec/openapi.yaml, one of each kind. */

const base = {
  thread: "u-17",
  run: "r-1",
  step: 0,
  tool: "charge_card",
  wording: null,
  arguments: [
    { name: "amount", value: 40, origin: "typed" },
    { name: "order_id", value: "4411", origin: "typed" },
    { name: "card", value: "visa-0019", origin: "context" },
    { name: "note", value: "paid late", origin: "result:0" },
  ],
  reasons: ["write", "argument_origin: amount"],
  irreversible: false,
};

export const pauses = {
  confirm: {
    ...base,
    id: "i-confirm",
    token: "t-confirm",
    kind: "confirm",
    choices: ["approve", "skip", "cancel_all"],
  },
  outcome_unknown: {
    ...base,
    id: "i-unknown",
    token: "t-unknown",
    kind: "outcome_unknown",
    choices: ["happened", "did_not_happen"],
    error: "The card network timed out after sending.",
  },
  saga_stuck: {
    ...base,
    id: "i-stuck",
    token: "t-stuck",
    kind: "saga_stuck",
    tool: "charge_card",
    choices: ["retry", "done_by_hand", "abandon"],
    pending: [
      {
        step: 0,
        tool: "charge_card",
        undo_tool: "refund_card",
        arguments: { charge_id: "ch-4411" },
        error: "refund service down",
      },
    ],
  },
  ask: {
    ...base,
    id: "i-ask",
    token: "t-ask",
    kind: "ask",
    arguments: [],
    reasons: [],
    choices: ["answer"],
    argument: "order_id",
    type: "integer",
    question: "Which order should I charge?",
  },
  delegate: {
    ...base,
    id: "i-delegate",
    token: "t-delegate",
    kind: "delegate",
    tool: null,
    arguments: [],
    reasons: [],
    choices: ["approve", "decline"],
    text: "make it cheaper somehow",
  },
};

export const irreversible = {
  ...base,
  id: "i-email",
  token: "t-email",
  kind: "confirm",
  tool: "send_email",
  wording: "Send the receipt to c-208?",
  arguments: [{ name: "to", value: "c-208", origin: "context" }],
  irreversible: true,
  choices: ["approve", "skip", "cancel_all"],
};

export const refusal = {
  tool: "cancel_order",
  sentence: "I can't cancel an order that has shipped.",
  rule: "no-cancel-after-shipping",
  contact: "help@shop.example",
};

export const rollback = {
  thread: "u-17",
  run: "r-1",
  undone: [
    {
      step: 1,
      tool: "charge_card",
      undo_tool: "refund_card",
      arguments: { charge_id: "ch-4411" },
      error: null,
    },
  ],
  not_undoable: [{ step: 2, tool: "send_email", undo_tool: null, arguments: { to: "c-208" }, error: null }],
  stuck: [
    {
      step: 0,
      tool: "cancel_order",
      undo_tool: "reopen_order",
      arguments: { order_id: "4411" },
      error: "timeout",
    },
  ],
  waiting: { ...pauses.saga_stuck, id: "i-rollback-stuck", token: "t-rollback-stuck", tool: "cancel_order" },
};

export const events = [
  {
    id: 1,
    thread: "u-17",
    run: "r-1",
    type: "turn",
    at: "2026-12-01T10:00:00Z",
    data: { text: "charge 40" },
  },
  {
    id: 2,
    thread: "u-17",
    run: "r-1",
    type: "check",
    at: "2026-12-01T10:00:01Z",
    data: { step: 0, tool: "charge_card", outcome: "confirm", reasons: ["write"] },
  },
  {
    id: 3,
    thread: "u-17",
    run: "r-1",
    type: "pause",
    at: "2026-12-01T10:00:02Z",
    data: { interrupt: pauses.confirm },
  },
];
