"""What the reader knows of each language: its locale, fillers, joiners and currency."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from stalwart_agents.language import LANGUAGES
from stalwart_agents.selector._text import fold

__all__ = ["PROFILES", "Profile"]


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

    def negates(self, word: str) -> bool:
        """A negation, including English's contractions ("don't", "isn't", "won't")."""
        return word in self.negations or (self.tag == "en" and word.endswith("n't"))

    @cached_property
    def fillers(self) -> frozenset[str]:
        """Every word the reader may skip between the words of a phrase."""
        return (
            self.courtesy | self.framing | self.connectives | self.pronouns | self.plural_pronouns
        )


def _words(text: str) -> frozenset[str]:
    return frozenset(fold(word) for word in text.split())


def _phrases(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(fold(word) for word in phrase.split()) for phrase in text.split("|"))


def _owned(subjects: str, negations: str, verbs: str) -> frozenset[tuple[str, ...]]:
    """Each subject, negation and verb in turn: the openings of a clause of what one has not
    done."""
    return frozenset(
        subject + negation + verb
        for subject in _phrases(subjects)
        for negation in _phrases(negations)
        for verb in _phrases(verbs)
    )


_EN: Final = Profile(
    tag="en",
    locale="en_US",
    spelled="en",
    courtesy=_words("please pls plz kindly thanks thank thx cheers"),
    framing=_words(
        "could can would will you u i i'd i'm i'll like want wanted wanna need needs just now go "
        "ahead hey hi hello ok okay me let's lets let be so kind as mind yet we we'd we'll gonna "
        "going help possibly yo alright sure well um uh oh hmm able only instead here"
    ),
    connectives=_words(
        "the a an to for of on in at from into onto my our your this that these those any "
        "some with number nr num id"
    ),
    joiners=("and", "then", "and then", "also", "and also", "after that", "plus"),
    currency_before=_words("$ us$ usd"),
    currency_after=_words("dollars dollar bucks usd $"),
    ordinal_suffixes=("st", "nd", "rd", "th"),
    # "forget the email, just save the receipt", "skip the email, ..." and "leave the email
    # alone, ..." set the email aside as "don't" would.
    negations=_words(
        "no not never without nope nah nor neither dont cannot forget skip leave instead-of"
    ),
    pronouns=_words("it its"),
    no_longer=_words("anymore longer"),
    needs=_words("need needs needed"),
    hedges=_words(
        "if whether suppose supposing imagine hypothetically hypothetical say said says told "
        "tells tell asked asks ask wonder wondering curious when unless what why how"
    ),
    questions=_words(
        "has have is was are were did does where where's what what's when how how's any"
    ),
    openers=_phrases(
        "would you mind | if you could | i'd be grateful if you could | "
        "i would be grateful if you could | don't forget to | do not forget to | "
        "i'd appreciate it if you could | i would appreciate it if you could | "
        "i'd love it if you could | can i ask you to | could i ask you to | "
        "if you don't mind | would you be so kind as to | may i ask you to | might i ask you to | "
        "if it's no trouble | if it is no trouble | i was hoping you could | "
        "i was wondering if you could | if it's not too much trouble | "
        "if it is not too much trouble | if you can | if possible | if u can | "
        "when you get a sec | when you get a chance | when you have a sec | when you can | "
        "i'd appreciate it if you'd | i'd be grateful if you'd | "
        "i'd be really grateful if you could | i'd really appreciate it if you could | "
        "is there any chance you could | any chance you could | is there any way you could | "
        "i'd appreciate it if you | i would appreciate it if you | i'd be grateful if you | "
        "before i forget | before i forget to | wouldn't hurt to | it wouldn't hurt to | "
        "it won't hurt to | would not hurt to | it would not hurt to"
    ),
    plural_pronouns=_words("them"),
    demonstratives=_words("that this those these"),
    cents=_words("cents cent"),
    thousands=_words("thousand grand"),
    abbreviations={
        "ord": "order",
        "ords": "orders",
        "msg": "message",
        "msgs": "messages",
        "ur": "your",
        "u": "you",
        "bc": "because",
        "cuz": "because",
        "cos": "because",
        "coz": "because",
        "bcuz": "because",
        "thru": "through",
        # Contractions typed without the apostrophe; a negation stays a negation.
        "whats": "what's",
        "wheres": "where's",
        "hows": "how's",
        "thats": "that's",
        "im": "i'm",
        "dont": "don't",
        "didnt": "didn't",
        "doesnt": "doesn't",
        "isnt": "isn't",
        "wasnt": "wasn't",
        "cant": "can't",
        "wont": "won't",
        "shouldnt": "shouldn't",
        "havent": "haven't",
        "hasnt": "hasn't",
    },
    conjunctions=_words("but anyway anyways so just only"),
    wholes=_words("whole full entire everything"),
    particles=_words("up out over back"),
    insteads=_phrases("instead of | rather than | hold off on | hold off"),
    amount_leads=_phrases(
        "it's | it is | that's | that is | it was | it comes to | it came to | the total is | "
        "total | amount"
    ),
    retractions=_words("mind forget disregard ignore"),
    closers=_phrases(
        "thanks so much | thank you so much | thanks a bunch | thanks a ton | many thanks | "
        "thanks a lot | much appreciated | appreciated | cheers | though | tho | "
        "thanks in advance | thank you | thanks | thx | ta | when you can | when u can | "
        "whenever you can | whenever u can | when you get a chance | when u get a chance | "
        "when you get a sec | "
        "when u get a sec | when you get a second | when you get a minute | "
        "when you have a sec | when u have a sec | when you have a minute | "
        "when you have a moment | when you have a chance | that would be great | "
        "that'd be great | that would be lovely | that'd be lovely | if that's ok | "
        "if that's okay | if that's alright | if that is ok | if that is okay | if possible | "
        "if you can | if u can | if you could | if you don't mind | if it's no trouble | "
        "if it is no trouble | if it's not too much trouble | really appreciated | "
        "appreciate it | i appreciate it | whenever you get a sec | whenever you get a chance | "
        "whenever you get a minute | whenever you have a sec | whenever you have a minute | "
        "whenever u get a sec | if that's possible | if that is possible | if at all possible | "
        "thanks ever so much | thank you ever so much | ta very much | "
        # Sign-offs: they end the conversation, and ask for nothing.
        "bye | bye bye | bye for now | x | xx | xo | have a good one | have a good day | "
        "have a nice day | have a great day | have a lovely day | have a good evening | "
        "have a lovely evening | have a good weekend | have a great weekend | that's all | "
        "that's all for now | that's all for today | that's it | that's it for now | "
        "that's it for today | that's everything | that's me done | that's me | "
        "that's me done for the day | that's me done for the week | that's me done for today | "
        "whenever | whenever's fine | whenever works | in the end | "
        "see you | see ya | speak soon | talk soon | take care | all the best | "
        # When the person was away: a question about the inbox asks for all the same.
        "while i was away | while i was out | while i was off | while i was gone | "
        "while we were away | while we were out | since i left | since this morning | "
        "since yesterday | since last night | "
        # Asides, which may also stand between two requests.
        "while you're at it | while you are at it | whilst you're at it | while you're there"
    ),
    asides=_phrases(
        "while you're at it | while you are at it | whilst you're at it | while you're there"
    ),
    purposes=_phrases("so i can | so that i can | so we can | so that we can | so i could"),
    asking=_phrases(
        "can you tell me if | can you tell me whether | can u tell me if | could you tell me if | "
        "could you tell me whether | tell me if | tell me whether | do you know if | "
        "do you know whether | do u know if | not sure if | not sure whether | i'm not sure if | "
        "i'm not sure whether | no idea if | can't remember if | i can't remember if | "
        "don't remember if | i don't remember if | don't know if | i don't know if | "
        "no idea | not sure | i'm not sure | don't know | i don't know"
    ),
    owned=_owned(
        " | i | we | i still | we still",
        "didn't | haven't | hasn't | can't | couldn't | never | did not | have not | cannot",
        "get | got | find | found | see | seen | check | checked | read | receive | received | "
        "hear | heard | look at | looked at | remember | tell | work out | figure out",
    ),
    anyone=("anyone", "someone", "anybody", "somebody"),
    nobody=_words("nobody noone none nothing"),
    sources=_words("from about"),
    dating=_words("in since until till during before after year"),
    reports=_words("said says told tells"),
    repeats=_phrases("again | once more | one more time"),
    lead_ins=frozenset(_phrases("reason is | reason was | reason being")),
    exclaims=_words("what"),
    wishes=_phrases("hope | hoping | i hope | i'm hoping | we hope | trust | i trust"),
)

_PT_BR: Final = Profile(
    tag="pt-BR",
    locale="pt_BR",
    spelled="pt",
    courtesy=_words(
        "por favor favorzinho pf pfv pfvr porfavor gentileza obrigado obrigada brigado brigada "
        "valeu"
    ),
    framing=_words(
        "poderia pode podia consegue você vc cê tu gostaria queria quero preciso eu me oi olá "
        "ok só agora aí será que mim vou querer saber vamos conseguiria podemos ei opa bom dia "
        "boa tarde noite aqui seria ajuda ajudar"
    ),
    connectives=_words(
        "o a os as um uma uns umas do da dos das de no na nos nas ao aos à às em para pra pro "
        "pras pros numa nº número meu minha meus minhas nosso nossa esse essa este esta "
        "isso isto aquele aquela pelo pela pelos pelas algum alguma com referente id"
    ),
    joiners=("e", "depois", "e depois", "então", "e então", "também", "e também", "em seguida"),
    currency_before=_words("r$ brl"),
    # Slang for reais too: "40 conto", "40 pila".
    currency_after=_words("reais real brl conto contos pila pilas r$"),
    ordinal_suffixes=("o", "a"),
    # "num" is chat for "não" ("num cancela"), so it is never read as "em um".
    # "esquece o comprovante, só reabre o pedido" and "pula o comprovante, ..." set the receipt
    # aside as "não" would.
    negations=_words(
        "não nao n ñ naum num nunca jamais sem nem nada ninguém esquece esqueça esquecer "
        "pula pule pular em-vez-de"
    ),
    pronouns=_words("ele ela nele nela dele dela"),
    no_longer=_words("mais"),
    needs=_words("precisa precisam precisar preciso"),
    hedges=_words(
        "se caso suponha supondo imagina imagine hipoteticamente hipotese disse diz falou fala "
        "pediu pede contou perguntou pergunta quando quanto qual como porque que"
    ),
    questions=_words("cadê cade onde quanto quanta qual quando como já tem foi está esta o"),
    openers=_phrases(
        "tem como | se puder | se possível | não esquece de | não esqueça de | "
        "faz a gentileza de | faça a gentileza de | tenha a gentileza de | "
        "faria a gentileza de | antes que eu esqueça | antes que eu me esqueça | "
        "não se esqueça de | não esquecer de | se não for incômodo | dá pra | daria pra | "
        "será que dá pra | seria possível | queria te pedir pra | queria te pedir para | "
        "queria que você | queria que vc | você se importa de | vc se importa de | "
        "se importa de | será que dava pra | dava pra | me faz um favor | me faça um favor | "
        "faz um favor | queria pedir | queria te pedir | gostaria de pedir | se der | "
        "queria pedir que | queria te pedir que | gostaria de pedir que | "
        "se der pra | se puder por favor | se não for pedir muito | eu agradeceria se você | "
        "eu agradeceria se vc | agradeceria se você | agradeceria se vc | "
        "poderia fazer a gentileza de | teria como | "
        "será que teria como | você teria como | vc teria como | queria pedir que você | "
        "queria pedir que vc | queria te pedir que você | queria te pedir que vc | "
        "gostaria de pedir que você | gostaria de pedir que vc | não custa nada | nao custa nada | "
        "não custaria nada | não custa"
    ),
    plural_pronouns=_words("eles elas neles nelas deles delas"),
    demonstratives=_words("isso isto esse essa este esta aquilo aquele aquela"),
    cents=_words("centavos centavo"),
    thousands=_words("mil"),
    abbreviations={
        "ped": "pedido",
        "qto": "quanto",
        "qnto": "quanto",
        "nro": "número",
        "peds": "pedidos",
        "p": "para",  # "p/ joao@gmail.com"
        "pq": "porque",
        "pqe": "porque",
        "q": "que",
        "msg": "mensagem",
        "msgs": "mensagens",
        "cx": "caixa",
        "tb": "também",
        "tbm": "também",
        "dps": "depois",
        "hj": "hoje",
        "obg": "obrigado",
        "vlw": "valeu",
    },
    conjunctions=_words("mas enfim porém então só apenas"),
    wholes=_words("tudo todo toda inteiro inteira"),
    insteads=_phrases(
        "em vez de | em vez do | em vez da | ao invés de | ao invés do | ao invés da | "
        "no lugar de | no lugar do | no lugar da"
    ),
    retractions=_words("esquece esqueça esquecer ignora ignore desconsidera"),
    amount_leads=_phrases(
        "valor | valor de | no valor de | o valor é | é | são | deu | dá | fica | ficou | total"
    ),
    put_offs=(
        _words("deixa deixe deixar"),
        _phrases("pra lá | para lá | pra depois | para depois | de lado | pra outra hora"),
    ),
    closers=_phrases(
        "muito obrigado | muito obrigada | obrigado | obrigada | valeu | valeu mesmo | "
        "desde já agradeço | "
        "obrigado desde já | obrigada desde já | quando puder | quando der | "
        "quando você puder | quando vc puder | quando tiver um tempo | "
        "quando tiver um tempinho | quando você tiver um tempo | quando você tiver um tempinho | "
        "quando vc tiver um tempo | quando vc tiver um tempinho | pode ser | se puder | "
        "se possível | se der | se não for incômodo | se não for pedir muito | "
        "se você puder | se vc puder | agradeço | desde já obrigado | desde já obrigada | "
        # Sign-offs: they end the conversation, and ask for nothing.
        "é isso | era isso | é só isso | era só isso | só isso | por hoje é só | tchau | "
        "abraço | abraços | abs | bjs | beijo | beijos | até mais | até logo | até amanhã | "
        "bom dia | boa tarde | boa noite | bom fim de semana | bom trabalho | falou | flw | "
        "obrigadão | valeuzão | né | ne | não é | nao é | "
        # When the person was away: a question about the inbox asks for all the same.
        "enquanto eu tava fora | enquanto eu estava fora | enquanto estive fora | "
        "enquanto eu tava de folga | enquanto eu estava de férias | desde ontem | desde cedo | "
        "desde hoje cedo | bora | e bora | partiu | no fim | no final | "
        # Asides, which may also stand between two requests.
        "aproveitando | já que você tá aí | já que vc tá aí | já que tá aí"
    ),
    asides=_phrases(
        "aproveitando | já que você tá aí | já que vc tá aí | já que tá aí | já que você está aí"
    ),
    purposes=_phrases("pra eu | para eu | pra que eu | para que eu | pra gente | para a gente"),
    asking=_phrases(
        "vc sabe se | você sabe se | sabe se | me diz se | me fala se | não sei se | nao sei se | "
        "eu não sei se | queria saber se | gostaria de saber se | "
        "não lembro se | nao lembro se | eu não lembro se | não me lembro se | não sei | "
        "nao sei | eu não sei | nem lembro | não lembro | nao lembro | me diz | me diga | "
        "me fala | me fale | me conta | "
        # Asking to check whether something is so: "vê pra mim se o 7312 já foi pago".
        "vê se | veja se | ver se | olha se | olhe se | confere se | confira se | checa se | "
        "verifica se | verifique se | consegue ver se | vc consegue ver se | "
        "você consegue ver se | vê pra mim se | veja pra mim se | olha pra mim se | "
        "confere pra mim se | consegue ver pra mim se | dá uma olhada se | dá uma olhada pra mim se"
    ),
    owned=_owned(
        " | eu | ainda | eu ainda",
        "não | nao | n | nunca | nem",
        "achei | encontrei | recebi | li | vi | olhei | chequei | conferi | lembro | consegui | "
        "consigo ver | consigo saber | consigo achar | sei dizer | "
        "to achando | estou achando",
    ),
    wished=(("asse", "ar"), ("esse", "er"), ("isse", "ir")),
    anyone=("alguem",),
    nobody=_words("ninguém nenhum nenhuma"),
    sources=_words("de do da dos das sobre"),
    dating=_words("em desde até durante antes depois ano"),
    reports=_words("disse diz falou fala contou que"),
    repeats=_phrases("de novo | novamente | outra vez | mais uma vez"),
    lead_ins=frozenset(
        _phrases("motivo é | motivo foi | dizendo que | falando que | avisando que | contando que")
    ),
    exclaims=_words("que"),
    wishes=_phrases("espero que | eu espero que | tomara que | torço pra que | torcendo pra que"),
)

PROFILES: Final[dict[str, Profile]] = {profile.tag: profile for profile in (_EN, _PT_BR)}

if set(PROFILES) != set(LANGUAGES):  # pragma: no cover - guards the spec against this table
    raise RuntimeError(f"The selector has grammars for {sorted(PROFILES)}, the spec {LANGUAGES}.")
