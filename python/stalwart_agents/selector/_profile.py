"""The shape of one language's reading rules, and how its word lists are written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from stalwart_agents.selector._text import fold

__all__ = ["Profile", "owned", "phrases", "words"]


@dataclass(frozen=True)
class Profile:
    """One language's reading rules; every word here is folded (no case, no accents)."""

    tag: str
    # The CLDR locale whose separators and month names numbers and dates follow.
    locale: str
    # The language code text2num spells numbers in.
    spelled: str
    # Courtesy a request may carry anywhere ("please"); free text never ends with it.
    courtesy: frozenset[str]
    # The framing of a request ("could you", "I'd like to", "me").
    framing: frozenset[str]
    # Articles, prepositions and "number" words that a phrase may leave out or a turn may add.
    connectives: frozenset[str]
    # Words that join two calls in one turn, used when the vocabulary names none.
    joiners: tuple[str, ...]
    # Currency written before an amount ("$", "R$") or after it ("dollars", "reais").
    currency_before: frozenset[str]
    currency_after: frozenset[str]
    # What a day number may end with ("12th"; "1º" folds to "1o").
    ordinal_suffixes: tuple[str, ...]
    # Words that negate what is around them: a turn holding one outside free text is unread.
    negations: frozenset[str]
    # Words that stand for a thing named earlier in the turn ("cancel it", "cancele ele").
    pronouns: frozenset[str]
    # Words that make a negation say "no longer" ("I don't want it anymore", "não quero mais"):
    # the person turns a thing down, not the request beside it.
    no_longer: frozenset[str]
    # Words that make a negation say "no need" ("não precisa!"): they name no request.
    needs: frozenset[str]
    # Words that make a clause a supposition or another's words ("if", "said", "se", "disse"):
    # never chat to read past.
    hedges: frozenset[str]
    # Words a question opens with ("has", "where", "cadê"): a question about a thing reads it.
    questions: frozenset[str]
    # Polite openers a request may follow ("would you mind", "tem como", "se puder"), folded.
    openers: tuple[tuple[str, ...], ...]
    # Words that stand for each of several things listed earlier ("cancel them", "cancele eles").
    plural_pronouns: frozenset[str]
    # Words that point at something said before ("cancel that", "cancela isso").
    demonstratives: frozenset[str]
    # Words that name the cents after an amount ("and fifty cents", "e 50 centavos").
    cents: frozenset[str]
    # Words after digits that make them thousands ("1,5 mil", "2 thousand").
    thousands: frozenset[str]
    # Short forms of chat ("pq", "ped", "ord") and the word each is read as.
    abbreviations: Mapping[str, str]
    # Words that part one clause from the next as a mark does ("no rush but cancel it").
    conjunctions: frozenset[str] = frozenset()
    # Words that open a clause saying no to its act, each read as one negation ("instead of
    # cancelling 8210, reopen 8209" sets the cancel aside as "don't" would).
    insteads: tuple[tuple[str, ...], ...] = ()
    # Particles of phrasal verbs, which may follow the pronoun they govern ("look it up" reads as
    # "look up it").
    particles: frozenset[str] = frozenset()
    # Words for the whole of an amount: a negation of it says no to the amount, not the act
    # ("don't refund the whole thing, just $10").
    wholes: frozenset[str] = frozenset()
    # Words that, negated, take back what was said before ("never mind", "esquece"): a clause of
    # them may hold a report or a supposition ("never mind what I said") and still say no to it.
    retractions: frozenset[str] = frozenset()
    # Polite words that may end a request, read past when it reads no other way ("cancel 4411
    # when you get a chance, thanks so much"); "when" in them supposes nothing.
    closers: tuple[tuple[str, ...], ...] = ()
    # How a last clause opens that says what the request is for ("so I can see the total", "pra
    # eu mandar pro contador"): it asks for nothing of its own.
    purposes: tuple[tuple[str, ...], ...] = ()
    # Asides a clause of its own may be, between two requests as well as after the last ("and
    # while you're at it, ...", "e, aproveitando, ..."): read past the same way.
    asides: tuple[tuple[str, ...], ...] = ()
    # How a clause opens that tells what the person has not got, found or read ("I didn't get a
    # receipt for 4083", "não achei o recibo do 2709"): a fact before the request, no refusal.
    owned: frozenset[tuple[str, ...]] = frozenset()
    # How a clause opens that tells what the person does not know ("not sure why", "nem sei
    # qual"), and the words by which it asks whether ("if", "se"): a fact, its question the
    # person's own; after "whether", a condition may follow, so only a look does.
    doubts: frozenset[tuple[str, ...]] = frozenset()
    whethers: frozenset[str] = frozenset()
    # Words that say "it does no harm" ("wouldn't hurt to", "não custa nada"): a gentle request
    # whose negation negates no act.
    litotes: tuple[tuple[str, ...], ...] = ()
    # Words of an "instead" that points back ("em vez disso", "no lugar"): they stand beside the
    # act asked for, and set none aside.
    in_place: tuple[tuple[str, ...], ...] = ()
    # Words of wanting that a wish's "que" follows ("quero que você reabra"): no report.
    wishing: frozenset[str] = frozenset()
    # Words that stand for a thing of a kind told before ("save one", "salva um").
    ones: frozenset[str] = frozenset()
    # Words that say which thing is meant ("it's", "é"): "not 9271, it's 9217", "não é o 3518".
    copulas: frozenset[str] = frozenset()
    # The negations that deny a thing rather than refuse an act ("not 9271", "não o 3518").
    denials: frozenset[str] = frozenset()
    # Words that, beside a word of wanting, insist ("I DO want", "quero sim"): after a bare "no"
    # they say no to what was understood, not to the request.
    emphatics: frozenset[str] = frozenset()
    # How an indirect question opens ("can you tell me if", "vc sabe se"): what follows is read
    # only as a question about a thing, never as a request.
    asking: tuple[tuple[str, ...], ...] = ()
    # Endings of a verb in the mood a polite wish puts it in, and the ending its phrases write
    # instead ("queria que você cancelasse" reads as "cancelar").
    wished: tuple[tuple[str, str], ...] = ()
    # Words for anyone a message may come from ("did anyone write?"), which a named sender reads
    # as ("did Maria write?"), and the words a sender follows ("from the supplier", "do João").
    anyone: tuple[str, ...] = ()
    # Words for no one, which never name a sender ("nobody wrote", "ninguém respondeu").
    nobody: frozenset[str] = frozenset()
    sources: frozenset[str] = frozenset()
    # Words a year follows ("in 2020", "desde 2019"): a number after one is a time, not a thing.
    dating: frozenset[str] = frozenset()
    # Words of report, and the "that" they take, which tell a story that is over when their
    # sentence ends with a full stop before the request ("she said the vase was chipped.").
    reports: frozenset[str] = frozenset()
    # Verbs of writing to someone ("wrote", "escreveu"): they report the words they quote after a
    # colon or a quote mark ("she wrote: reopen 4411"), and nothing else.
    writing: frozenset[str] = frozenset()
    # Words that join a field named after the message to it ("with subject X", "com assunto X").
    field_joiners: frozenset[str] = frozenset()
    # Words that ask for a request again ("again", "de novo"): the request is the same.
    repeats: tuple[tuple[str, ...], ...] = ()
    # A field's label and the word that joins it to its text, which is neither's ("reason is a
    # duplicate", "dizendo que saiu"); "because it was late" and "saying is it late?" keep theirs.
    lead_ins: frozenset[tuple[str, ...]] = frozenset()
    # A word that asks or supposes elsewhere but exclaims in a short clause of chat with no
    # other such word ("ugh what a day", "gente, que semana").
    exclaims: frozenset[str] = frozenset()
    # Words that open a clause putting its thing off, and the endings that say so ("deixa o
    # recibo pra lá", "deixa o estorno pra depois"): the clause says no as "não" would.
    put_offs: tuple[frozenset[str], tuple[tuple[str, ...], ...]] = (frozenset(), ())
    # How a clause that wishes the person well opens ("hope you're having a good day", "espero
    # que esteja tudo bem"): it is chat, whatever words of the tools it borrows.
    wishes: tuple[tuple[str, ...], ...] = ()
    # Words that lead an amount told in a clause of its own at the end ("…, it's $64.50",
    # "…, valor 75"): the amount is the request's, the words are skipped like fillers.
    amount_leads: tuple[tuple[str, ...], ...] = ()
    # Words of price right before a bare number ("for 27.50", "back 18", "deu 47,80"): beside
    # an order's bare number, the number they lead is the amount.
    price_words: frozenset[str] = frozenset()

    def negates(self, word: str) -> bool:
        """A negation, including English's contractions ("don't", "isn't", "won't")."""
        return word in self.negations or (self.tag == "en" and word.endswith("n't"))

    @cached_property
    def closers_from(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        """The closers by their first word, in order: a turn's word is matched only against the
        few that may start there."""
        return _indexed(self.closers, 0)

    @cached_property
    def closers_to(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        """The closers by their last word, in order, for reading them back from a turn's end."""
        return _indexed(self.closers, -1)

    @cached_property
    def fillers(self) -> frozenset[str]:
        """Every word the reader may skip between the words of a phrase."""
        return (
            self.courtesy | self.framing | self.connectives | self.pronouns | self.plural_pronouns
        )


def _indexed(
    phrases: tuple[tuple[str, ...], ...], at: int
) -> Mapping[str, tuple[tuple[str, ...], ...]]:
    index: dict[str, tuple[tuple[str, ...], ...]] = {}
    for phrase in phrases:
        if phrase:
            index[phrase[at]] = (*index.get(phrase[at], ()), phrase)
    return index


def words(text: str) -> frozenset[str]:
    return frozenset(fold(word) for word in text.split())


def phrases(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(fold(word) for word in phrase.split()) for phrase in text.split("|"))


def owned(subjects: str, negations: str, verbs: str) -> frozenset[tuple[str, ...]]:
    """Each subject, negation and verb in turn: the openings of a clause of what one has not
    done."""
    return frozenset(
        subject + negation + verb
        for subject in phrases(subjects)
        for negation in phrases(negations)
        for verb in phrases(verbs)
    )
