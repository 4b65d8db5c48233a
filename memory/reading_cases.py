"""Sentences a single cue word reads wrong, read as patterns over the clause instead.

- Borrowing a thing is no debt: "Dov borrowed a ladder from Ysolde" read as "owes money" (the cue
  "borrowed"), and the tie dropped. A loan of money still is ("borrowed ten coins"); a thing kept
  ("borrowed ... and never returned it", 借了…没还) is a mild wrong of its own (`kept_borrowed`),
  money kept is a debt unpaid; taking without asking is `took_unasked`.
- Money handed to someone is given, not stolen: "Lin slipped Ida a silver coin" read by meaning as a
  theft (the verb of a theft example), "handed Ida ten coins" as a debt, 往小艾手里塞了一把铜钱 as a theft.
  Money given is a `gift`; money for something ("ten coins for the bread", 付钱) or paid back is neither
  (`remark`, or `debt_repaid` by its own rule).
- The commonest gift phrasing has no cue word: "{actor} gave {other} a yellow croaker" read as
  nothing, and its template "He gave her ..." was read by meaning as a theft in zh ("他给了她一条黄鱼").
- Spoiling someone's things is a deed (`damaged`): "Dov ruined Ysolde's rope", 把老陈的网弄破了.
- A name between a cue's words hides the cue, and the template's meaning lost it: "paid Ysolde back"
  (repaid), "kept Ysolde waiting" (late), "took ... and never paid" / 拿了…没给钱 (theft);
  short change (少找了五文钱) is money kept from a customer.
- A thing that gave out by itself ("Lin's oven cracked in the night", 阿海的船漏水了) is a `mishap`: the
  meaning of the first was a fire that took everything, and a fire cools nobody but is retold as a disaster.
- A mistake at one's work said to be on purpose is a wrong done to someone (`dishonest`): "小何故意抓错药" read
  as nothing, "故意把药抓错了" as careless, the intent lost; "mixed up the herbs on purpose" likewise. A mistake
  said plainly (抓错药, "gave the wrong medicine") is careless, by its words rather than by meaning alone.
- One's own batch burnt is a mistake at one's work (`careless`): "Pell burned the whole batch of bread" read by
  meaning as a fire that took everything, 把一整炉面包都烤焦了 as nothing; someone's supper burnt is `damaged`.
- An accident is never a deliberate wrong: with 不小心 / 失手 / "accidentally" / "by mistake",
  a theft, a ruin or a rudeness read by cue or by meaning is a `mishap` (blaming nobody).

Each rule is (predicate, pattern, on lower-cased text), the form of the reader's span rules:
the matched span is the cue, longer than any word inside it, so it wins over them.
"""

from __future__ import annotations

import re

_MONEY_EN = (r"(?:coins?|money|silver|gold|pounds?|shillings?|penny|pennies|pence|farthings?|groats?|sovereigns?|guineas?|crowns?|florins?|marks?|dollars?|cash|"
             r"copper|coppers|wages|rent)")
_MONEY_ZH = r"(?:钱|块|文|银|两|铜板|工资|房租)"
# "gave him a beating", "gave her a piece of his mind": the verb of giving, no gift
_NOT_GIVEN_EN = (r"(?:piece of|hard time|beating|thrashing|hiding|fright|scare|start|look|glare|push|shove|earful|talking-to|"
                 r"slap|kick|punch|black eye|cold shoulder|dirty look|wink|nod|call|hand|lift|ride|go|try|chance|break|"
                 r"warning|lecture|scolding|telling-off|headache|reason|hint|smile|wave|shout|bad time|lesson|nasty)")
_NOT_GIVEN_ZH = r"(?:一?巴掌|一拳|一脚|一耳光|一个耳光|一顿|一下|个白眼|一个白眼|一眼|一个眼色|一句|点颜色|脸色|面子|台阶)"

GIFT_EN = re.compile(rf"\b(?:gave|brought|handed|sent|left|baked|made|knitted|saved)\s+(?:him|her|them|me|us|you|[a-z]+)"
                     rf"\s+(?:a|an|some|two|three|a few|a bag of|a basket of|a jar of|a bowl of|a loaf of|a pair of)\s+"
                     rf"(?!{_NOT_GIVEN_EN}\b)(?!{_MONEY_EN}\b)[a-z][\w-]*")
GIFT_ZH = re.compile(rf"给(?:了|[^，。！？,!?给]{{1,6}}?(?:带|捎|拿|送|留|做|织|缝|编|煮|炖|烤|端|提)了?)(?!{_NOT_GIVEN_ZH})"
                     rf"[^，。！？,!?]{{0,6}}?(?:一|两|几|半|满)(?:条|个|篮|筐|袋|罐|包|块|斤|把|只|壶|瓶|碗|盒|捆|束|串|件|双|盆|坛|兜|匹|碟|盘|尾)"
                     rf"(?!钱)")
BORROWED_EN = re.compile(rf"\bborrowed\s+(?!(?:\S+\s+){{0,2}}{_MONEY_EN}\b)(?:a|an|the|some|his|her|their|my|your|our|"
                         rf"[a-z]+'s)\s+[a-z][\w-]*")
KEPT_BORROWED_EN = re.compile(rf"\bborrowed\b(?![^.!?;]{{0,40}}?\b{_MONEY_EN}\b)[^.!?;]{{0,60}}?(?:\b(?:never|didn't|did not|"
                              rf"hasn't|has not|won't|still hasn't|not)\s+(?:\w+\s+)?(?:returned|given (?:it |them )?back|"
                              rf"gave (?:it |them )?back|brought (?:it |them )?back|return(?:ed)?|give (?:it |them )?back)|"
                              rf"\bkept (?:it|them)\b)")
UNPAID_LOAN_EN = re.compile(rf"\bborrowed\b[^.!?;]{{0,30}}?\b{_MONEY_EN}\b[^.!?;]{{0,50}}?\b(?:never|didn't|did not|hasn't|"
                            rf"has not|won't|still hasn't)\s+(?:\w+\s+)?(?:returned|repaid|paid|given|gave|give|return)")
UNASKED_EN = re.compile(r"\b(?:borrowed|took|used|rode|wore|opened|went through|helped (?:him|her|them)sel(?:f|ves) to)\b"
                        r"[^.!?;]{0,50}?\bwithout (?:asking|permission|leave|a word|so much as asking|telling)")
BORROWED_ZH = re.compile(rf"借(?:了|走了|去了|走|过)(?![^，。！？,!?]{{0,8}}?{_MONEY_ZH})[^，。！？,!?]{{1,8}}")
KEPT_BORROWED_ZH = re.compile(rf"借(?:了|走了|去了|走|过)?(?![^，。！？,!?]{{0,10}}?{_MONEY_ZH})[^。！？!?]{{1,16}}?"
                              rf"(?:一直|至今|到现在|到今天|还)?(?:都)?(?:没还|不还|没有还|没送回|不送回|没拿回来|没有送回|占着不还|赖着不还)")
UNPAID_LOAN_ZH = re.compile(rf"借(?:了|走了|去了|走|过)?[^，。！？,!?]{{0,8}}?{_MONEY_ZH}[^，。！？,!?]{{0,12}}?"
                            rf"(?:没还|不还|没有还|赖着)")
UNASKED_ZH = re.compile(r"(?:没打招呼|招呼都不打|招呼也不打|没问一声|问都不问|也不问一声|没经同意|没经过同意)就?"
                        r"(?:拿|借|用|开|骑|穿|牵|搬|动)|不问自取")
# spoiling someone's thing: a verb of damage, then whose it was (not one's own arm, word or promise)
_NOT_A_THING_EN = (r"(?:own|arm|leg|wrist|ankle|nose|neck|back|hand|foot|finger|rib|ribs|collarbone|hip|head|jaw|tooth|"
                   r"teeth|heart|word|promise|fast|silence|spirit|fall|record|news|mind|concentration|sleep|luck|"
                   r"ice|rules?|law|habit|spell|tie|deadlock|bank|day|journey|trail|ground|surface|mood|skin)")
DAMAGED_EN = re.compile(rf"\b(?:ruined|wrecked|broke|tore|frayed|damaged|smashed|ripped|spoiled|spoilt|trampled|dented|"
                        rf"scratched|cracked|snapped|split|chipped|stained|tangled|holed|scorched|bent)\s+(?:up\s+)?"
                        rf"(?:his|her|their|my|your|our|the|[a-z]+'s)\s+(?!{_NOT_A_THING_EN}\b)[a-z][\w-]*"
                        # someone's thing burnt ("Greta burnt Ole's supper" was read as a fire that ruined her):
                        # a possessor only, as "burned the bread" is one's own cooking gone wrong
                        rf"|\b(?:burnt|burned)\s+(?:his|her|their|my|your|our|[a-z]+'s)\s+(?!{_NOT_A_THING_EN}\b)[a-z][\w-]*"
                        # the habit said of it: "is always spoiling the dough", "always breaks other people's tools" (so a
                        # denial, "Tom isn't always spoiling the dough", is read by agents/vouch.py with its words as a
                        # spoiling: it read as a remark and cleared nothing); not when the habit itself is denied
                        rf"|(?<!n't always )(?<!not always )(?<!never )(?<!n't )(?<!not )"
                        rf"\b(?:ruining|wrecking|breaking|tearing|damaging|smashing|ripping|spoiling|trampling|denting|"
                        rf"scratching|cracking|snapping|chipping|staining|tangling|scorching|burning|ruins|wrecks|breaks|"
                        rf"tears|damages|smashes|rips|spoils|tramples|dents|scratches|cracks|snaps|chips|stains|tangles)\s+"
                        rf"(?:up\s+)?(?:his|her|their|my|your|our|the|other people's|people's|[a-z]+'s)\s+"
                        rf"(?!{_NOT_A_THING_EN}s?\b)[a-z][\w-]*"
                        # a thing handed back spoilt: "brought the nets back torn", "returned my cart broken"
                        rf"|\b(?:brought|gave|handed|returned|left|sent)\s+(?:back\s+)?(?:his|her|their|my|your|our|the|"
                        rf"[a-z]+'s)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:back\s+)?(?:torn|broken|ruined|smashed|"
                        rf"damaged|cracked|ripped|bent|wrecked|split|stained|holed|dented|snapped)\b")
DAMAGED_ZH = re.compile(r"(?:把|将)(?!自己)[^，。！？,!?把]{1,12}?(?:弄坏|弄破|弄脏|弄断|弄丢|搞坏|搞丢|砸坏|砸了|砸碎|踩坏|踩烂|"
                        r"撕破|撕烂|扯破|挂破|刮破|划破|碰坏|碰碎|摔坏|摔碎|摔破|摔烂|打碎|打破|打烂|烧坏|戳破|剪坏|压坏|毁了|糟蹋)"
                        r"|(?:弄坏|弄破|撕破|砸坏|踩坏|打碎|摔碎|弄丢|毁)了[^，。！？,!?]{0,4}?"
                        r"(?:的|家的)"
                        # the passive: "我的网又被小虎弄破了"
                        r"|被[^，。！？,!?被]{1,8}?(?:弄坏|弄破|弄脏|弄断|搞坏|砸坏|踩坏|踩烂|撕破|撕烂|扯破|刮破|划破|碰坏|摔坏|撞坏|撞破|撞断|"
                        r"戳破|剪坏|压坏)了")

# someone's thing spoilt in the work done on it (老陈把王嫂的绸子染坏了, 把李婶的袄子剪坏了) is the worker's doing: the
# thing's own "…坏了" read it as a mishap that blames nobody, so "…，他这人就是马虎" moved no tie (N-11)
SPOILT_WORK_ZH = re.compile(r"(?<![没不])(?:把|将)(?!自己)[^，。！？,!?把]{1,8}?(?:的|家的)[^，。！？,!?把的]{1,6}?"
                            r"[染缝修剪烫洗刷漆印裁织绣钉补晒磨切锯刨熨拆配]+(?:坏|破|花|烂|废)了")

# a thing of the speaker's or the listener's lost, dropped or broken by someone is a complaint about them: "Pike dropped
# my lamp by accident" was read by meaning as nothing, then as a mishap blaming nobody, and retold "you got hurt"
_NOT_LOST_EN = (r"(?:temper|way|mind|nerve|patience|balance|footing|grip|hold|touch|trust|voice|eyes|gaze|guard|place|"
                r"chance|count|track|sight|turn|bet|appetite|breath|job|friend|friends|wife|husband|son|daughter|"
                r"mother|father|baby|child|children|brother|sister|family|name|names|hint|subject|plan|plans|case|charges|"
                r"claim|idea|pace|speed|lead|money|savings|coins|wages|rent)")
_OWN_EN = r"(?:my|your|our)"
OWN_THING_DAMAGED_EN = re.compile(
    rf"\b(?:dropped|lost|broke|smashed|cracked|chipped|knocked over|spilled|spilt|tore|ripped|ruined|wrecked|damaged|"
    rf"dented|shattered|snapped|scratched|stained|burned|burnt|scorched)\s+{_OWN_EN}\s+(?:best\s+|good\s+|new\s+|old\s+)?"
    rf"(?!{_NOT_A_THING_EN}\b)(?!{_NOT_LOST_EN}\b)[a-z][\w-]*")
_DAMAGE_ZH = (r"(?:弄坏|弄破|弄脏|弄断|弄丢|搞坏|搞丢|砸坏|砸碎|踩坏|踩烂|撕破|撕烂|扯破|挂破|刮破|划破|碰坏|碰碎|摔坏|摔碎|摔破|"
              r"摔烂|打碎|打破|打烂|烧坏|戳破|剪坏|压坏|毁了|糟蹋)")
OWN_THING_DAMAGED_ZH = re.compile(rf"(?:把|将)(?:我|你|咱|俺)们?(?:的|家的)?[^，。！？,!?把]{{1,10}}?{_DAMAGE_ZH}"
                                  rf"|{_DAMAGE_ZH}了(?:我|你|咱|俺)们?(?:的|家的)")

# money handed over: the verb of giving with the one given it, then the money ("slipped Ida a silver coin",
# "pressed a coin into Ida's hand"); money for something or owed back is a payment, said next
_COUNT_EN = (r"(?:a|an|one|some|two|three|four|five|six|seven|eight|nine|ten|twenty|a few|a couple of|a handful of|"
             r"a purse of|a bag of|a pouch of|\d+)")
_COIN_KIND_EN = r"(?:(?:silver|gold|copper|brass|bright|shiny|small|little|spare|few|odd|extra)\s+)"
# "for the winter", "for the journey": what the money is to see someone through, still a gift
_FOR_NEED_EN = (r"(?:winter|journey|road|trip|way|week|month|year|children|child|baby|babies|wedding|funeral|doctor|"
                r"medicine|trouble|kindness|luck|keeps?|rainy day|hard times|lean months)\b")
_PAYMENT_AFTER_EN = (r"(?:for\s+(?:the|his|her|their|my|your|our|a|an|some|two|three|each|every|it|them)\b(?!\s+"
                     rf"{_FOR_NEED_EN})|to pay\b|as payment|"
                     r"in payment|back\b|owed\b|(?:he|she|they|i|we) owed|change\b|as (?:the|his|her) fare|for (?:rent|board))")
MONEY_GIVEN_EN = re.compile(
    rf"\b(?:gave|slipped|handed|pressed|passed|tossed|tipped|sent|left|offered|pushed)\s+(?:him|her|them|me|us|you|[a-z]+)"
    rf"\s+(?:{_COUNT_EN}\s+)?{_COIN_KIND_EN}?{_MONEY_EN}\b(?![^.!?;]{{0,20}}?\b{_PAYMENT_AFTER_EN})"
    rf"|\b(?:slipped|pressed|put|tucked|dropped|folded)\s+(?:{_COUNT_EN}\s+)?{_COIN_KIND_EN}?{_MONEY_EN}\s+into\s+"
    rf"(?:his|her|their|[a-z]+'s)\s+(?:hands?|palms?|apron|basket|cup|hat)\b(?![^.!?;]{{0,20}}?\b{_PAYMENT_AFTER_EN})")
PAYMENT_EN = re.compile(
    rf"\b(?:gave|slipped|handed|passed|tossed|sent|left|counted out|put down)\s+(?:(?:him|her|them|me|us|you|[a-z]+)\s+)?"
    rf"(?:{_COUNT_EN}\s+)?{_COIN_KIND_EN}?{_MONEY_EN}\s+(?:for(?!\s+(?:the\s+|his\s+|her\s+|their\s+|a\s+)?{_FOR_NEED_EN})|"
    r"as payment|in payment|to pay)\b"
    rf"|\bpaid\s+(?:him|her|them|me|us|you|[a-z]+)\s+(?:{_COUNT_EN}\s+{_COIN_KIND_EN}?{_MONEY_EN}\s+)?for\b")
# someone else's thing put away about oneself: "slipped Ida's purse into his pocket" (no cue word; the template's
# meaning, "He slipped her purse into his pocket", reads as nothing)
POCKETED_EN = re.compile(r"\b(?:slipped|tucked|stuffed|shoved|stuck|hid)\s+[a-z]+'s\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+"
                         r"(?:into|in|under|up)\s+(?:his|her|their)\s+(?:own\s+)?(?:pockets?|coat|sleeve|shawl|apron|bag|"
                         r"sack|basket|jacket|shirt|cloak|boot)\b")
# a thing of someone's that gave out by itself is a mishap, nobody's doing: "Lin's oven cracked in the night" read
# by meaning as a fire that took everything, "Ned's boat sprang a leak" and 阿海的船漏水了 as nothing
_NOT_A_BREAKING_EN = (r"(?:news|day|dawn|storm|fever|silence|spell|heat|weather|story|voice|smile|heart|record|fast|ice|wave|"
                      r"waves|crowd|crowds|clouds|company)")
# the thing named with whom it came from: "the mooring line (that) Ewan bought from Tam parted in the night"
_BOUGHT_FROM_EN = (r"(?:\s+(?:that\s+|which\s+)?[a-z][\w'-]*\s+(?:bought|got|had|ordered|took)\s+(?:from|off)\s+"
                   r"[a-z][\w'-]*(?:'s)?(?:\s+(?:shop|stall|yard|forge))?)?")
THING_GAVE_OUT_EN = re.compile(
    rf"\b(?:[a-z]+'s|his|her|their|the|my|our|your)\s+(?!{_NOT_A_BREAKING_EN}\b)[a-z][\w-]*(?:\s+(?!and\b|but\b|then\b|"
    rf"so\b|that\b|which\b)[a-z][\w-]*){{0,2}}{_BOUGHT_FROM_EN}\s+"
    r"(?:cracked|broke|split|snapped|burst|gave way|collapsed|leaked|sprang a leak|fell apart|wore through|came loose|"
    r"came off|ran dry|caved in|rotted through|rusted through|froze solid|sank|parted|gave out|frayed(?: through)?|"
    r"came apart|unravell?ed)\b"
    r"(?![^.!?;]*\b(?:storm|flood|fire|gale|wind|lightning|thie(?:f|ves)|stole|kicked|smashed|on purpose)\b)")
# (not when someone did it: 把我的戏服弄坏了 read "的戏服弄坏了" as a thing that gave out, and the damage was nobody's)
THING_GAVE_OUT_ZH = re.compile(r"的[^，。！？,!?的被让叫给把弄搞砸踩撕]{1,4}?(?:裂了|漏水了|漏了|坏了|断了|塌了|散架了|破了个?洞|干了|锈穿了)"
                               r"(?![^。！？!?]*(?:风暴|大风|大水|洪水|火|雷|贼|偷|故意))")
# nursing someone through an illness is help given, not the nurse's illness: "Ysa sat up all night with the Fenn
# baby and saw it through the fever" read as Ysa's illness by the cue "fever"
NURSED_EN = re.compile(r"\b(?:nursed|tended|sat up(?: all night)? with|cared for|looked after|watched over|saw (?:him|her|them|it|"
                       r"[a-z]+) through)\b[^.!?;]{0,50}?\b(?:fever|illness|sickness|chill|cough|pox|flu|ague|sick|ill|"
                       r"through the night|all night)\b")
NURSED_ZH = re.compile(r"(?:照顾|照料|守着|守了|伺候|陪着|看护|护理)[^，。！？,!?]{0,10}?(?:病|烧|发热|一夜|一宿|整夜)")
# something dropped or knocked over that broke: "Pia dropped a tray of pots and they all broke" (no cue word)
DROPPED_EN = re.compile(r"\b(?:dropped|knocked over|upset|let fall|fumbled)\b[^.!?;]{0,40}?\b(?:and|so)\s+(?:it|they|everything|"
                        r"the [a-z]+|all of them|every one)\s+(?:all\s+|of them\s+)?(?:broke|smashed|shattered|spilled|spilt|"
                        r"cracked|went everywhere|rolled away)\b")
_COINS_ZH = r"(?:银币|银元|银圆|银子|碎银|银两|铜板|铜钱|铜子儿?|钱|赏钱|零钱|压岁钱|红包)"
MONEY_GIVEN_ZH = re.compile(
    rf"(?<![还找付交])(?:塞给|递给|赏给|送给|给了|塞了|赏了)[^，。！？,!?]{{0,6}}?(?:一|两|几|半|[二三四五六七八九十百\d]+)?"
    rf"(?:枚|个|块|把|串|锭|吊|文|两|包|封|点)?(?:[^，。！？,!?]{{0,3}}?){_COINS_ZH}(?![^，。！？,!?]{{0,4}}?(?:买|付|还|的账))"
    rf"|往[^，。！？,!?]{{1,6}}?(?:手里|手心|怀里|篮子里|碗里)塞了?[^，。！？,!?]{{0,6}}?{_COINS_ZH}")


# short change is money kept from a customer, whatever the template's meaning says ("他给客人找零时少找了五文钱"
# read as nothing once the name was a pronoun)
SHORT_CHANGE_EN = re.compile(r"\bshort[- ]?changed\b|\bgave (?:him|her|them|me|us|[a-z]+) short change\b")
# false scales: a seller's weights that cheat the buyer ("老周的秤好像不太准", 短秤, "his scales are off",
# "a rigged scale"); the accident rule still turns "the scales were off by mistake" into a mishap
SCALES_ZH = re.compile(r"秤[^，。！？,!?]{0,4}?(?:(?<!准)不准|不太准|不大准|有问题|有鬼|做了手脚|动了手脚)|短秤|亏秤|克扣分量")
SCALES_EN = re.compile(r"\b(?:scales?|weights?)\s+(?:is|are|was|were|'s|'re|have been|has been)\s+(?:a bit |a little |always |"
                       r"often |way |all )?(?:off|rigged|false|crooked|tampered with|short|light|wrong)\b"
                       r"|\b(?:rigged|false|crooked|doctored|loaded|tampered)\s+(?:scales?|weights?)\b")
SHORT_CHANGE_ZH = re.compile(r"少找了?[^，。！？,!?]{0,4}?钱|找错了?钱|少找了?[一二两三四五六七八九十几\d]+[文块个枚]")


# a name between the words of a cue ("paid Ysolde back", "kept Ysolde waiting"): the cue misses it, and
# the template's meaning ("He paid her back the five coins") fell below the margin the names cleared
# not after a negation: "I owe Pell two crowns and haven't paid him back" read as a debt repaid
REPAID_EN = re.compile(r"(?<!never )(?<!n't )(?<!not )(?<!n't yet )(?<!not yet )(?<!never yet )"
                       r"\bpaid\s+(?:him|her|them|me|us|[a-z]+)\s+back\b(?!\s+(?:in kind|for))")
KEPT_WAITING_EN = re.compile(r"\bkept\s+(?:him|her|them|me|us|[a-z]+)(?:\s+and\s+[a-z]+)?\s+waiting\b")
UNPAID_TAKING_EN = re.compile(r"\btook\b[^.!?;]{1,40}?\b(?:and|but)\s+(?:never|didn't|did not)\s+pa(?:y|id)\b")
UNPAID_TAKING_ZH = re.compile(r"拿了?[^，。！？,!?]{1,10}?(?:没给钱|不给钱|没付钱|不付钱|钱也没给|钱都没给)")
# pocketing money that is not yours is theft with no cue word (把柜台里的钱揣进了兜里: read as a remark once the
# embedding drifted a little on a new machine); not after a negation (没把钱揣进兜里)
POCKETED_ZH = re.compile(
    r"(?<![没不])把(?:柜台|钱柜|钱箱|钱匣|抽屉|箱子|账房|别人|人家|公家|店里|铺子里|客人)[^，。！？,!?]{0,6}?(?:钱|银子|铜钱|铜板)"
    r"(?:偷偷)?(?:揣|塞|装)进了?(?:自己的?)?(?:兜|口袋|腰包|怀|袖)"
    r"|(?:趁|偷偷)[^，。！？,!?]{0,10}?(?<![没不])把[^，。！？,!?]{0,8}?(?:钱|银子|铜钱|铜板)(?:揣|塞|装)进了?(?:自己的?)?"
    r"(?:兜|口袋|腰包|怀|袖)")
REPAID_ZH = re.compile(r"把[^，。！？,!?]{0,6}?欠[^，。！？,!?]{0,6}?还(?:给|清|上)"
                       # money handed back ("小鱼把二两银子还给了钱老板" was read by meaning as a theft; 把借的钱还了 as nothing)
                       rf"|(?<![没不])把[^，。！？,!?把]{{0,8}}?{_MONEY_ZH}[^，。！？,!?]{{0,2}}?还(?:给|清|上|了)"
                       rf"|(?<![没不])还(?:给|清)了?[^，。！？,!?]{{0,6}}?{_MONEY_ZH}")
# money borrowed, said with its amount ("Tom borrowed two shillings from Ada" read as nothing: the cues are
# "borrowed money" and "borrowed shillings"); not after a negation
BORROWED_MONEY_EN = re.compile(rf"(?<!never )(?<!n't )(?<!not )\bborrowed\s+(?:[a-z0-9]+\s+){{0,3}}?{_MONEY_EN}\b")

# lending is the lender's kindness, never their wrong: "Pell lent me money" read by meaning as a theft by Pell,
# 他借给我钱 as his unpaid debt (the words of a debt, the blame on the one who lent); not after a negation
LENT_EN = re.compile(r"(?<!never )(?<!n't )(?<!not )\b(?:lent|loaned)\s+(?:him|her|them|me|us|you|[a-z]+)\s+"
                     r"(?:a|an|the|some|his|her|their|[a-z]+'s|\d+|[a-z]+)\b|(?<!never )(?<!n't )(?<!not )\b(?:lent|loaned)\s+"
                     rf"(?:(?:him|her|them|me|us|you|[a-z]+)\s+)?(?:[a-z0-9]+\s+){{0,2}}?{_MONEY_EN}\b")
LENT_ZH = re.compile(r"(?<![没不])(?<!不肯)(?<!不愿)借给(?:了)?[^，。！？,!?]{1,10}")

# a lapse of duty is carelessness (no cue word: "forgot to tie the horse", "fell asleep on watch", 忘了拴马, 守夜时睡着了
# read as a remark, and the rumour grew into "always making remarks"); not after a negation ("never forgot to")
_NOT_AFTER_EN = r"(?<!never )(?<!n't )(?<!not )(?<!nor )"
LAPSE_EN = re.compile(
    rf"{_NOT_AFTER_EN}\bforgot to\s+[a-z]+"
    rf"|{_NOT_AFTER_EN}\b(?:fell asleep|dozed off|nodded off|slept|was asleep|went to sleep)\s+(?:on|at|during|in the middle of)\s+"
    r"(?:(?:the|his|her|their|a|night)\s+)?(?:night\s+)?(?:watch|guard|duty|post|shift|vigil|gate|lookout|helm)\b"
    rf"|{_NOT_AFTER_EN}\bleft\s+(?:the|his|her|their|[a-z]+'s)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:unlocked|unbarred|untied|unlatched|unattended|"
    r"unguarded|untended)\b"
    # a fire in one's keeping let go out ("let the kiln fire die overnight" was read as a fire)
    rf"|{_NOT_AFTER_EN}\blet\s+(?:the|his|her|their|[a-z]+'s)\s+(?:[a-z]+\s+)?(?:fire|kiln|stove|forge|furnace|oven|hearth|"
    r"lamp|lantern|beacon|candle|coals|embers)\s+(?:go out|die(?: out| down| away)?|burn out|go cold|drop|sink|fall|"
    r"burn (?:low|down)|run (?:low|down|cold)|get (?:too )?(?:low|cold)|dwindle)\b")
LAPSE_ZH = re.compile(r"(?<![没不])忘(?:了|记了?)(?:把[^，。！？,!?]{1,6}?)?(?:拴|栓|关|锁|闩|插|喂|盖|收|熄|灭|添|照看|看好|浇|挂|封|"
                      r"带|交|送|通知|点|换|扣|合|还|盯|守|备)"
                      r"|(?:值夜|守夜|站岗|放哨|当班|值班|看门|守门|巡夜|看守)[^，。！？,!?]{0,6}?(?:睡着|睡过去|打瞌睡|打盹|睡大觉)"
                      r"|(?<![没不])让[^，。！？,!?把]{0,4}?(?:窑火|炉火|灶火|火|灯)(?:给)?(?:灭|熄)了"
                      # a fire in one's keeping not watched (把炉火看灭了, 炉火没看住, 让炉子凉了)
                      r"|(?<![没不])把[^，。！？,!?]{0,4}?(?:窑火|炉火|灶火|火|灯)看(?:灭|熄)了"
                      r"|(?:窑火|炉火|灶火)没(?:看住|看好|守住)|(?<![没不])让[^，。！？,!?把]{0,4}?(?:窑|炉|灶|炉子|窑子)(?:给)?凉了"
                      # a thing in one's keeping not made fast (没把酒缸封好 was read as a remark: newcomer K-42)
                      r"|(?<![并从])没(?:有)?把[^，。！？,!?]{1,6}?(?:封|盖|关|锁|拴|栓|扎|绑|系|捆|收|插)(?:好|紧|严|牢|上)"
                      r"|毛手毛脚|粗手粗脚|丢三落四|粗心大意"
                      # things mixed up at one's work (把当归和独活弄混了, 把账记错了)
                      r"|(?<![没不])把[^，。！？,!?]{1,10}?(?:弄混|搞混|弄错|搞错|抓错|拿错|记错|算错|配错)了"
                      # ... or said without 把: 抓错药, 拿错了方子 (read as nothing, so a rumour of it moved no tie)
                      r"|(?<![没不])(?:抓错|拿错|配错|给错|开错|发错|弄混|搞混)了?[^，。！？,!?]{0,3}?(?:药|方子|方|货|东西)")
# one's own cooking or batch burnt is a mistake at one's work (`careless`), not a fire: "Pell burned the whole batch
# of bread" was read by meaning as "lost everything in a fire", 把一整炉面包都烤焦了 as nothing. Someone's thing burnt
# ("burnt Ole's supper", 把老欧的晚饭烧糊了) is spoilt (`damaged`, DAMAGED_EN / DAMAGED_ZH); "burned the letters" is neither.
_COOKED_EN = (r"(?:bread|loaf|loaves|batch|batches|cakes?|pies?|tarts?|buns?|rolls?|biscuits?|pastry|pastries|scones?|"
              r"stew|soup|porridge|rice|beans|roast|joint|meat|supper|dinner|lunch|breakfast|toast|jam|sauce|pudding|"
              r"bacon|fish|chicken|pancakes?|oatcakes?|crusts?|brew|mash|potatoes|onions|sugar|milk|pot|pan)")
_QUANTITY_EN = r"(?:(?:the|a|an|this|that|today's|all|every|whole|entire|two|three|several|of|morning's|day's)\s+)*"
SPOILT_COOKING_EN = re.compile(
    rf"{_NOT_AFTER_EN}\b(?:burned|burnt|scorched|charred|overbaked|overcooked|blackened)\s+{_QUANTITY_EN}"
    rf"(?:(?:batch|tray|pan|pot|ovenful|sheet|kettle|round|lot)(?:es|s)?\s+of\s+{_QUANTITY_EN}(?:[a-z]+\s+)?)?{_COOKED_EN}\b")
_SPOIL_COOKING_ZH = r"(?:烧|烤|煮|熬|炒|蒸|烙|煎|炖|焖|烘)(?:糊|焦|煳)"
SPOILT_COOKING_ZH = re.compile(rf"(?<![没不])(?:把|将)(?!自己)[^，。！？,!?把的]{{1,10}}?{_SPOIL_COOKING_ZH}"
                               rf"|(?<![没不]){_SPOIL_COOKING_ZH}了[^，。！？,!?的]{{0,3}}?(?:一|两|几|整|半|满)")
SPOILT_COOKING_OF_ZH = re.compile(rf"(?:把|将)(?!自己)[^，。！？,!?把]{{1,8}}?的[^，。！？,!?把]{{0,8}}?{_SPOIL_COOKING_ZH}")
# praise of someone's craft said as what they are ("Tom is a fine baker", "she's the best cook in town") is skill:
# it read as a remark, so a good word about someone moved nothing (memory/predicates.py "skilled")
_CRAFT_EN = (r"(?:baker|cook|smith|blacksmith|carpenter|tailor|seamstress|weaver|potter|mason|builder|farmer|fisherman|"
             r"sailor|boatman|ferryman|miller|brewer|butcher|cobbler|shoemaker|dyer|healer|doctor|nurse|midwife|teacher|"
             r"singer|dancer|fiddler|piper|musician|painter|hunter|trader|merchant|shopkeeper|innkeeper|gardener|"
             r"shepherd|rider|horseman|woodcutter|thatcher|cooper|joiner|wheelwright|apprentice|worker|craftsman|"
             r"craftswoman|herbalist|apothecary|scribe|clerk|captain|pilot|lockkeeper|mender|carter|driver|hand|tradesman)s?")
SKILLED_EN = re.compile(rf"{_NOT_AFTER_EN}(?<!n't )(?<!not )\b(?:is|'s|was|are|were)\s+(?:such\s+)?(?:a|an|the)\s+"
                        r"(?:(?:very|really|truly|fine|good|great|wonderful|excellent|skilled|skilful|skillful|first-rate|"
                        r"splendid|marvellous|clever|best|finest|real)\s+){1,3}(?:[a-z]+\s+)?"
                        rf"{_CRAFT_EN}\b")
# a mistake said to be on purpose is no slip but a wrong done to whoever it was done to: "小何故意抓错药" read as
# nothing; "故意把药抓错了" as careless, the intent lost. Not when the intent is denied (不是故意的, "not on purpose").
_MISTAKE_ZH = r"(?:抓错|拿错|配错|给错|开错|发错|弄混|搞混|弄错|搞错|记错|算错)"
INTENDED_MISTAKE_ZH = re.compile(rf"(?<!不是)(?<!并非)(?<!没有)(?<![不没])(?:故意|存心|成心|有意)(?:地|的)?"
                                 rf"(?:把[^，。！？,!?把]{{1,10}}?)?{_MISTAKE_ZH}"
                                 rf"|(?<![不没])(?:是)?{_MISTAKE_ZH}[^，。！？,!?]{{0,4}}?(?<!不是)(?:是)?(?:故意|存心|成心)的")
_MISTAKE_EN = (r"(?:mixed up|muddled(?: up)?|mislabell?ed|swapped|confused|gave (?:[a-z]+ )?the wrong|handed (?:[a-z]+ )?the wrong|"
               r"got (?:the |his |her |their )?[a-z]+ wrong|measured (?:out )?the wrong|poured the wrong)")
# a plain mix-up of things ("mixed up two jars", "muddled the orders") is a slip at one's work: read by meaning,
# "Rowan mixed up two jars and Gideon's cough syrup came out bitter" was an illness (the syrup's "cough").
# Not being mixed up in something or with someone, nor a muddle of one's own ("I got mixed up").
# A harm barely missed through such a slip ("nearly poisoned you with that syrup") is the same carelessness.
MISTAKE_EN = re.compile(rf"{_NOT_AFTER_EN}\b(?:gave (?:[a-z]+ )?the wrong|handed (?:[a-z]+ )?the wrong|"
                        r"measured (?:out )?the wrong|poured the wrong)\b"
                        rf"|{_NOT_AFTER_EN}(?<!got )(?<!get )(?<!gets )(?<!getting )\b(?:mixed|muddled|swapped)(?: up)?\s+"
                        r"(?!up\b|in\b|with\b|about\b|together\b)(?:the|two|three|both|his|her|their|my|our|your|some|a|an|"
                        r"all the)\s+(?:[a-z]+\s+){0,2}?(?:jars?|bottles?|pots?|labels?|orders?|names?|sacks?|bags?|boxes?|"
                        r"herbs?|powders?|doses?|medicines?|remed(?:y|ies)|tins?|packets?|letters?|parcels?|keys?|"
                        r"accounts?|bills?|tickets?|dates?|recipes?|measures?|weights?|pages?|plates?|types?|threads?|"
                        r"colou?rs?|dyes?|seeds?|spices?|salts?|flasks?|vials?|tubs?|barrels?|casks?|crates?|notes?)\b"
                        rf"|{_NOT_AFTER_EN}\bmislabell?ed\b"
                        rf"|{_NOT_AFTER_EN}\b(?:nearly|almost|all but)\s+poisoned\b"
                        # a thing put in place the wrong way up ("set the almanac page with the tide table upside down"
                        # read as a mishap: nobody's fault; third newcomer K-9)
                        rf"|{_NOT_AFTER_EN}\b(?:set|put|hung|hang|nailed|pinned|printed|fitted|laid|mounted|stitched|sewed|"
                        r"sewn|glued|bound|painted|wrote|carved|shod|placed|framed)\b[^.!?;]{0,50}?\b(?:upside[- ]down|"
                        r"back to front|inside out|the wrong way (?:round|up|around)|backwards|crooked|askew)\b")
# ... and in Chinese: 挂反了, 排倒了, 装反了 (a thing fitted the wrong way round)
UPSIDE_DOWN_ZH = re.compile(r"(?<![没不])(?:把|将)[^，。！？,!?]{1,10}?(?:挂|贴|装|排|印|钉|缝|穿|写|刻|镶|绣|画)"
                            r"(?:反|倒|歪)了"
                            # ... a piece cut wrong (把桌腿锯短了一截, 锯短了桌腿: read as nothing), and a harm barely
                            # missed through a slip (差点把你毒死, 险些毒倒了他)
                            # ... and one's own work spoilt at the craft (阿秀把一匹绸子染花了: read by meaning as a theft);
                            # someone else's thing so spoilt (把王嫂的绸子染坏了) is damage (SPOILT_WORK_ZH), said as an
                            # accident a mishap: the 把 span holds no 的, and without 把 the result is followed by its object
                            r"|(?<![没不])(?:把|将)[^，。！？,!?的]{1,10}?(?:锯|裁|剪|切|削|刨|凿)(?:短|歪|斜|错|偏|坏)了"
                            r"|(?<![没不把将])(?:锯|裁|剪|切|削|刨|凿)(?:短|歪|斜|错|偏|坏)了(?=[\u4e00-\u9fff])"
                            r"|(?<![没不])(?:把|将)[^，。！？,!?的]{1,10}?(?:染|缝|织|绣|烫|印|刷|漆|绘)(?:花|坏|砸|废|错|糊)了"
                            r"|(?<![没不把将])(?:染|缝|织|绣|烫|印|刷|漆|绘)(?:花|坏|砸|废|错|糊)了(?=[\u4e00-\u9fff])"
                            r"|(?:差点|差一点|险些|几乎)(?:儿)?(?:把[^，。！？,!?]{1,6}?)?(?:毒死|毒倒|药死|害死)")
INTENDED_MISTAKE_EN = re.compile(
    rf"{_NOT_AFTER_EN}\b{_MISTAKE_EN}\b[^.!?;,]{{0,40}}?(?<!not )\b(?:on purpose|deliberately|purposely|out of spite)\b"
    rf"|\b(?<!not )(?:deliberately|purposely)\s+{_MISTAKE_EN}\b")
# selling bad goods as good is a cheat ("sold Orla wet sand on purpose", 往茶里掺了凉水: the cue 掺水 split by 了 and
# what was mixed in); "never sold wet sand" is no cheat
# ... and selling fakes is one ("sells fake medicine", "peddles quack cures", 卖假药: read as nothing, a mere remark),
# as is passing one thing off as another ("passed off chalk as flour": read by meaning as carelessness)
CHEAT_EN = re.compile(
    rf"{_NOT_AFTER_EN}\b(?:sold|sells|sell|selling|peddled|peddles|peddle|peddling|hawked|hawks|hawking)\s+"
    r"(?:(?:him|her|them|me|us|you|[a-z]+)\s+)?(?:(?:a|an|the|some|his|her|their)\s+)?"
    r"(?:[a-z]+\s+)?(?:wet|damp|rotten|rotting|spoiled|spoilt|stale|watered[- ]down|fake|mouldy|moldy|sour|rancid|"
    r"underweight|short-weight|adulterated|tainted|sandy|counterfeit|sham|quack|phony|phoney|bogus)\b"
    rf"|{_NOT_AFTER_EN}\b(?:sold|passed off)\b[^.!?;]{{1,30}}?\bas (?:fresh|new|good|real|genuine|dry|pure|sound)\b"
    rf"|{_NOT_AFTER_EN}\bpassed\s+(?:off\s+[^.!?;]{{1,30}}?|(?:[a-z]+\s+){{1,3}}off\s+)as\b"
    rf"|{_NOT_AFTER_EN}\b(?:watered down|watered|adulterated)\s+(?:the|his|her|their)\s+(?:milk|ale|beer|wine|cider|tea|soup)\b"
    rf"|{_NOT_AFTER_EN}\b(?:mixed|cut|padded|bulked)\s+(?:some\s+)?(?:sand|chalk|sawdust|grit|gravel|stones|pebbles|bran|water)"
    r"\s+(?:in|into|with)\b")
CHEAT_ZH = re.compile(r"(?<![没不])(?:往|在)[^，。！？,!?]{1,8}?(?:里|中)(?:偷偷)?(?:掺|兑|搀|混)了?[^，。！？,!?]{0,4}?(?:水|沙|土|石子|糠)"
                      r"|(?<![没不])(?:掺|兑|搀)了[^，。！？,!?]{0,3}?(?:水|沙|土|石子|糠)"
                      r"|以次充好|以假乱真"  # short weight (缺斤少两) is overcharging: its own predicate's cue
                      r"|(?<![没不])卖给?[^，。！？,!?]{0,6}?(?:湿沙|烂货|假货|次货|发霉的|馊了的|坏了的|冒牌货|伪劣|"
                      r"假(?:药|酒|油|米|盐|茶|人参|参|膏药|药材|药丸|方子|首饰|古董|银子|布))")


class Gated:
    """A rule's pattern searched only when one of its trigger words is in the text (most texts
    have none, and `in` costs far less than the regex: every cue reading runs every rule)."""

    def __init__(self, pattern: re.Pattern[str], triggers: tuple[str, ...]) -> None:
        self.pattern, self.triggers = pattern, triggers

    def search(self, text: str) -> re.Match[str] | None:
        return self.pattern.search(text) if any(t in text for t in self.triggers) else None


_GIVE_EN = ("gave", "brought", "handed", "sent", "left", "baked", "made", "knitted", "saved")
_GIVE_MONEY_EN = ("gave", "slipped", "handed", "pressed", "passed", "tossed", "tipped", "sent", "left", "offered",
                  "pushed", "put", "tucked", "dropped", "folded")
_GAVE_OUT_EN = ("cracked", "broke", "split", "snapped", "burst", "gave way", "collapsed", "leak", "fell apart", "wore through",
                "came loose", "came off", "ran dry", "caved in", "rotted", "rusted", "froze", "sank", "parted", "gave out",
                "frayed", "came apart", "unravel")
_DAMAGE_EN = ("ruin", "wreck", "broke", "break", "torn", "tore", "tear", "frayed", "damag", "smash", "rip", "spoil", "trampl",
              "dent", "scratch", "crack", "snap", "split", "chip", "stain", "tangl", "holed", "scorch", "bent", "burn")
CASE_RULES: tuple[tuple[str, Gated, bool], ...] = (
    ("gift", Gated(GIFT_EN, _GIVE_EN), True), ("gift", Gated(GIFT_ZH, ("给",)), False),
    ("gift", Gated(MONEY_GIVEN_EN, _GIVE_MONEY_EN), True), ("gift", Gated(MONEY_GIVEN_ZH, ("给", "塞", "赏")), False),
    ("remark", Gated(PAYMENT_EN, ("for", "pay")), True),
    ("theft", Gated(POCKETED_EN, ("'s",)), True),
    ("helpful", Gated(NURSED_EN, ("nursed", "tended", "sat up", "cared for", "looked after", "watched over", "through")), True),
    ("helpful", Gated(NURSED_ZH, ("照", "守", "伺候", "陪着", "看护", "护理")), False),
    ("mishap", Gated(THING_GAVE_OUT_EN, _GAVE_OUT_EN), True), ("mishap", Gated(DROPPED_EN, ("dropped", "knocked", "upset",
                                                                                          "let fall", "fumbled")), True), ("mishap", Gated(THING_GAVE_OUT_ZH, ("的",)), False),
    ("helpful", Gated(LENT_EN, ("lent", "loaned")), True), ("helpful", Gated(LENT_ZH, ("借给",)), False),
    ("borrowed", Gated(BORROWED_EN, ("borrowed",)), True), ("borrowed", Gated(BORROWED_ZH, ("借",)), False),
    ("kept_borrowed", Gated(KEPT_BORROWED_EN, ("borrowed",)), True),
    ("kept_borrowed", Gated(KEPT_BORROWED_ZH, ("借",)), False),
    ("debt_unpaid", Gated(UNPAID_LOAN_EN, ("borrowed",)), True), ("debt_unpaid", Gated(UNPAID_LOAN_ZH, ("借",)), False),
    ("took_unasked", Gated(UNASKED_EN, ("without",)), True), ("took_unasked", Gated(UNASKED_ZH, ("招呼", "问", "同意")), False),
    ("damaged", Gated(DAMAGED_EN, _DAMAGE_EN), True),
    ("damaged", Gated(OWN_THING_DAMAGED_EN, ("dropped", "lost", "knocked", "spil", "shattered", "burn", "scorched")), True), ("damaged", Gated(DAMAGED_ZH, ("把", "将", "了")), False),
    ("damaged", Gated(SPOILT_WORK_ZH, ("坏了", "破了", "花了", "烂了", "废了")), False),
    ("overcharged", Gated(SCALES_ZH, ("秤",)), False), ("overcharged", Gated(SCALES_EN, ("scale", "weight")), True),
    ("overcharged", Gated(SHORT_CHANGE_EN, ("short",)), True), ("overcharged", Gated(SHORT_CHANGE_ZH, ("找",)), False),
    ("debt_repaid", Gated(REPAID_EN, ("back",)), True), ("debt_repaid", Gated(REPAID_ZH, ("欠", "还")), False),
    ("debt", Gated(BORROWED_MONEY_EN, ("borrowed",)), True),
    ("late", Gated(KEPT_WAITING_EN, ("waiting",)), True),
    ("careless", Gated(LAPSE_EN, ("forgot", "asleep", "dozed", "nodded", "slept", "sleep", "left", "let")), True),
    ("careless", Gated(LAPSE_ZH, ("忘", "睡", "瞌睡", "打盹", "让", "混", "错", "看灭", "看熄", "没看", "没守", "没", "毛手", "粗手", "丢三", "粗心")), False),
    ("careless", Gated(MISTAKE_EN, ("wrong", "upside", "front", "inside out", "backwards", "crooked", "askew", "mixed",
                                    "muddled", "swapped", "mislabel", "poisoned")), True),
    ("careless", Gated(UPSIDE_DOWN_ZH, ("反了", "倒了", "歪了", "短了", "斜了", "错了", "偏了", "坏了", "毒", "药死", "害死",
                                      "花了", "砸了", "废了", "糊了")),
     False),
    ("skilled", Gated(SKILLED_EN, ("fine", "good", "great", "wonderful", "excellent", "skil", "first-rate", "splendid",
                                   "marvellous", "clever", "best", "finest", "real")), True),
    ("careless", Gated(SPOILT_COOKING_EN, ("burn", "scorch", "charred", "overbaked", "overcooked", "blackened")), True),
    ("careless", Gated(SPOILT_COOKING_ZH, ("糊", "焦", "煳")), False),
    ("damaged", Gated(SPOILT_COOKING_OF_ZH, ("糊", "焦", "煳")), False),
    ("dishonest", Gated(INTENDED_MISTAKE_ZH, ("故意", "存心", "成心", "有意")), False),
    ("dishonest", Gated(INTENDED_MISTAKE_EN, ("purpose", "deliberately", "spite")), True),
    ("dishonest", Gated(CHEAT_EN, ("sold", "sell", "peddl", "hawk", "passed", "water", "adulterated", "mixed", "cut", "padded",
                                     "bulked")), True),
    ("dishonest", Gated(CHEAT_ZH, ("掺", "兑", "搀", "混", "斤", "充", "假", "卖")), False),
    ("theft", Gated(UNPAID_TAKING_EN, ("took",)), True), ("theft", Gated(UNPAID_TAKING_ZH, ("拿",)), False),
    ("theft", Gated(POCKETED_ZH, ("揣", "塞", "装")), False),
)

ACCIDENT_EN = re.compile(r"\b(?:accidentally|by accident|by mistake|mistakenly|inadvertently|didn't mean to|did not mean to|"
                         r"without meaning to|unintentionally|slipped and|it was an accident)\b")
NOT_ACCIDENT_EN = re.compile(r"\b(?:no accident|not an accident|not by accident|on purpose|deliberately|meant to)\b")
ACCIDENT_ZH = ("不小心", "不留神", "没留神", "没注意", "没留意", "失手", "无意中", "无意间", "误把", "错把", "一时大意", "手一滑", "脚下一滑")
NOT_ACCIDENT_ZH = ("故意", "存心", "成心", "有意", "不是不小心", "并非无意")
# what an accident cannot be: deeds done on purpose
DELIBERATE = ("theft", "dishonest", "damaged", "took_unasked", "kept_borrowed", "insulted", "fight", "rude", "overcharged")
ACCIDENT_READING = "mishap"


# a purpose denied ("不是他故意的", "it wasn't on purpose") says it was an accident: its 故意 / "on purpose"
# does not count as saying it was meant
INTENT_DENIED_ZH = re.compile(r"(?:不是|并不是|并非|没有|绝不是|哪是)[^，。！？,!?]{0,3}?(?:故意|存心|成心|有意)")
INTENT_DENIED_EN = re.compile(r"\b(?:wasn't|was not|isn't|is not|not|never)\s+(?:\w+\s+)?(?:on purpose|deliberate(?:ly)?|meant)\b")


def is_accident(text: str, lowered: str) -> bool:
    """Whether the sentence says it happened by accident (and does not say it was on purpose)."""
    if INTENT_DENIED_EN.search(lowered):
        lowered = INTENT_DENIED_EN.sub(" by accident ", lowered)
    if ACCIDENT_EN.search(lowered) and not NOT_ACCIDENT_EN.search(lowered):
        return True
    if INTENT_DENIED_ZH.search(text):
        text = INTENT_DENIED_ZH.sub("无意中", text)
    return any(w in text for w in ACCIDENT_ZH) and not any(w in text for w in NOT_ACCIDENT_ZH)


def careless_overrules(key: str, text: str, lowered: str | None = None) -> bool:
    """Whether a thing of the speaker's or the listener's spoilt by accident is the doer's carelessness:
    "Pike dropped my lamp by accident", 阿虎不小心把我的戏服弄坏了 is a complaint about the one who did it
    (mild, not meant), not a misfortune that blames nobody (someone else's thing so spoilt is news: a mishap)."""
    if key not in ("damaged", "mishap"):
        return False
    lowered = text.lower() if lowered is None else lowered
    return is_accident(text, lowered) and bool(OWN_THING_DAMAGED_EN.search(lowered) or OWN_THING_DAMAGED_ZH.search(text))


def accident_overrules(key: str, text: str, lowered: str | None = None) -> bool:
    """Whether a deliberate wrong read from the text (or nothing at all) must give way to a mishap:
    "knocked over her bucket by accident" is news of a small misfortune, not a remark whose felt
    valence cools the tie."""
    return (key in DELIBERATE or key == "remark") and is_accident(text, text.lower() if lowered is None else lowered)


# a reading these rules make that is the lesser news beside another one said outright
_YIELDS = {"damaged": "a graver wrong, carelessness said outright, or a misfortune (the storm wrecked it)", "borrowed": "anything else",
           "mishap": "a graver misfortune (he fell and broke his arm), or a grave wrong told with it"}


def lesser_case(key: str, hits: list[tuple[str, bool]], inventory) -> str:  # noqa: ANN001
    """The reading once a case rule's own is weighed against the other cues said outright (`hits`:
    (predicate, negated), best first): a spoiled thing gives way to a lie or a theft told with it,
    and to a misfortune that did the spoiling; a loan of a thing to anything else said of it."""
    if key not in _YIELDS:
        return key
    own = inventory.get(key)
    for other, negated in hits:
        if negated or other in (key, "remark", "debt"):
            continue
        spec = inventory.get(other)
        if spec is None:
            continue
        if key == "mishap":
            if (not spec.blames_subject and own is not None and abs(spec.valence) > abs(own.valence)) or spec.severity >= 0.5:
                return other
            continue
        if key == "damaged" and other == "mishap":  # the thing that broke is the one spoilt (打碎了 in 把碗打碎了)
            continue
        if key == "damaged" and other == "careless":  # the speaker calls it carelessness (弄坏了…真是马虎)
            return other
        if key == "borrowed" or not spec.blames_subject or (own is not None and spec.severity > own.severity):
            return other
    return key
