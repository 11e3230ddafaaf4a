"""The check: the first matching refuse rule, else confirm with all reasons in order, else run."""

from __future__ import annotations

from pathlib import Path

import pytest

from stalwart_agents.check import Action, Check, taint_sources
from stalwart_agents.config import AgentFile, RefuseRule
from stalwart_agents.loading import load_agent_file
from stalwart_agents.plan import Value

SHOP = Path(__file__).parents[1] / "fixtures" / "agents" / "shop.yaml"


@pytest.fixture(scope="module")
def spec() -> AgentFile:
    return load_agent_file(SHOP)


def typed(**values: object) -> dict[str, Value]:
    return {name: Value(value=value, origin="typed") for name, value in values.items()}


def test_a_read_with_typed_arguments_runs(spec: AgentFile) -> None:
    assert Check(spec)("find_order", typed(order_id="1"), {}, {}).action == Action.RUN


def test_every_write_asks_first(spec: AgentFile) -> None:
    outcome = Check(spec)("cancel_order", typed(order_id="1"), {}, {})
    assert (outcome.action, outcome.reasons) == (Action.CONFIRM, ("write",))


def test_the_first_matching_refuse_rule_wins_over_any_confirm(spec: AgentFile) -> None:
    outcome = Check(spec)("charge_card", typed(amount=5000, order_id="1"), {}, {})
    assert outcome.action == Action.REFUSE
    assert outcome.rule is not None and outcome.rule.id == "charge-limit"


def test_an_origin_the_argument_does_not_take_asks_by_name(spec: AgentFile) -> None:
    args = {"order_id": Value(value="1", origin="agent")}
    outcome = Check(spec)("find_order", args, {}, {})
    assert outcome.reasons == ("argument_origin: order_id",)


def test_a_result_origin_counts_as_result(spec: AgentFile) -> None:
    args = {"order_id": Value(value="1", origin="result:3")}
    assert Check(spec)("find_order", args, {}, {}).action == Action.RUN


def test_a_refuse_rule_reads_each_arguments_origin(spec: AgentFile) -> None:
    rule = RefuseRule.model_validate(
        {
            "id": "typed-amounts",
            "when": "tool == 'charge_card' and origins.get('amount') != 'typed'",
            "sentence": "I charge only an amount you typed.",
        }
    )
    rules = spec.rules.model_copy(update={"refuse": (rule,)})
    check = Check(spec.model_copy(update={"rules": rules}))
    guessed = {**typed(order_id="1"), "amount": Value(value=5, origin="model")}
    refused = check("charge_card", guessed, {}, {})
    assert (refused.action, refused.rule) == (Action.REFUSE, rule)
    assert check("charge_card", typed(amount=5, order_id="1"), {}, {}).action == Action.CONFIRM


def test_reasons_follow_the_designs_order(spec: AgentFile) -> None:
    args = {
        "amount": Value(value=600, origin="model"),
        "order_id": Value(value="1", origin="result:0"),
    }
    outcome = Check(spec)("charge_card", args, {}, {0: "read_inbox"})
    assert outcome.reasons == (
        "write",
        "argument_origin: amount",
        "tainted_call: untrusted:read_inbox",
        "large_amount",
    )


def test_a_write_after_an_untrusted_read_is_tainted_even_without_its_data() -> None:
    assert taint_sources(True, typed(to="x"), {0: "read_inbox", 2: "read_inbox"}) == ["read_inbox"]


def test_a_read_is_tainted_only_by_the_data_it_carries() -> None:
    assert taint_sources(False, typed(q="x"), {0: "read_inbox"}) == []
    carried = {"q": Value(value="x", origin="result:0")}
    assert taint_sources(False, carried, {0: "read_inbox"}) == ["read_inbox"]
