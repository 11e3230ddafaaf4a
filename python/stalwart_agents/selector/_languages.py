"""What the reader knows of each language: its locale, fillers, joiners and currency."""

from __future__ import annotations

from typing import Final

from stalwart_agents.language import LANGUAGES
from stalwart_agents.selector._profile import Profile, owned, phrases, words

__all__ = ["PROFILES"]

# What one has not got, found or read: "I didn't get a receipt", "we can't find order 6634".
_OWNED_VERBS: Final = (
    "get | got | find | found | see | seen | saw | check | checked | read | receive | "
    "received | hear | heard | look at | looked at | remember | tell | work out | figure out"
)


_EN: Final = Profile(
    tag="en",
    locale="en_US",
    spelled="en",
    courtesy=words("please pls plz kindly thanks thank thx cheers"),
    framing=words(
        "could can would will you u i i'd i'm i'll like want wanted wanna need needs just now go "
        "ahead hey hi hello ok okay me let's lets let be so kind as mind yet we we'd we'll gonna "
        "going help possibly yo alright sure well um uh oh hmm able only instead here yeah yep yup"
    ),
    connectives=words(
        "the a an to for of on in at from into onto my our your this that these those any "
        "some with number nr num id"
    ),
    joiners=("and", "then", "and then", "also", "and also", "after that", "plus"),
    currency_before=words("$ us$ usd"),
    currency_after=words("dollars dollar bucks usd $"),
    ordinal_suffixes=("st", "nd", "rd", "th"),
    # "forget the email, just save the receipt", "skip the email, ..." and "leave the email
    # alone, ..." set the email aside as "don't" would.
    negations=words(
        "no not never without nope nah nor neither dont cannot forget skip leave instead-of"
    ),
    pronouns=words("it its"),
    no_longer=words("anymore longer"),
    needs=words("need needs needed"),
    hedges=words(
        "if whether suppose supposing imagine hypothetically hypothetical say said says told "
        "tells tell asked asks ask wonder wondering curious when unless what why how according"
    ),
    questions=words(
        "has have is was are were did does where where's what what's when how how's any"
    ),
    openers=phrases(
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
        "before i forget | before i forget to | "
        # "Don't fail to X", "make sure to X": the person asks for X.
        "don't fail to | do not fail to | dont fail to | make sure to | make sure you | "
        "make sure that you"
    ),
    plural_pronouns=words("them"),
    demonstratives=words("that this those these"),
    cents=words("cents cent"),
    thousands=words("thousand grand"),
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
    conjunctions=words("but anyway anyways so just only"),
    wholes=words("whole full entire everything"),
    particles=words("up out over back"),
    insteads=phrases("instead of | rather than | hold off on | hold off"),
    amount_leads=phrases(
        "it's | it is | that's | that is | it was | it comes to | it came to | the total is | "
        "total | amount"
    ),
    price_words=words("for back it's is that's total amount"),
    retractions=words("mind forget disregard ignore"),
    closers=phrases(
        "thanks so much | thank you so much | thanks a bunch | thanks a ton | many thanks | "
        "thanks a lot | much appreciated | appreciated | cheers | though | tho | "
        # Granting what a clause before it conceded: "no worries, cancel 8702 anyway".
        "regardless | all the same | "
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
        # Whom the request is for, and that it stands after all: they ask nothing more.
        "for her | for him | for them | anyway | anyways | after all | "
        "see you | see ya | speak soon | talk soon | take care | all the best | "
        # Go-aheads: they urge the act just asked for, and are never its reason.
        "go ahead and do that | go ahead and do it | go ahead with it | yeah do it | "
        "yes do it | just do it | please do | please do it | go on then | go for it | "
        # When the person was away: a question about the inbox asks for all the same.
        "while i was away | while i was out | while i was off | while i was gone | "
        "while we were away | while we were out | since i left | since this morning | "
        "since yesterday | since last night | "
        # Asides, which may also stand between two requests.
        "while you're at it | while you are at it | whilst you're at it | while you're there"
    ),
    asides=phrases(
        "while you're at it | while you are at it | whilst you're at it | while you're there"
    ),
    purposes=phrases("so i can | so that i can | so we can | so that we can | so i could"),
    asking=phrases(
        "can you tell me if | can you tell me whether | can u tell me if | could you tell me if | "
        "could you tell me whether | tell me if | tell me whether | do you know if | "
        "do you know whether | do u know if | not sure if | not sure whether | i'm not sure if | "
        "i'm not sure whether | no idea if | can't remember if | i can't remember if | "
        "don't remember if | i don't remember if | don't know if | i don't know if | "
        "no idea | not sure | i'm not sure | don't know | i don't know | "
        # A word that stops to ask, before the question itself: "wait what's the total on 4406".
        "wait | oh wait | hold on | hang on"
    ),
    owned=owned(
        " | i | we | i still | we still",
        "didn't | haven't | hasn't | can't | couldn't | did not | have not | cannot",
        _OWNED_VERBS,
    )
    | owned("i | we | i still | we still", "never", _OWNED_VERBS)
    # With no one named, "never" and a verb's base form is a command: "never find order 4411".
    | owned("", "never", "got | found | seen | saw | checked | received | heard | looked at"),
    doubts=owned(" | i | we", "don't | do not | really don't", "know | remember")
    | owned(" | i'm | im | we're | i am | we are", "not", "sure | certain")
    | frozenset(phrases("no idea | i have no idea | i've no idea | we have no idea | no clue"))
    | owned("no one | no one's | no one has", "", "told me | said | let me know"),
    whethers=words("if whether"),
    wishing=words("want wants need needs wanna"),
    emphatics=words("do does"),
    ones=words("one"),
    copulas=words("is it's its it was wait meant mean"),
    denials=words("not no"),
    litotes=phrases(
        "it wouldn't hurt to | wouldn't hurt to | it doesn't hurt to | doesn't hurt to | "
        "it won't hurt to | won't hurt to | it can't hurt to | can't hurt to | "
        "it would not hurt to | would not hurt to | it wouldn't hurt | wouldn't hurt | "
        "no harm in | there's no harm in | why not | "
        # Idle wonder said on its own asks nothing: "nothing's wrong, just curious, what's …".
        "just curious | only curious | just wondering | purely curious | "
        # A request asked as a negative question: "can't you just refund ch-6691 $22?".
        "can't you | cant you | couldn't you | couldnt you | won't you | why don't you"
    ),
    anyone=("anyone", "someone", "anybody", "somebody"),
    nobody=words("nobody noone none nothing"),
    sources=words("from about"),
    dating=words("in since until till during before after year"),
    reports=words("said says told tells"),
    writing=words("wrote emailed texted messaged replied"),
    field_joiners=words("with and"),
    repeats=phrases("again | once more | one more time"),
    lead_ins=frozenset(phrases("reason is | reason was | reason being")),
    exclaims=words("what"),
    wishes=phrases("hope | hoping | i hope | i'm hoping | we hope | trust | i trust"),
)

_PT_BR: Final = Profile(
    tag="pt-BR",
    locale="pt_BR",
    spelled="pt",
    courtesy=words(
        "por favor favorzinho pf pfv pfvr porfavor gentileza obrigado obrigada brigado brigada "
        "valeu"
    ),
    framing=words(
        "poderia pode podia consegue você vc cê tu gostaria queria quero preciso eu me oi olá "
        "ok só agora aí será que mim vou querer saber vamos conseguiria podemos ei opa bom dia "
        "boa tarde noite aqui seria ajuda ajudar"
    ),
    connectives=words(
        "o a os as um uma uns umas do da dos das de no na nos nas ao aos à às em para pra pro "
        "pras pros numa nº número meu minha meus minhas nosso nossa nossos nossas esse essa "
        "este esta "
        "isso isto aquele aquela pelo pela pelos pelas algum alguma com referente id"
    ),
    joiners=("e", "depois", "e depois", "então", "e então", "também", "e também", "em seguida"),
    currency_before=words("r$ brl"),
    # Slang for reais too: "40 conto", "40 pila".
    currency_after=words("reais real brl conto contos pila pilas r$"),
    ordinal_suffixes=("o", "a"),
    # "num" is chat for "não" ("num cancela"), so it is never read as "em um".
    # "esquece o comprovante, só reabre o pedido" and "pula o comprovante, ..." set the receipt
    # aside as "não" would.
    negations=words(
        "não nao n ñ naum num nunca jamais sem nem nada ninguém esquece esqueça esquecer "
        "pula pule pular em-vez-de"
    ),
    pronouns=words("ele ela nele nela dele dela"),
    no_longer=words("mais"),
    needs=words("precisa precisam precisar preciso"),
    hedges=words(
        "se caso suponha supondo imagina imagine hipoteticamente hipotese disse diz falou fala "
        "pediu pede contou perguntou pergunta quando quanto qual como porque que segundo acordo"
    ),
    questions=words("cadê cade onde quanto quanta qual quando como já tem foi está esta o"),
    openers=phrases(
        "tem como | se puder | se possível | não esquece de | não esqueça de | "
        # "Não deixa de X" (be sure to X) asks for X, as "não esquece de" does.
        "não deixa de | não deixe de | não deixar de | nao deixa de | nao deixe de | "
        "n deixa de | nao esquece de | nao esqueca de | não esqueca de | "
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
        "gostaria de pedir que você | gostaria de pedir que vc"
    ),
    plural_pronouns=words("eles elas neles nelas deles delas"),
    demonstratives=words("isso isto esse essa este esta aquilo aquele aquela"),
    cents=words("centavos centavo"),
    thousands=words("mil"),
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
    conjunctions=words("mas enfim porém então só apenas"),
    wholes=words("tudo todo toda inteiro inteira total integral"),
    insteads=phrases(
        "em vez de | em vez do | em vez da | ao invés de | ao invés do | ao invés da | "
        "no lugar de | no lugar do | no lugar da"
    ),
    retractions=words("esquece esqueça esquecer ignora ignore desconsidera"),
    amount_leads=phrases(
        "valor | valor de | no valor de | o valor é | é | são | deu | dá | fica | ficou | total"
    ),
    price_words=words("por de deu valor são fica ficou total"),
    put_offs=(
        words("deixa deixe deixar"),
        phrases(
            "pra lá | para lá | pra depois | para depois | de lado | pra outra hora | quieto | "
            "quieta | em paz"
        ),
    ),
    closers=phrases(
        "muito obrigado | muito obrigada | obrigado | obrigada | valeu | valeu mesmo | "
        "mesmo | mesmo assim | assim mesmo | de qualquer jeito | de qualquer forma | "
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
        # That the request stands after all: it asks nothing more.
        "mesmo | mesmo assim | assim mesmo | afinal | "
        # Go-aheads: they urge the act just asked for, and are never its reason.
        "pode fazer | pode fazer isso | pode ir | pode seguir | manda ver | pode mandar ver | "
        "vai em frente | pode ir em frente | faz isso | faz isso aí | "
        # When the person was away: a question about the inbox asks for all the same.
        "enquanto eu tava fora | enquanto eu estava fora | enquanto estive fora | "
        "enquanto eu tava de folga | enquanto eu estava de férias | desde ontem | desde cedo | "
        "desde hoje cedo | bora | e bora | partiu | no fim | no final | "
        # Asides, which may also stand between two requests.
        "aproveitando | já que você tá aí | já que vc tá aí | já que tá aí"
    ),
    asides=phrases(
        "aproveitando | já que você tá aí | já que vc tá aí | já que tá aí | já que você está aí"
    ),
    purposes=phrases("pra eu | para eu | pra que eu | para que eu | pra gente | para a gente"),
    asking=phrases(
        "vc sabe se | você sabe se | sabe se | me diz se | me fala se | não sei se | nao sei se | "
        "eu não sei se | queria saber se | gostaria de saber se | "
        "não lembro se | nao lembro se | eu não lembro se | não me lembro se | não sei | "
        "nao sei | eu não sei | nem lembro | não lembro | nao lembro | me diz | me diga | "
        "me fala | me fale | me conta | "
        # A word that stops to ask, before the question itself: "pera qual o total do 4406".
        "pera | peraí | pera aí | espera aí | espera | opa pera | "
        # Asking to check whether something is so: "vê pra mim se o 7312 já foi pago".
        "vê se | veja se | ver se | olha se | olhe se | confere se | confira se | checa se | "
        "verifica se | verifique se | consegue ver se | vc consegue ver se | "
        "você consegue ver se | vê pra mim se | veja pra mim se | olha pra mim se | "
        "confere pra mim se | consegue ver pra mim se | dá uma olhada se | dá uma olhada pra mim se"
    ),
    owned=owned(
        " | eu | ainda | eu ainda",
        "não | nao | n | nunca | nem",
        "achei | encontrei | recebi | li | vi | olhei | chequei | conferi | lembro | consegui | "
        "consigo ver | consigo saber | consigo achar | sei dizer | "
        "to achando | estou achando",
    )
    # What one has not looked at for a while: "faz tempo que não vejo o 8419, puxa ele".
    | owned(
        "faz tempo que | faz um tempo que | faz um tempão que | faz tempão que | há tempos que | "
        "tem tempo que | faz dias que | faz uns dias que",
        "não | nao | n",
        "vejo | vi | olho | olhei | confiro | conferi | checo | chequei | mexo | mexi | abro | "
        "abri",
    ),
    wished=(("asse", "ar"), ("esse", "er"), ("isse", "ir")),
    doubts=owned(
        " | eu | eu ainda | ainda",
        "não | nem | n",
        "sei | tenho certeza | faço ideia | tenho ideia | sei dizer | lembro | me lembro",
    )
    | owned("ninguém", "", "me disse | me falou | me avisou | me contou | disse | avisou"),
    whethers=words("se"),
    litotes=phrases(
        "não custa nada | não custaria nada | não custa | mal não faz | por que não | porque não | "
        "não faz mal não | não faz mal | "
        "só curiosidade | só por curiosidade | por curiosidade | só de curiosidade"
    ),
    in_place=phrases(
        "em vez disso | ao invés disso | no lugar disso | no lugar dele | no lugar dela | no lugar"
    ),
    wishing=words("quero queria preciso precisava gostaria"),
    copulas=words("é e era foi seria quis dizer"),
    denials=words("não"),
    emphatics=words("sim"),
    ones=words("um uma"),
    anyone=("alguem",),
    nobody=words("ninguém nenhum nenhuma"),
    sources=words("de do da dos das sobre"),
    dating=words("em desde até durante antes depois ano"),
    reports=words("disse diz falou fala contou que"),
    writing=words("escreveu escreveram respondeu responderam mandou"),
    field_joiners=words("com e"),
    repeats=phrases("de novo | novamente | outra vez | mais uma vez"),
    lead_ins=frozenset(
        phrases("motivo é | motivo foi | dizendo que | falando que | avisando que | contando que")
    ),
    exclaims=words("que"),
    wishes=phrases("espero que | eu espero que | tomara que | torço pra que | torcendo pra que"),
)

PROFILES: Final[dict[str, Profile]] = {profile.tag: profile for profile in (_EN, _PT_BR)}

if set(PROFILES) != set(LANGUAGES):  # pragma: no cover - guards the spec against this table
    raise RuntimeError(f"The selector has grammars for {sorted(PROFILES)}, the spec {LANGUAGES}.")
