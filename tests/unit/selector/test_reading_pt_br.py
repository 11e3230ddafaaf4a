"""Brazilian Portuguese turns: phrase variety, fillers, optional accents, locale numbers."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Selector

from .conftest import LoadSelector
from .helpers import calls

CHARGE = [("charge_card", {"amount": 40, "order_id": "4411"})]


@pytest.mark.parametrize(
    "text",
    [
        "cobrar 40,00 do pedido 4411",
        "por favor, cobre R$ 40 do pedido 4411",
        "cobrar 40 reais no pedido nº 4411",
        "cobrar 40 reais no pedido n° 4411",
        "Poderia cobrar R$40,00 no pedido 4411?",
        "cobre 40 reais do pedido 4411 por favor",
        "COBRAR 40 DO PEDIDO 4411",
        "cobrar o pedido 4411 no valor de 40 reais",
        "debitar quarenta reais do pedido número 4411",
        "debitar quarenta reais do pedido numero 4411",
        "passar 40 no cartão para o pedido 4411",
        "passar 40 no cartao para o pedido 4411",
        "lança 40 reais no pedido 4411",
        "faz uma cobrança de R$ 40 no pedido 4411",
        "faz uma cobranca de R$ 40 no pedido 4411",
        "cobrar 40,00 ao pedido 4411",
        "cobrar do cliente R$ 40 pelo pedido 4411",
        "cobrar R$ 40,00 referente ao pedido 4411",
    ],
)
def test_a_charge_reads_however_it_is_put(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == CHARGE


@pytest.mark.parametrize(
    "text",
    [
        "buscar o pedido 4411",
        "me mostra o pedido 4411",
        "dá uma olhada no pedido 4411",
        "da uma olhada no pedido 4411",
        "cadê o pedido 4411?",
        "cade o pedido 4411",
        "onde está o pedido 4411",
        "onde esta o pedido 4411",
        "como está o pedido 4411?",
        "qual é o status do pedido 4411",
        "qual e o status do pedido 4411",
        "qual é a situação do pedido 4411",
        "qual e a situacao do pedido 4411",
        "pedido 4411",
    ],
)
def test_an_order_is_found_with_or_without_accents(shop: Selector, text: str) -> None:
    assert calls(shop.plan(text, "pt-BR")) == [("find_order", {"order_id": "4411"})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ler a caixa de entrada", [("read_inbox", {})]),
        ("lê os emails", [("read_inbox", {})]),
        ("le os e-mails", [("read_inbox", {})]),
        ("tem mensagens novas?", [("read_inbox", {})]),
        ("cancela o pedido 4411", [("cancel_order", {"order_id": "4411"})]),
        (
            "cancelar o pedido 4411 porque o cliente pediu",
            [("cancel_order", {"order_id": "4411", "reason": "o cliente pediu"})],
        ),
        (
            "devolve 40 reais da cobrança ch-4411",
            [("refund_card", {"amount": 40, "charge_id": "ch-4411"})],
        ),
        (
            "estorne R$ 12,50 da cobranca ch-4411",
            [("refund_card", {"amount": 12.5, "charge_id": "ch-4411"})],
        ),
        (
            "envia um e-mail pra maria@example.com com o assunto atraso e o texto desculpe",
            [
                (
                    "send_email",
                    {"to": "maria@example.com", "subject": "atraso", "body": "desculpe"},
                )
            ],
        ),
        (
            "manda um email pro maria@example.com dizendo obrigado pela paciência",
            [("send_email", {"to": "maria@example.com", "body": "obrigado pela paciência"})],
        ),
    ],
)
def test_every_shop_tool_reads_in_portuguese(
    shop: Selector, text: str, expected: list[tuple[str, dict[str, object]]]
) -> None:
    assert calls(shop.plan(text, "pt-BR")) == expected


@pytest.mark.parametrize(
    "text",
    [
        "cancelar o pedido 4411 porque não tem estoque",
        "cancelar o pedido 4411 porque nao tem estoque",
    ],
)
def test_free_text_keeps_the_accents_as_typed(shop: Selector, text: str) -> None:
    reason = shop.plan(text, "pt-BR").calls[0].args["reason"].value

    assert reason == text.split("porque ")[1]


ACCENTS = """
    tools:
      block_card:
        slots: {card: identifier}
        phrases:
          pt-BR:
            - bloquear o cartao {card}
            - nao aceitar o cartão {card}
"""


@pytest.mark.parametrize(
    "text",
    [
        "bloquear o cartão 0019",
        "bloquear o cartao 0019",
        "BLOQUEAR O CARTÃO 0019",
        "não aceitar o cartão 0019",
        "nao aceitar o cartao 0019",
    ],
)
def test_accents_are_optional_in_the_phrase_and_in_the_turn(
    load_selector: LoadSelector, text: str
) -> None:
    selector = load_selector(ACCENTS, {"block_card": ["card"]})

    assert calls(selector.plan(text, "pt-BR")) == [("block_card", {"card": "0019"})]
