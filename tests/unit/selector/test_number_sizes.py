"""A number of any size or form is read exactly or not at all: never changed, never an error."""

from __future__ import annotations

import tempfile
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalwart_agents.desk import Desk
from stalwart_agents.selector import Selector, Vocabulary

from .helpers import TODAY, calls

HUGE = "100000000000000000000000000000"
# A float holds any number of this many digits exactly, and a browser's number does too.
MAX_DIGITS = 15

# One tool with a slot of every type, each after a word of its own.
EVERY_SLOT = """\
tools:
  book:
    slots:
      count: number
      amount: money
      ref: identifier
      size: {type: one_of, values: {small: {en: [small], pt-BR: [pequeno]}}}
      day: date
      note: text
    phrases:
      en:
        - book count {count}
        - book amount {amount}
        - book ref {ref}
        - book size {size}
        - book day {day}
        - book note {note}
      pt-BR:
        - reservar contagem {count}
        - reservar valor {amount}
        - reservar ref {ref}
        - reservar tamanho {size}
        - reservar dia {day}
        - reservar nota {note}
"""
LEADS = {
    "en": ["book count", "book amount", "book ref", "book size", "book day", "book note"],
    "pt-BR": [
        "reservar contagem",
        "reservar valor",
        "reservar ref",
        "reservar tamanho",
        "reservar dia",
        "reservar nota",
    ],
}


def _every_slot() -> Selector:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "vocabulary.yaml"
        path.write_text(EVERY_SLOT, encoding="utf-8")
        tools = {"book": ["count", "amount", "ref", "size", "day", "note"]}
        return Selector(Vocabulary.load(path, tools), today=lambda: TODAY)


EVERY = _every_slot()


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (f"charge {HUGE} to order 4411", "en"),
        (f"charge ${HUGE} to order 4411", "en"),
        (f"cobrar {HUGE} do pedido 4411", "pt-BR"),
        (f"cobrar R$ {HUGE},00 do pedido 4411", "pt-BR"),
        (f"estorne {HUGE} da cobrança ch-4411", "pt-BR"),
        ("charge $999999999999999 and 99 cents to order 4411", "en"),
        ("cobrar R$ 999999999999999 e 99 centavos do pedido 4411", "pt-BR"),
        ("charge 9999999999999999 to order 4411", "en"),
    ],
)
def test_an_amount_too_long_to_hold_exactly_is_not_read(
    shop: Selector, text: str, language: str
) -> None:
    for _tool, args in calls(shop.plan(text, language)):
        assert "amount" not in args


async def test_a_turn_with_an_amount_too_long_to_hold_gets_a_reply(desk: Desk) -> None:
    reply = await desk.turn("t-1", f"charge {HUGE} to order 4411", language="en")
    assert reply.reply
    assert all(a.name != "amount" or a.value != 0 for w in reply.waiting for a in w.arguments)


def _digits(size: int) -> st.SearchStrategy[str]:
    return st.text("0123456789", min_size=size, max_size=size)


# Numbers as people and machines write them: any length, signs, decimals of any length,
# thousands marks of either locale, exponents, currency signs and words around them.
NUMBERS = st.one_of(
    st.integers(min_value=0, max_value=10**80).map(str),
    st.builds(
        lambda whole, mark, fraction: f"{whole}{mark}{fraction}",
        st.integers(min_value=0, max_value=10**40).map(str),
        st.sampled_from([".", ","]),
        st.integers(min_value=0, max_value=12).flatmap(_digits),
    ),
    st.integers(min_value=0, max_value=10**40).map(lambda n: f"{n:,}"),
    st.integers(min_value=0, max_value=10**40).map(lambda n: f"{n:,}".replace(",", ".")),
    st.builds(
        lambda sign, body: f"{sign}{body}",
        st.sampled_from(["-", "+", "−", "$", "R$ ", "US$", "-$"]),  # noqa: RUF001
        st.integers(min_value=0, max_value=10**40).map(str),
    ),
    st.builds(
        lambda mantissa, exponent: f"{mantissa}e{exponent}",
        st.integers(min_value=1, max_value=999),
        st.integers(min_value=-400, max_value=400),
    ),
    st.builds(
        lambda body, word: f"{body} {word}",
        st.integers(min_value=0, max_value=10**40).map(str),
        st.sampled_from(["dollars", "reais", "cents", "centavos", "conto"]),
    ),
)


@settings(max_examples=600, deadline=None)
@given(
    st.sampled_from(["en", "pt-BR"]),
    st.integers(min_value=0, max_value=5),
    NUMBERS,
    st.sampled_from(["", " to order 4411", ", please", " e 50 centavos"]),
)
def test_any_number_in_any_slot_is_read_exactly_or_not_at_all(
    language: str, slot: int, number: str, after: str
) -> None:
    text = f"{LEADS[language][slot]} {number}{after}"
    plan = EVERY.plan(text, language)
    for call in plan.calls:
        for name, value in call.args.items():
            if name not in ("count", "amount"):
                continue
            read = Decimal(repr(value.value))
            assert read >= 0, text
            assert len(read.normalize().as_tuple().digits) <= MAX_DIGITS, text
            if number.isdigit() and not after:
                assert read == int(number), text
