"""A vocabulary's `synonyms:` name other words for the words its phrases write, so a few lines
reach every wording of an act: a synonym reads as its word wherever a phrase writes it."""

from __future__ import annotations

import pytest

from stalwart_agents.selector import Vocabulary, VocabularyError
from stalwart_agents.selector._synonyms import request_forms

from .conftest import LoadSelector, WriteVocabulary
from .helpers import calls

TOOLS = {"cancel_order": ["order_id"], "find_order": ["order_id"]}

SMALL = """
tools:
  cancel_order:
    slots:
      order_id: identifier
    phrases:
      en: ["cancel the order {order_id}"]
      pt-BR: ["(cancelar | cancela | cancele) o pedido {order_id}"]
  find_order:
    slots:
      order_id: identifier
    phrases:
      en: ["find the order {order_id}"]
synonyms:
  en:
    cancel: [axe, call off]
    order: [purchase]
    find: [dig up]
  pt-BR:
    cancelar: [derrubar]
    pedido: [compra]
"""


@pytest.mark.parametrize(
    ("text", "language", "tool"),
    [
        ("axe the purchase 5102", "en", "cancel_order"),
        ("please call off order 5102", "en", "cancel_order"),
        ("dig up purchase 5102", "en", "find_order"),
        ("derrubar a compra 5102", "pt-BR", "cancel_order"),
        # A verb's synonym, given in the infinitive, reads in the forms its word is written in.
        ("derruba o pedido 5102", "pt-BR", "cancel_order"),
        ("derrube a compra 5102", "pt-BR", "cancel_order"),
    ],
)
def test_a_synonym_reads_as_its_word(
    load_selector: LoadSelector, text: str, language: str, tool: str
) -> None:
    selector = load_selector(SMALL, TOOLS)

    assert calls(selector.plan(text, language)) == [(tool, {"order_id": "5102"})]


def test_a_synonym_keeps_the_value_its_own_span(load_selector: LoadSelector) -> None:
    text = "dig up purchase 5102"
    (call,) = load_selector(SMALL, TOOLS).plan(text, "en").calls
    start, end = call.args["order_id"].span

    assert text[start:end] == "5102"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("don't axe the purchase 5102", "en"),
        ("if you axe the purchase 5102 tell me", "en"),
        ("não derruba a compra 5102", "pt-BR"),
        # Each word of a synonym of several words must be typed: "dig" alone finds nothing.
        ("dig purchase 5102", "en"),
    ],
)
def test_a_synonym_is_guarded_as_its_word(
    load_selector: LoadSelector, text: str, language: str
) -> None:
    assert load_selector(SMALL, TOOLS).plan(text, language).unread


def _refusal(write_vocabulary: WriteVocabulary, synonyms: str) -> VocabularyError:
    path = write_vocabulary(SMALL.split("synonyms:")[0] + "synonyms:\n" + synonyms)
    with pytest.raises(VocabularyError) as caught:
        Vocabulary.load(path, TOOLS)
    return caught.value


@pytest.mark.parametrize(
    ("synonyms", "problem"),
    [
        ("  en:\n    cancel: [find]\n", "'find' is a word the phrases write"),
        ("  en:\n    cancel: [never]\n", "'never' is a negation"),
        ("  en:\n    find: [say]\n", "'say' supposes or reports"),
        ("  en:\n    cancel: [the]\n", "'the' is a filler"),
        ("  en:\n    cancel: [axe]\n    order: [axe]\n", "'axe' is given for both"),
    ],
)
def test_a_synonym_that_would_change_a_phrase_is_refused(
    write_vocabulary: WriteVocabulary, synonyms: str, problem: str
) -> None:
    error = _refusal(write_vocabulary, synonyms)

    assert error.key is not None and error.key.startswith("synonyms.en")
    assert problem in str(error)


def test_a_synonym_of_a_word_no_phrase_writes_reads_nothing(load_selector: LoadSelector) -> None:
    """A tool whose phrases are taken out leaves its synonyms behind, harmless."""
    selector = load_selector(
        SMALL.replace("    cancel: [axe, call off]\n", "    remove: [axe]\n"), TOOLS
    )

    assert selector.plan("axe the order 5102", "en").unread


@pytest.mark.parametrize(
    ("infinitive", "forms"),
    [
        ("buscar", ("buscar", "busca", "busque")),
        ("pagar", ("pagar", "paga", "pague")),
        ("lançar", ("lançar", "lança", "lance")),
        ("vencer", ("vencer", "vence", "vença")),
        ("ressarcir", ("ressarcir", "ressarce", "ressarça")),
        ("restituir", ("restituir", "restitui", "restitua")),
    ],
)
def test_a_pt_br_verb_reads_in_its_request_forms(infinitive: str, forms: tuple[str, ...]) -> None:
    assert request_forms(infinitive) == forms
