"""The selector: reads a turn into a plan, in English or Brazilian Portuguese, without a model.

A vocabulary file (see `stalwart_agents.selector._vocabulary` for its format) gives each tool its
phrases per language; the selector reads a turn against them and returns a `Plan` whose every
argument has origin `typed` and its span in the text. A turn nothing reads gives an empty plan.
"""

from __future__ import annotations

from stalwart_agents.selector._errors import VocabularyError
from stalwart_agents.selector._selector import Selector
from stalwart_agents.selector._vocabulary import Vocabulary, declared_slots

__all__ = ["Selector", "Vocabulary", "VocabularyError", "declared_slots"]
