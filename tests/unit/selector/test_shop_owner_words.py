"""The words a shop owner uses for each tool, and the words that only hurry a request."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector, Vocabulary, VocabularyError

from .conftest import WriteVocabulary
from .helpers import calls

CHARGE = ("charge_card", {"amount": 40, "order_id": "4411"})
CANCEL = ("cancel_order", {"order_id": "4411"})
REOPEN = ("reopen_order", {"order_id": "4411"})
INBOX = ("read_inbox", {})
FIND = ("find_order", {"order_id": "4411"})

ENGLISH = [
    ("run the card for $40 on order 4411", CHARGE),
    ("hit the card for 40 on order 4411", CHARGE),
    ("put 40 on order 4411", CHARGE),
    ("ring up 40 on 4411", CHARGE),
    ("bill 40 to order 4411", CHARGE),
    ("run 40 on the card for order 4411", CHARGE),
    ("process a payment of 40 for order 4411", CHARGE),
    ("I need 40 charged to order 4411", CHARGE),
    ("take 40 from order 4411", CHARGE),
    ("debit 40 from order 4411", CHARGE),
    ("charge them 40 for order 4411", CHARGE),
    ("can you run a $40 charge on order 4411", CHARGE),
    ("kill order 4411", CANCEL),
    ("call off order 4411", CANCEL),
    ("call order 4411 off", CANCEL),
    ("scrap order 4411", CANCEL),
    ("nix order 4411", CANCEL),
    ("I need order 4411 cancelled", CANCEL),
    ("order 4411 needs to be canceled", CANCEL),
    ("I'd like order 4411 cancelled", CANCEL),
    ("undo the cancel on order 4411", REOPEN),
    ("undo the cancellation of order 4411", REOPEN),
    ("restore order 4411", REOPEN),
    ("bring back order 4411", REOPEN),
    ("re-open order 4411", REOPEN),
    ("open order 4411 back up", REOPEN),
    ("reactivate 4411", REOPEN),
    ("check mail", INBOX),
    ("check my messages", INBOX),
    ("what came in?", INBOX),
    ("did anything come in?", INBOX),
    ("go through the e-mails", INBOX),
    ("did anyone write?", INBOX),
    ("got any mail?", INBOX),
    ("check if we got new mail", INBOX),
    ("show my unread emails", INBOX),
    ("inbox, please", INBOX),
    ("pull up order 4411", FIND),
    ("check on order 4411", FIND),
    ("look at 4411", FIND),
    ("what's up with order 4411?", FIND),
    ("any news on order 4411?", FIND),
    ("how's order 4411 doing?", FIND),
    ("info about order 4411", FIND),
    ("where's 4411?", FIND),
]

PORTUGUESE = [
    ("manda cobrar 40 reais do pedido 4411", CHARGE),
    ("passa 40 no cartão pelo pedido 4411", CHARGE),
    ("passa o cartão de 40 reais no pedido 4411", CHARGE),
    ("cobra 40 no cartão do pedido 4411", CHARGE),
    ("cobra o pedido 4411 em 40 reais", CHARGE),
    ("lança 40 do 4411", CHARGE),
    ("coloca 40 reais no cartão do pedido 4411", CHARGE),
    ("quero que o pedido 4411 seja cancelado", CANCEL),
    ("o pedido 4411, quero que seja cancelado", CANCEL),
    ("o pedido 4411 precisa ser cancelado", CANCEL),
    ("quero o pedido 4411 cancelado", CANCEL),
    ("manda cancelar o pedido 4411", CANCEL),
    ("anula o 4411", CANCEL),
    ("faz o cancelamento do pedido 4411", CANCEL),
    ("reabrir o pedido 4411", REOPEN),
    ("reativar o pedido 4411", REOPEN),
    ("desfaz o cancelamento do pedido 4411", REOPEN),
    ("descancela o pedido 4411", REOPEN),
    ("confere os e-mails", INBOX),
    ("chegou mensagem?", INBOX),
    ("chegou alguma coisa?", INBOX),
    ("o que chegou?", INBOX),
    ("dá uma olhada nos e-mails", INBOX),
    ("alguém mandou mensagem?", INBOX),
    ("recebemos algum email novo?", INBOX),
    ("quais e-mails chegaram?", INBOX),
    ("caixa de entrada, por favor", INBOX),
    ("verifica se chegou email", INBOX),
    ("como está o pedido 4411?", FIND),
    ("puxa o pedido 4411", FIND),
    ("confere o pedido 4411", FIND),
    ("qual o andamento do pedido 4411?", FIND),
    ("alguma novidade do pedido 4411?", FIND),
    ("informações do pedido 4411", FIND),
]


@pytest.mark.parametrize(("text", "expected"), ENGLISH)
def test_a_shop_owners_english_words_read_as_their_tool(
    shop: Selector, text: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, "en")) == [expected]


@pytest.mark.parametrize(("text", "expected"), PORTUGUESE)
def test_a_shop_owners_portuguese_words_read_as_their_tool(
    shop: Selector, text: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, "pt-BR")) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("is order 4411 cancelled?", "en"),
        ("has order 4411 been cancelled?", "en"),
        ("o pedido 4411 foi cancelado?", "pt-BR"),
        ("o pedido 4411 está cancelado?", "pt-BR"),
    ],
)
def test_asking_whether_an_order_is_cancelled_finds_it_and_cancels_nothing(
    shop: Selector, text: str, language: str
) -> None:
    assert calls(shop.plan(text, language)) == [FIND]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("charge 40 to order 4411 real quick", "en", CHARGE),
        ("cancel order 4411 asap please", "en", CANCEL),
        ("pull up order 4411 for me today", "en", FIND),
        ("please check my email right away", "en", INBOX),
        ("urgent: cancel order 4411", "en", CANCEL),
        ("btw cancel order 4411", "en", CANCEL),
        ("cancela já o pedido 4411", "pt-BR", CANCEL),
        ("cancela o pedido 4411 urgente", "pt-BR", CANCEL),
        ("busca o pedido 4411 pra mim", "pt-BR", FIND),
        ("cobra 40 reais do pedido 4411 hoje", "pt-BR", CHARGE),
        ("confere os e-mails rapidinho, por favor", "pt-BR", INBOX),
    ],
)
def test_words_that_only_hurry_a_request_are_skipped(
    shop: Selector, text: str, language: str, expected: tuple[str, dict[str, object]]
) -> None:
    assert calls(shop.plan(text, language)) == [expected]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't cancel order 4411 real quick", "en"),
        ("cancel order 4411 not today", "en"),
        ("no need to check mail asap", "en"),
        ("charge -40 to order 4411 asap", "en"),
        ("não cancela o pedido 4411 urgente", "pt-BR"),
        ("cancela o pedido 4411 hoje não", "pt-BR"),
        ("sem cobrar 40 no 4411 hoje", "pt-BR"),
    ],
)
def test_a_negation_or_a_signed_number_beside_a_hurrying_word_is_never_a_plan(
    shop: Selector, text: str, language: str
) -> None:
    assert shop.plan(text, language).unread


@pytest.mark.parametrize(
    ("filler", "problem"),
    [("never", "a negation"), ("nope", "a negation"), ("forty", "a number"), ("40", "a number")],
)
def test_a_filler_that_is_a_negation_or_a_number_is_refused_at_load(
    write_vocabulary: WriteVocabulary, filler: str, problem: str
) -> None:
    path = write_vocabulary(
        f"""
        fillers:
          en: [quick, "{filler}"]
        tools:
          find_order:
            slots: {{order_id: identifier}}
            phrases:
              en: ["find order {{order_id}}"]
        """
    )

    with pytest.raises(VocabularyError) as caught:
        Vocabulary.load(path, {"find_order": ["order_id"]})

    message = str(caught.value)
    assert f"{filler!r} is {problem}" in message
    assert "fillers.en" in message
