"""Every error the product raises, in one documented hierarchy.

StalwartError
├── ConfigError           a bad agent.yaml; names the file, the line and the key
├── InterruptStale        an answer to a pause that is not open, or with the wrong token (409)
├── InvalidRequest        a request the desk cannot take as given (422)
│   └── InvalidAnswer     a decision the pause does not take, or a value of the wrong type
├── NotFound              no such thread, pause or message (404)
├── Forbidden             not allowed from this session (403)
├── StoreError            the run store failed or was misused
│   ├── LeaseLost         another worker took the run over; this one must stop advancing it
│   ├── RunConflict       a new run found its thread's run still going forward
│   └── _Ended            store.sqlite: a write ended a batch's transaction (internal, never leaves)
├── StepError             raised into a step's `await run.call(...)`
│   ├── CallSkipped       the person skipped the call, or a call it needed
│   ├── CallRefused       a refusal rule matched the call
│   └── ToolFailed        the tool raised
└── ToolSignal            raised by a tool to tell the run something
    ├── OutcomeUnknown    the tool sent a write and does not know whether it took effect
    └── Ask               the tool needs an answer from the person before it can go on

Defined beside the code that raises them, and StalwartErrors as well (a ValueError or
LookupError too where marked, so code written before they joined the tree still catches them):

StalwartError
├── NonDeterministicStep  engine: a step's replay made another call than its journal holds
├── ScaffoldError         scaffold: `stalwart init` cannot write the new agent's folder
├── ExpressionError       rules: an agent.yaml expression that does not parse or run (ValueError)
├── UnsupportedLanguage   language: a language tag the selector does not read (ValueError)
├── VocabularyError       selector: a vocabulary file that cannot be read (ValueError)
├── PhraseError           selector: a phrase of the vocabulary that cannot be read (ValueError)
├── SynonymError          selector: a synonym that would hide what a phrase reads (ValueError)
├── YamlError             selector: vocabulary text that is not YAML, or repeats a key (ValueError)
├── BadTemplate           wording: a template in agent.yaml with a bad placeholder (ValueError)
├── OutOfRange            tools: a number past ±SAFE_INTEGER, which JSON cannot hold (ValueError)
├── ServerUnavailable     mcp: an MCP server that could not be started or reached
├── UnknownVariable       mcp: a server header names an unset environment variable (LookupError)
├── ToolError             mcp: a server's tool answered with an error, or cannot take the call
├── ModelError            model: the model could not propose calls
│   ├── ModelUnauthorized, ModelTimeout, ModelUnavailable (ModelRateLimited), ModelRejected
│   ├── ModelMalformed (ModelUnknownTool, ModelWrongArgument)
├── SignatureError        webhook: a Stalwart-Signature header that does not verify (ValueError)
│   ├── MalformedSignature, SignatureExpired, SignatureMismatch
├── WebhookError          webhook: a pause could not be posted to the receiver
├── ProblemError          serve: an HTTP answer with a code of the spec and a sentence
├── PairingError          serve: a --dev-pair code that does not pair
│   ├── PairingWrong, PairingExpired, PairingUsed, PairingThrottled
├── FollowError           serve: a bot saved in the console that --follows cannot apply
└── ListenError           serve: --host and --port name an address it cannot listen on

Not an error: `Suspend` (engine) is a BaseException that parks a step while it waits, as
GeneratorExit does; nothing outside the engine sees it.

`code` is the spec's machine code for the errors an HTTP layer answers with.
"""

from __future__ import annotations

from typing import ClassVar

from stalwart_agents._generated.enums import ArgumentType, ErrorCode, Kind

__all__ = [
    "Ask",
    "CallRefused",
    "CallSkipped",
    "ConfigError",
    "Forbidden",
    "InterruptStale",
    "InvalidAnswer",
    "InvalidRequest",
    "LeaseLost",
    "NotFound",
    "OutcomeUnknown",
    "RunConflict",
    "StalwartError",
    "StepError",
    "StoreError",
    "ToolFailed",
    "ToolSignal",
]


class StalwartError(Exception):
    """The base of every error the product raises, so callers can catch them all at once."""

    code: str | None = None


class ConfigError(StalwartError):
    """A bad agent file: nothing starts until it is fixed."""

    code = ErrorCode.INVALID_REQUEST

    def __init__(
        self, file: str, line: int | None, key: str | None, problem: str, fix: str | None = None
    ) -> None:
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
        # What a person does about it, which `stalwart serve` and `stalwart check` print below.
        self.fix = fix
        where = file if line is None else f"{file}, line {line}"
        if key:
            where = f"{where}, at {key}"
        super().__init__(f"{where}: {problem}")


class InterruptStale(StalwartError):
    """A futile answer: the pause is closed, answered or unknown, or the token is wrong."""

    code = ErrorCode.INTERRUPT_STALE

    def __init__(self, interrupt_id: str | None, why: str) -> None:
        self.interrupt_id = interrupt_id
        self.why = why
        if interrupt_id is None:
            super().__init__(f"No pause can take this answer: {why}")
        else:
            super().__init__(f"The pause {interrupt_id!r} cannot take this answer: {why}")


class InvalidRequest(StalwartError):
    """A request that cannot be taken as given: a bad thread id, a context that is not JSON."""

    code = ErrorCode.INVALID_REQUEST


class InvalidAnswer(InvalidRequest):
    """An answer the pause does not take; the pause stays open."""


class NotFound(StalwartError):
    """Something the caller named does not exist."""

    code = ErrorCode.NOT_FOUND


class Forbidden(StalwartError):
    """The caller may not do this from where it is."""

    code = ErrorCode.FORBIDDEN


class StoreError(StalwartError):
    """The run store failed or was used in a way it does not allow."""


class LeaseLost(StoreError):
    """Another worker holds the run now, so this worker's changes would overwrite its work."""

    def __init__(self, run: str) -> None:
        self.run = run
        super().__init__(
            f"The run {run!r} is held by another worker now; this worker stopped advancing it."
        )


class RunConflict(StoreError):
    """A new run's thread has a run going forward: the new turn is a correction of it."""

    def __init__(self, thread: str, active: str) -> None:
        self.thread = thread
        self.active = active
        super().__init__(f"The thread {thread!r} has a run going forward: {active!r}.")


class StepError(StalwartError):
    """Raised into a step at `await run.call(...)`, so team-written steps can react to it."""

    def __init__(self, step: int, tool: str, message: str) -> None:
        self.step = step
        self.tool = tool
        super().__init__(message)


class CallSkipped(StepError):
    """The call did not run: the person skipped it, or it needed a skipped call's result."""

    def __init__(self, step: int, tool: str, because: str | None = None) -> None:
        self.because = because
        why = f" because it needs the result of {because}, which was skipped" if because else ""
        super().__init__(step, tool, f"The call {tool} (step {step}) was skipped{why}.")


class CallRefused(StepError):
    """A refusal rule matched the call, so it did not run."""

    def __init__(self, step: int, tool: str, sentence: str) -> None:
        self.sentence = sentence
        super().__init__(step, tool, f"The call {tool} (step {step}) was refused: {sentence}")


class ToolFailed(StepError):
    """The tool raised; its error is kept in the journal and the run's saga undoes what it did."""

    def __init__(self, step: int, tool: str, error: str) -> None:
        self.error = error
        super().__init__(step, tool, f"The call {tool} (step {step}) failed: {error}")


class ToolSignal(StalwartError):
    """What a tool raises to tell the run something other than a failure."""

    kind: ClassVar[Kind]
    """The pause it makes: one the spec lets an agent raise (its x-agent-raises)."""


class OutcomeUnknown(ToolSignal):
    """A write was sent and its outcome is unknown (a timeout, a lost connection)."""

    kind = Kind.OUTCOME_UNKNOWN

    def __init__(self, message: str = "The outcome of the call is unknown.") -> None:
        super().__init__(message)


class Ask(ToolSignal):
    """The tool needs an answer from the person; it fills `argument` and the call runs again."""

    kind = Kind.ASK

    def __init__(self, argument: str, question: str, type: str = ArgumentType.STRING) -> None:
        self.argument = argument
        self.question = question
        self.type = type
        super().__init__(question)
