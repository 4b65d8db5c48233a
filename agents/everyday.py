"""Everyday requests and questions, answered as the NPC's trade would answer them.

"小芳，来碗茶。", "Can you teach me to walk the wire?", "县长叫什么名字？", "What do you like to do on your
days off?", "王伯，今天的鱼新鲜吗？" ask after nobody's deeds: answered from memories they draw a denial
or a rumour out of nowhere. Each is a class of line with its own answer, decided here by code:

- a request for a thing or a service: served when the NPC's role deals in it (a tea stall serves tea),
  sent on to whoever in the world does (the boatman for a boat), else declined with the role said;
  a teaching or a favour asked by a stranger, or by someone the NPC is cold to, is put off;
- a question no one in the world can answer (tomorrow's weather, a name from outside the world):
  an honest "don't know" in the role's words;
- a personal question (what do you do for fun, what do you do): from the role, in plain words
  (the persona note is never pasted);
- where someone lives: the world holds no homes, so "I couldn't say" with who they are, or "I don't
  know anyone of that name";
- the NPC's own goods ("is the fish fresh?", "what's cooking?", "that stew smells wonderful"):
  answered as the trade would, and sent on when it is someone else's trade.

None when the line is none of these: the caller goes on with memories as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from townsfolk.agents.retraction import told_nothing
from townsfolk.agents.small_talk import small_talk_answer, small_talk_topic, without_greeting
from townsfolk.agents.trade_goods import role_doing, sells
from townsfolk.world.world import World

# what a role deals in: (role words, goods/skill words); zh single characters are nouns a trade sells or does
_ZH_TRADES: tuple[tuple[str, str], ...] = (
    ("茶", "茶"), ("鱼|渔", "鱼"), ("船|渡|艄公", "船|渡|过河"), ("补网|渔", "网"),
    ("厨|饭|面馆|酒馆|客栈|馆|灶", "饭|菜|面|汤|吃|酒|粥"), ("酒", "酒"), ("药|郎中|大夫|医", "药|病|看病"),
    ("铁匠|匠", "修|打|刀|锄"), ("裁缝|绣", "衣|布|缝|补"), ("盐", "盐"), ("米|粮", "米|粮"), ("豆腐", "豆腐"),
    ("车|脚夫", "车|搬|送"), ("先生|老师|书", "书|字|念|写"),
)
_EN_TRADES: tuple[tuple[str, str], ...] = (
    (r"cook|chef|innkeeper|landlady|landlord|tavern|baker|kitchen",
     r"stew|soup|food|meal|supper|dinner|cooking|bread|pie|bowl|plate|breakfast|eat|drink|ale|cook"),
    (r"tea", r"tea"), (r"fish", r"fish|nets?|boat"), (r"ferry|boat|barge", r"boat|cross\w*|ferry|river|ride|passage|fare"),
    (r"acrobat|aerialist|tightrope|wire", r"wire|trapeze|rope|tumbl\w*|balance|rigging|walk the wire"),
    (r"juggler", r"juggl\w*|balls|clubs"), (r"clown", r"jokes?|laugh|tricks?|make-?up"),
    (r"ringmaster|manager|master", r"show|tickets?|job|work|troupe|performance"),
    (r"smith|farrier", r"horseshoe|nails?|blade|knife|mend|fix"), (r"healer|doctor|physician|apothecary",
                                                                    r"medicine|remedy|herbs?|cure"),
    (r"farmer", r"eggs|milk|apples|vegetables"), (r"miller|\bmill", r"flour|grind\w*|grain|corn|meal|sacks?|mill\w*"), (r"tailor|seamstress", r"coat|dress|mend|stitch|sew"),
    (r"carter|driver|coachman", r"cart|ride|lift|carry"), (r"teacher|schoolmaster|schoolmistress|governess|tutor|clerk|scribe", r"read|write|letter|lesson|sums|arithmetic"),
)

# roles whose "serve" is food and drink brought to the table; any other trade sells its wares
_FOOD_EN = re.compile(r"cook|chef|innkeeper|landlady|landlord|tavern|baker|kitchen|tea|barmaid|barman|publican", re.I)
_FOOD_ZH = re.compile(r"茶|厨|饭|面|酒|客栈|馆|灶|豆腐|饼|馒头|点心|粥")
_ZH_WARES = set("茶鱼船网酒面饭汤药布衣鞋米肉菜盐柴车书信刀锅灯糖饼粥豆")
_PRICE_AFTER = r"(?=(?:要|得|卖)?(?:多少钱|几个钱|几文|几钱|怎么卖|什么价|啥价)|[，,。！!？?]|$)"
_REQUEST_ZH = (
    # (the ware stops before a price asked with it: 来一壶酒多少钱 served "酒多少钱")
    ("serve", re.compile(r"(?:^|[，,。])\s*(?:给我|麻烦你?|请)?(?:再)?来(?:[一二两三四五六七八九十百几半0-9]{0,4})(?:碗|杯|壶|份|盘|斤|条|个|瓶|盏|碟|两|块|包|袋|串|屉|笼|根|只)"
                         rf"(?P<obj>[^，,。！!？?]{{1,8}}?){_PRICE_AFTER}")),
    ("serve", re.compile(r"我(?:想|要)(?:买|要|来)(?:[一二两三四五六七八九十百几半0-9]{0,4}(?:碗|杯|壶|份|盘|斤|条|个|瓶|盏|碟|两|张|把|双|根|只|件|顶|副|捆|卷))?"
                         rf"(?P<obj>[^，,。！!？?]{{1,8}}?){_PRICE_AFTER}")),
    ("teach", re.compile(r"(?:你|您)?(?:能|能不能|可以|可不可以|肯不肯|愿意)?(?:不能)?教(?:教)?我(?P<obj>[^，,。！!？?]{1,12})")),
    ("help", re.compile(r"(?:你|您)?(?:能|能不能|可以|可不可以|肯不肯|愿意)?(?:不能)?(?:帮|替|给)我(?P<obj>[^，,。！!？?]{1,14})")),
)
_REQUEST_EN = (
    ("serve", re.compile(r"\b(?:can|could|may) i (?:please )?(?:get|have|buy|order) (?P<obj>[^?.!,]{2,40})", re.I)),
    ("serve", re.compile(r"\bi'?d like (?P<obj>an? [^?.!,]{2,40}|some [^?.!,]{2,40})", re.I)),
    ("teach", re.compile(r"\b(?:can|could|would|will) you (?:please )?(?:teach|show) me (?:how )?(?:to )?(?P<obj>[^?.!,]{2,40})", re.I)),
    ("serve", re.compile(r"\b(?:can|could|would|will) you (?:please )?(?:get|pour|bring|sell|cook|make) me (?P<obj>[^?.!,]{2,40})", re.I)),
    ("serve", re.compile(r"\b(?:can|could|would|will) you (?:please )?(?:cut|fetch|trap|catch|weave|boil|bake|brew|carve|mend|"
                         r"sew|knit|spin|grow|pick|dig|chop|saw|split|tan|dye) me (?P<obj>[^?.!,]{2,40})", re.I)),
    ("serve", re.compile(r"\bdo you (?:sell|make) (?!(?:of|it|that|this|sense|out|do|up|a living|friends|time|a point|sure|much|money|"
                         r"me|him|her|them|us|anything of)\b)(?P<obj>[^?.!,]{2,40})|\b(?:do you have|have you got) (?P<obj2>(?:any|some) (?!(?:idea|news|word|notion|clue|time|children|kids|family|"
                         r"brothers|sisters|plans|questions|regrets|friends|luck|trouble)\b)[^?.!,]{2,40})"
                         r"|\bi (?:want|need|'d like|would like) to buy (?P<obj3>[^?.!,]{2,40})", re.I)),
    ("help", re.compile(r"\b(?:can|could|would|will) you (?:please )?(?:help me|find me|lend me|take me|give me a hand)"
                        r"(?: (?:with|to|find|get))? ?(?P<obj>[^?.!,]{0,40})", re.I)),
)
# a loan asked ("Could you lend me a shilling till Friday?", 能借我五十文吗？): no errand to ask around for, but a
# yes or no by how well the NPC knows and likes the asker
_LOAN_EN = re.compile(r"\b(?:lend|loan|advance) me\b[^?.!]{0,30}?\b(?:money|coins?|cash|a shilling|shillings?|pence|a penny|"
                      r"pennies|a pound|pounds|a crown|crowns|a guinea|\d+)\b|\bborrow (?:some |a little )?(?:money|coin|cash|"
                      r"a shilling|\d+ (?:pence|shillings?|pounds?))\b", re.I)
_LOAN_ZH = re.compile(r"借(?:给)?我(?:点|些|一点|几个)?(?:钱|银子|铜钱|铜板)|借(?:给)?(?:我)?[一两二三四五六七八九十百几\d]+(?:文|两|吊|贯|个铜板)"
                      r"|借(?:点|些|一点)钱")
# a purchase on credit ("Can I pay you tomorrow?", "Put it on my slate?", 能赊一下吗？, 先欠着行吗？): the same trust as a loan
_CREDIT_EN = re.compile(r"\b(?:can|could|may) I (?:please )?pay (?:you )?(?:for (?:it|them|that) )?(?:tomorrow|later|next week|"
                        r"on (?:friday|saturday|monday)|at the end of the week|when I (?:can|get paid|leave)|in the morning|on my way out)\b|\bon (?:credit|tick|the slate|account)\b|\bput it on (?:my|the) (?:slate|tab|account)\b",
                        re.I)
_CREDIT_ZH = re.compile(r"赊(?:账|一下|着|给我|点)?|先欠着|记(?:在)?(?:我)?(?:的)?账上|(?:明天|回头|下回|过两天)(?:再)?(?:给|付|送)(?:你)?钱")
# a word to pass on to someone ("Will you tell Silas that?", 你能跟石头说一声吗？): the NPC is the one who can
_PASS_ON_EN = re.compile(r"\b(?i:will|would|can|could) you (?:please )?(?:tell|let) (?P<who>[A-Z][\w'-]+)(?: know)?"
                         r"(?: (?:that|this|for me|about (?:it|that|this)))?\s*(?:for me\s*)?(?:please\s*)?\?"
                         r"|\b(?i:will|would|can|could) you (?:please )?pass (?:that|this|it|the word) on to (?P<who2>[A-Z][\w'-]+)\b"
                         # a message to carry: "Can you tell Gideon that Rowan is sorry?" (was read as Gideon's sorry)
                         r"|\b(?i:will|would|can|could) you (?:please )?tell (?P<who3>[A-Z][\w'-]+) (?:that|for me that)\b[^?]{1,160}\?")
_PASS_ON_ZH = re.compile(r"(?:跟|和|给)(?P<who>[\u4e00-\u9fff]{1,4}?)(?:说一声|说说|讲一声|带个话|捎个话|说一下)"
                         r"|(?:告诉|转告)(?P<who2>[\u4e00-\u9fff]{1,4}?)(?:一声|一下)?(?:吧|吗|好吗|行吗|[？?])")
_UNKNOWABLE_ZH = (re.compile(r"(?:明天|后天|明年|下个?月|下个?礼拜|下周|以后|将来)[^，,。？?]{0,10}(?:会|能|要)[^，,。？?]{0,10}(?:吗|[？?])"),
                  re.compile(r"(?P<who>县长|镇长|市长|省长|皇上|皇帝|知县|知府|乡长|[县镇乡省市]里的?官)[^，,。？?]{0,4}叫(?:什么|啥)"))
_UNKNOWABLE_EN = (re.compile(r"\bwill it (?:rain|snow|be (?:fine|sunny|wet|cold|hot))\b|\bwhat will the weather\b|"
                             r"\b(?:is it going to|gonna) (?:rain|snow)\b", re.I),
                  re.compile(r"\bwho (?:won|invented|wrote|discovered|was the first)\b|\bwhat is the capital of\b|"
                             r"\bwhat(?:'s| is) the (?:mayor|governor|king|queen|president)'?s? name\b", re.I))
_PERSONAL_ZH = (("pastime", re.compile(r"你(?:平时|平常|闲(?:的)?时候|没事(?:的时候)?|有空(?:的时候)?|空闲(?:的时候)?)?(?:都)?(?:喜欢|爱)(?:干|做|玩)(?:什么|啥)|你有(?:什么|啥)爱好")),
                ("work", re.compile(r"你是(?:做|干)(?:什么|啥)的|你(?:平时)?(?:干|做)(?:什么|啥)(?:活|营生|工作)")),
                ("home", re.compile(r"你(?:家)?住(?:在)?(?:哪儿?|哪里|什么地方)")),
                ("who", re.compile(r"(?:你|您)是(?:谁|哪位)(?![^，,。？?]{0,2}(?:的|家))|(?:你|您)叫(?:什么|啥)(?:名字)?|(?:你|您)?怎么称呼|"
                                   r"(?:你|您)贵姓|(?:你|您)尊姓大名|请问(?:你|您)是")))
_PERSONAL_EN = (("pastime", re.compile(r"\bwhat do you (?:like to do|do for fun|enjoy)\b|\bwhat do you do (?:in your (?:spare|free) time|"
                                       r"on your days? off|for fun|when you're not working)\b|\bany hobbies\b", re.I)),
                ("work", re.compile(r"\bwhat do you do(?: for a living| here)?\s*\?|\bwhat(?:'s| is) your (?:job|trade|line of work)\b|"
                                    r"\bwhat do you (?:teach|sell|make|trap|catch|cut|grow|brew|keep|mend)\s*(?:here\s*)?\?", re.I)),
                ("home", re.compile(r"\bwhere do you live\b", re.I)),
                ("who", re.compile(r"\bwho (?:are|r) (?:you|ye)\b(?! (?:going|talking|looking|waiting|working|with|to|for|"
                                   r"seeing|meeting|calling|thinking)\b)|\bwho might you be\b|\bwhat(?:'s| is) your name\b|"
                                   r"\bwhat do (?:they|people|folk) call you\b|\band you are\s*\?|\bhave we met\b", re.I)))
_LIVES_ZH = re.compile(r"(?P<who>[\u4e00-\u9fff]{2,4}?)(?:家)?住(?:在)?(?:哪儿?|哪里|什么地方)")
_LIVES_EN = re.compile(r"\b(?i:where does) (?P<who>[A-Z][\w'-]+) (?i:live)\b")
_GOODS_ZH = re.compile(r"^(?:[^，,。！!？?]{1,6}[，,]\s*)?(?:你|您)?(?:家|这儿|这里|店里|摊上)?的?(?:今天|今儿|这|这些)?的?(?:个)?"
                       r"(?P<goods>[\u4e00-\u9fff]{1,2}?)(?:真|很|挺|好)?(?P<pred>新鲜|香|好吃|好喝|怎么卖|多少钱|贵不贵|贵吗)")
_GOODS_EN = re.compile(r"\bwhat(?:'s| is) cooking\b|\bwhat(?:'s| is) (?:for|on) (?:supper|dinner|the menu)\b|"
                       r"\b(?:is|are) the (?P<goods>\w+) (?:fresh|good|hot|ready)\b|"
                       r"\b(?:the|that|this|your) (?P<goods2>\w+) smells? (?:wonderful|good|great|lovely|delicious|amazing)\b", re.I)
_BUSY_EN = re.compile(r"\bbusy (?:night|evening|tonight|day|week)\b", re.I)
# whose a thing is: "Is that your dog?", "Whose dog is that?", "那是你家的狗吗？", "这狗是谁家的？"
_WHOSE_EN = re.compile(r"\b(?:is|are) (?:that|this|those|these|it) (?:your|yours|his|her|their) (?P<thing>[a-z]+)\b"
                       r"|\bwhose (?P<thing2>[a-z]+) is (?:that|this|it)\b", re.I)
_WHOSE_ZH = re.compile(r"(?:这|那)(?:是|条|只|头|个|把|匹)?(?:你|您)(?:家)?的(?P<thing>[\u4e00-\u9fff]{1,2}?)(?:吗|不|[？?])"
                       r"|(?:这|那)(?:条|只|头|个|把|匹)?(?P<thing2>[\u4e00-\u9fff]{1,2}?)是(?:谁|哪)(?:家)?的")

PHRASES: dict[str, dict[str, list[str]]] = {
    "zh": {
        "serve": ["好嘞，{obj}马上就来。", "行，{obj}这就给你端来。"],
        "serve_cold": ["{obj}有，自己端吧。", "要{obj}是吧，等着。"],
        "sell": ["{obj}有，你要多少？", "行，{obj}有的是，你挑吧。"],
        "teach": ["行啊，{obj}不难，你有空过来我教你。", "可以，{obj}我熟，改天你来，我慢慢教你。"],
        "teach_wary": ["{obj}？咱们才认识，等熟了再说吧。", "教你{obj}？我还不知道你是什么人呢，以后再说吧。"],
        "help": ["行，这事我帮你问问。", "好，我替你留意着。"],
        "help_mine": ["行，包在我身上。", "没问题，交给我吧。"],
        "help_wary": ["这个……咱们不熟，我不好答应你。", "我手头也忙，这事你还是找别人吧。"],
        "refer": ["这事你得找{name}，{pron}是{role}。", "这事你问问{name}吧，{pron}是{role}，比我在行。"],
        "not_mine": ["这我可帮不上，我就是个{role}。", "这事我帮不上，我一个{role}，哪会这个。"],
        "cold": ["我没空，你找别人吧。", "这事我不管。"],
        "lend_yes": ["行，就这一回，记得按时还我。", "拿去吧，说好的日子可得还。"],
        "lend_wary": ["这个……我手头也不宽裕，你找别人想想办法吧。", "借钱的事，我还是不掺和了。"],
        "lend_stranger": ["借钱？咱们才认识，这可不行。", "咱们头回见面就借钱，不合适吧。"],
        "lend_cold": ["没有，找别人借去。", "借你？想都别想。"],
        "credit_yes": ["行，先记账上，回头记得送来。", "拿去吧，钱过两天给也行。"],
        "credit_wary": ["小本买卖，还是现钱吧。", "赊账就算了，现钱好说。"],
        "credit_stranger": ["咱们头回打交道，赊账可不行。", "生人不赊账，这是规矩。"],
        "credit_cold": ["先给钱，别的免谈。", "赊账？没门。"],
        "pass_on": ["行，我见了{name}就跟{pron}说。", "放心，这话我一定带给{name}。"],
        "pass_on_cold": ["要说你自己跟{name}说去。", "这话你还是自己跟{pron}讲吧。"],
        "puzzled": ["说什么呢？你还什么都没跟我讲过啊。", "收回什么？你可什么都没告诉过我。"],
        "weather": ["明天的天谁说得准，到时候看吧。", "这可说不好，老天爷的事，明天再看吧。"],
        "weather_sea": ["说不准，我明早出门前看看天色再说。", "看这云说不好，明早看了天才知道。"],
        "future": ["以后的事谁说得准呢。", "这我可说不好，到时候才知道。"],
        "outsider": ["{who}？我一个{role}，哪认得那样的人物。", "{who}叫什么，我还真不知道，没打过交道。"],
        "pastime": ["我啊，闲下来也{pastime}。", "没什么特别的，{pastime}。"],
        "work": ["我是这儿的{role}。", "我啊，就是个{role}。"],
        "who": ["我叫{me}，是{here}{role}。", "我是{me}，{role}。"],
        "who_warm": ["是我呀，{me}，{role}，忘啦？", "我{me}啊，{role}，咱们见过的。"],
        "who_stranger": ["我叫{me}，是{here}{role}。你是？", "我是{me}，{role}。咱们头回见吧？"],
        "who_cold": ["{me}，{role}。问这个干什么？", "我是{me}。有事吗？"],
        "who_norole": ["我叫{me}，就住这附近。", "我是{me}，在这儿住了好些年了。"],
        "home": ["就住这附近，不远。", "离这儿不远，走几步就到。"],
        "lives_known": ["{name}住哪儿我说不准，{pron}是{role}，你去问问别人吧。", "这我还真不清楚，{name}家我没去过。"],
        "lives_unknown": ["{who}？这儿没有叫这个名字的人吧，我不认识。", "{who}？我不认识这个人。"],
        "goods_mine": ["那当然，我这儿的{goods}你放心。", "好着呢，今早刚到的{goods}。"],
        "price": ["不贵，街坊价，你看着给。", "老价钱，不会多要你的。"],
        "goods_other": ["{goods}的事你得问{name}，{pron}是{role}。"],
        "praised": ["多谢夸奖，你喜欢就好。", "你喜欢就好，常来啊。"],
        "goods_none": ["这个我不太懂，我就是个{role}。"],
        "whose_unknown": ["不是我的。谁家的{thing}我也不知道。", "这{thing}不是我家的，我也不知道是谁的。"],
    },
    "en": {
        "serve": ["Coming right up: {obj}.", "Of course, {obj} it is. Sit yourself down."],
        "serve_cold": ["{obj_cap}? Fine. Wait there.", "There's {obj}, if you want it."],
        "sell": ["{obj_cap}? Yes, I can do that for you.", "I can let you have {obj}, yes."],
        "teach": ["I could show you, yes. Come by when I'm done and we'll start slow.",
                  "Happy to. It's not as hard as it looks; come by tomorrow."],
        "teach_wary": ["Teach you? I hardly know you. Ask me again another day.",
                       "That's not something I teach to someone I've only just met."],
        "help": ["I'll see what I can do.", "Leave it with me; I'll ask around."],
        "help_mine": ["Leave it to me.", "Happy to; that's my line of work."],
        "help_wary": ["I don't know you well enough to promise that.", "I've my own work to do; try someone else."],
        "refer": ["For that you want {name}; {pron_is} the {role}.", "Ask {name}, {pron_is} the {role}. Better than me at it."],
        "not_mine": ["Can't help you there, I'm only the {role}.", "Me? I'm the {role}; that's not my line at all."],
        "cold": ["Not from me. Try someone else.", "I've no time for that."],
        "lend_yes": ["All right, just this once. Mind you pay me back when you said.", "Go on, then. I'll hold you to the day."],
        "lend_wary": ["I'd rather not; money between friends never ends well.", "Money's tight with me too, I'm afraid."],
        "lend_stranger": ["Lend you money? We've only just met.", "I don't lend to folk I hardly know, I'm afraid."],
        "lend_cold": ["Not from me. Try someone else.", "Lend you money? I think not."],
        "credit_yes": ["Go on, then; I'll put it on the slate. Pay me when you said.", "All right, pay me tomorrow."],
        "credit_wary": ["I'd rather have it now, if it's all the same to you.", "Cash, if you can; I'm not one for the slate."],
        "credit_stranger": ["Money on the nail, I'm afraid; I don't know you yet.", "Not on tick, not to someone I've only just met."],
        "credit_cold": ["Money first, or no deal.", "On tick? Not from me."],
        "pass_on": ["I will; I'll tell {name} when I see {obj}.", "Leave it with me; {name} will hear it from me."],
        "pass_on_cold": ["Tell {name} yourself.", "You can tell {obj} that yourself."],
        "puzzled": ["Made what up? You haven't told me anything.", "Take what back? You haven't told me anything yet."],
        "weather": ["Couldn't tell you. We'll see what the sky does.", "Who can say? Ask me tomorrow."],
        "future": ["No one can say that yet.", "Couldn't tell you; we'll know when it comes."],
        "outsider": ["Couldn't tell you. I'm the {role}; that's not the sort of thing I'd know.",
                     "No idea, I'm afraid. Never had much to do with such things."],
        "pastime": ["Not much, being the {role}. {pastime}", "On a quiet day? {pastime}"],
        "work": ["I'm the {role} here.", "I'm the {role}, for my sins."],
        "work_doing": ["I {doing}.", "I {doing}; that's my living."],
        "who_doing": ["I'm {me}; I {doing}.", "{me}. I {doing}."],
        "who_doing_stranger": ["I'm {me}; I {doing}. And you are?", "{me}. I {doing}. I don't think we've met."],
        "who": ["I'm {me}, the {role} here.", "{me}. I'm the {role}."],
        "who_warm": ["It's me, {me}! The {role}, remember?", "Why, it's {me}, the {role}. Good to see you again."],
        "who_stranger": ["I'm {me}, the {role} here. And you are?", "{me}, the {role}. I don't think we've met."],
        "who_cold": ["{me}. The {role}. Why do you ask?", "{me}, the {role}. What's it to you?"],
        "who_norole": ["I'm {me}. I live hereabouts.", "{me}. I've lived here a good while."],
        "home": ["Just nearby. Not far at all.", "Close by; a short walk."],
        "lives_known": ["Couldn't say where {name} lives; {pron_is} the {role}. Ask around.",
                        "I don't know where {name} lives, to be honest."],
        "lives_unknown": ["{who}? Nobody by that name that I know.", "{who}? I don't know anyone called that."],
        "goods_mine": ["Good as ever, if I say so myself.", "As good as you'll find anywhere."],
        "goods_fresh": ["Fresh this morning, the {goods}. You'll not find better.", "Today's, the {goods}; fresh as you like."],
        "praised": ["Thank you kindly! It's been on since noon; there's a bowl for you if you want it.",
                    "Why, thank you. Old recipe, that one."],
        "cooking": ["Come and see for yourself; it's nearly ready.", "Something good, and there's plenty of it."],
        "cooking_stew": ["Stew, same as ever. There's a bowl with your name on it.", "A pot of stew, and it's nearly ready."],
        "goods_other": ["You'd want {name} for that; {pron_is} the {role}."],
        "goods_none": ["Couldn't say, I'm only the {role}."],
        "busy": ["Busy enough, and glad of it.", "Run off my feet, but I'm not complaining."],
        "whose_unknown": ["Not mine. I don't know whose {thing} that is.", "I couldn't tell you whose {thing} that is."],
    },
}
_PASTIME = {
    "zh": (("船|渔|网", "就是收拾收拾船和网"), ("茶", "就坐着跟客人聊聊天"), ("鱼", "在码头跟人唠唠嗑"),
           ("厨|饭|面|酒|馆", "琢磨琢磨新菜"), ("", "歇歇脚，跟街坊聊几句")),
    "en": (("cook|chef|innkeeper|baker", "I'd rather eat someone else's cooking for once."),
           ("acrobat|juggler|clown|ringmaster", "Practice, mostly. The act doesn't keep itself sharp."),
           ("fish|boat|ferry", "Mending nets and watching the water."), ("", "A walk and a quiet hour, mostly.")),
}
_SEA_ROLES = re.compile(r"船|渔|渡|艄|fish|boat|ferry|sail")


@dataclass(frozen=True)
class Everyday:
    """A line code decided, with the words a model voicing it must keep."""

    kind: str
    text: str
    keep: tuple[str, ...] = ()


def asks_to_be_served(text: str, zh: bool) -> bool:
    """Whether a serve request of this file's reads the words ("来碗茶", "Can I get some stew?")."""
    said = without_greeting(text)
    return any(verb == "serve" and rx.search(said) for verb, rx in (_REQUEST_ZH if zh else _REQUEST_EN))


def _deals_in(role: str, persona: str, obj: str, zh: bool) -> int:
    """How surely a role (or its persona note, en) deals in what is asked for: 0 not at all, 1 by its
    trade's family (a fisherman and nets), 2 a ware named in the role (鱼贩 and 鱼), 3 the very words."""
    if not role and not persona:
        return 0
    if zh:
        if any(obj[i:i + 2] in role for i in range(len(obj) - 1)):
            return 3
        if any(ch in role for ch in obj if ch in _ZH_WARES):
            return 2
        return int(any(re.search(roles, role) and re.search(goods, obj) for roles, goods in _ZH_TRADES))
    words = re.findall(r"[a-z]{3,}", obj.lower())
    if any(re.search(rf"\b{re.escape(w)}", role, re.I) for w in words if len(w) >= 4):
        return 3
    if any(re.search(rf"\b{re.escape(w[:-1])}\b", role, re.I) for w in words if len(w) >= 5 and w.endswith("s")):
        return 3  # "some reeds" of the reed cutter
    # a short ware named in the role, as a whole word: the net maker's "a net" (not a fisherman's)
    if any(re.search(rf"\b{re.escape(w.rstrip('s'))}s?(?:\b|maker|seller|weaver)", role, re.I)
           for w in words if len(w) == 3 or (len(w) == 4 and w.endswith("s"))):
        return 3
    if any(re.search(roles, role, re.I) and re.search(rf"\b(?:{goods})\b", obj, re.I) for roles, goods in _EN_TRADES):
        return 2
    stems = {w[:4] for w in re.findall(r"[a-z]{4,}", persona.lower())} - {"with", "over", "that", "them", "ever", "ther"}
    return int(any(w[:4] in stems for w in words if len(w) >= 4))


def _pron(world: World, cid: str, zh: bool) -> str:
    from townsfolk.agents.persona_clause import pronoun_for, pronoun_zh

    c = world.character(cid)
    if zh:
        return pronoun_zh(c.name, c.role, c.persona, c.pronoun) or "他"  # a sentence here needs its subject
    pron = pronoun_for(c.persona, c.role, c.pronoun)
    if pron == "they" and re.search(r"(?:wo)?man\b", c.role):  # ferryman, fisherwoman
        return "she" if re.search(r"woman\b", c.role) else "he"
    return pron


def _who_deals(world: World, npc: str, speaker: str, obj: str, zh: bool, *, above: int = 0) -> str | None:
    """Someone else in the world whose trade this is, more surely than `above`: the surest, then the first
    in the cast's order."""
    best, best_score = None, above
    for cid, c in world.characters.items():
        if cid in (npc, speaker) or c.is_player:
            continue
        score = _deals_in(c.role, "" if zh else c.persona, obj, zh)
        if score > best_score:
            best, best_score = cid, score
    return best


def _tied(world: World, npc: str, speaker: str) -> bool:
    try:
        return bool(world.graph.edges_between(npc, speaker))
    except (KeyError, ValueError):
        return False


def _clean_obj(obj: str, zh: bool) -> str:
    obj = obj.strip()
    if zh:
        return re.sub(r"(?:一下|好不好|行不行|可以吗|好吗|吗|呢|吧|呀|啊)+$", "", obj).strip()
    obj = re.sub(r"\b(?:please|for me|if you can|if you could|would you|could you)\b", "", obj, flags=re.I)
    # the asker's words in the NPC's mouth: "some reeds for my roof" is "for your roof"
    obj = re.sub(r"\b(my|me|mine|myself)\b", lambda m: {"my": "your", "me": "you", "mine": "yours",
                                                        "myself": "yourself"}[m.group(1).lower()], obj, flags=re.I)
    return re.sub(r"\s+", " ", obj).strip(" ,")


def everyday_reply(world: World, npc: str, speaker: str, text: str, *, warmth: float, seed: int) -> Everyday | None:
    """The answer to an everyday request or question as this NPC's trade would give it, or None."""
    zh = world.language == "zh"
    lang = "zh" if zh else "en"
    said = without_greeting(text)
    me = world.character(npc)
    role = (me.role if zh else re.sub(r"^(?:the|a|an)\s+", "", me.role, flags=re.I)) or ("街坊" if zh else "local")
    rng = np.random.default_rng(seed)  # "I'm only the woman who mends the nets", not "the the woman"
    words = PHRASES[lang]

    def pick(key: str, **slots: str) -> str:
        options = words[key]
        return options[int(rng.integers(len(options)))].format(**{"role": role, **slots})

    def about(cid: str) -> dict[str, str]:
        c = world.character(cid)
        pron = _pron(world, cid, zh)
        # an unknown gender is said by the name ("Pell's the baker"), not "they're"; "the baker" is one "the"
        pron_is = ({"he": "he's", "she": "she's"}.get(pron, f"{c.name} is" if c.name.endswith(("s", "x", "z")) else f"{c.name}'s")
                   if not zh else pron)
        return {"name": c.name, "pron": pron, "pron_is": pron_is,
                "role": re.sub(r"^(?:the|a|an)\s+", "", c.role, flags=re.I) if c.role else ("街坊" if zh else "local")}

    if told_nothing(world, npc, speaker, text):  # "I made that up." from one who told me nothing
        return Everyday("puzzled", words["puzzled"][0 if zh or re.search(r"\bmade\b", said, re.I) else 1])
    passing = _pass_on(world, npc, speaker, said, zh)
    if passing is not None:  # "Will you tell Silas that?": yes, by warmth (a promise; the words go with the NPC)
        pron = _pron(world, passing, zh)
        obj = {"he": "him", "she": "her"}.get(pron, world.name(passing))
        return Everyday("request", pick("pass_on_cold" if warmth < 0.3 else "pass_on", name=world.name(passing), pron=pron,
                                        obj=obj), (world.name(passing),))
    credit = bool((_CREDIT_ZH if zh else _CREDIT_EN).search(said))
    if credit or (_LOAN_ZH if zh else _LOAN_EN).search(said):  # money lent is a matter of trust, never "I'll ask around"
        tied = _tied(world, npc, speaker)
        key = "lend_cold" if warmth < 0.3 else "lend_yes" if tied and warmth >= 0.6 else "lend_wary" if tied else "lend_stranger"
        return Everyday("request", pick(key.replace("lend", "credit") if credit else key))
    for kind, rx in _PERSONAL_ZH if zh else _PERSONAL_EN:
        if rx.search(said):
            if kind == "pastime":
                pastime = next(p for r, p in _PASTIME[lang] if not r or re.search(r, role, re.I))
                return Everyday("personal", pick("pastime", pastime=pastime))
            if kind == "who":
                return _who_i_am(world, npc, speaker, zh, warmth, pick)
            if kind == "work" and not zh and (doing := role_doing(role)):  # "sells pies at the fair": I sell ...
                return Everyday("personal", pick("work_doing", doing=doing))
            return Everyday("personal", pick(kind))
    for n, rx in enumerate(_UNKNOWABLE_ZH if zh else _UNKNOWABLE_EN):
        m = rx.search(said)
        if m:
            who = m.groupdict().get("who") or ("" if n == 0 else "?")
            if who:
                return Everyday("unknowable", pick("outsider", who=who))
            weather = re.search(r"雨|雪|天|晴|刮风|rain|snow|weather|sun", said, re.I)
            if weather:
                return Everyday("unknowable", pick("weather_sea" if zh and _SEA_ROLES.search(role) else "weather"))
            return Everyday("unknowable", pick("future"))
    whose = _whose_reply(world, npc, said, zh, pick)
    if whose is not None:
        return whose
    lives = (_LIVES_ZH if zh else _LIVES_EN).search(said)
    if lives:
        who = lives.group("who").lstrip("那这")
        cid = next((c for c, ch in world.characters.items() if ch.name and (ch.name == who or (zh and who.endswith(ch.name)))), None)
        if cid == npc:
            return Everyday("personal", pick("home"))
        if cid is None:
            return Everyday("where", pick("lives_unknown", who=who), (who,))
        return Everyday("where", pick("lives_known", **about(cid)), (world.name(cid),))
    for verb, rx in _REQUEST_ZH if zh else _REQUEST_EN:
        m = rx.search(said)
        if not m:
            continue
        obj = _clean_obj(next((v for k, v in m.groupdict().items() if k.startswith("obj") and v), ""), zh)
        if not obj and verb != "help":
            continue
        mine = _deals_in(me.role, "" if zh else me.persona, obj, zh)
        tied = _tied(world, npc, speaker)
        if warmth < 0.3 and not (mine and verb == "serve"):
            return Everyday("request", pick("cold"))
        # one whose role names the ware deals in it more surely than a trade of its family
        maker = (_who_deals(world, npc, speaker, obj, zh, above=max(mine, 1 if zh else 2))
                 if mine and mine < (2 if zh else 3) and verb == "serve" else None)
        if maker is not None:  # the fisherman asked for a net sends the asker to the net maker
            return Everyday("request", pick("refer", obj=obj, **about(maker)), (world.name(maker),))
        if mine:
            if verb == "serve" and not (_FOOD_ZH if zh else _FOOD_EN).search(me.role):
                return Everyday("request", pick("sell", obj=obj, obj_cap=obj[:1].upper() + obj[1:]))
            if verb == "serve":
                key = "serve_cold" if warmth < 0.3 else "serve"
                return Everyday("request", pick(key, obj=obj, obj_cap=obj[:1].upper() + obj[1:]))
            if verb == "teach" and not tied and warmth < 0.6:  # a trade's service is sold; its craft is not taught to anyone
                return Everyday("request", pick("teach_wary", obj=obj))
            return Everyday("request", pick("help_mine" if verb == "help" else verb, obj=obj))
        other = _who_deals(world, npc, speaker, obj, zh)
        if other is not None:
            return Everyday("request", pick("refer", obj=obj, **about(other)), (world.name(other),))
        if verb == "help" and (tied or warmth >= 0.6):
            return Everyday("request", pick("help"))
        return Everyday("request", pick("not_mine", obj=obj))
    return _goods_reply(world, npc, speaker, said, zh, pick, about, 2.0 * (warmth - 0.5), seed)


def _pass_on(world: World, npc: str, speaker: str, said: str, zh: bool) -> str | None:
    """Whom the words ask this NPC to pass something on to (a character of the world other than us), or None."""
    m = (_PASS_ON_ZH if zh else _PASS_ON_EN).search(said)
    if m is None:
        return None
    who = (m.group("who") or m.group("who2") or m.group("who3") or "").strip()
    for cid, c in world.characters.items():
        if cid in (npc, speaker) or c.is_player or not c.name:
            continue
        if (zh and (c.name == who or who.endswith(c.name))) or (not zh and who == c.name.split()[0]):
            return cid
    return None


def _who_i_am(world: World, npc: str, speaker: str, zh: bool, warmth: float, pick) -> Everyday:  # noqa: ANN001
    """"Who are you?" / "你是谁？": the NPC's name and trade, said as warmly as it feels toward the asker (one
    who knows the asker reminds them; a stranger asks back)."""
    me = world.character(npc)
    name = me.name or npc
    if not me.role:
        return Everyday("personal", pick("who_norole", me=name), (name,))
    key = "who_cold" if warmth < 0.3 else "who_warm" if _tied(world, npc, speaker) and warmth >= 0.6 \
        else "who" if _tied(world, npc, speaker) else "who_stranger"
    role = re.sub(r"^(?:the|a|an)\s+", "", me.role, flags=re.I)
    if not zh and (doing := role_doing(role)):  # not "I'm Nell, the sells pies at the fair here."
        stranger = not _tied(world, npc, speaker)
        return Everyday("personal", pick("who_doing_stranger" if stranger else "who_doing", me=name, doing=doing), (name,))
    here = "" if role.endswith("的") or "的" in role else "这儿的"  # 是织网的, not 是这儿的织网的
    return Everyday("personal", pick(key, me=name, role=role, here=here), (name,))


def _goods_reply(world: World, npc: str, speaker: str, said: str, zh: bool, pick, about,  # noqa: ANN001
                 mood: float, seed: int) -> Everyday | None:
    """"今天的鱼新鲜吗？" / "What is cooking?" / "That stew smells wonderful. Busy night?": the trade's answer."""
    me = world.character(npc)
    if not me.role:
        return None  # no trade to answer from: the memories answer
    if zh:
        m = _GOODS_ZH.search(said)
        if not m or any(c.name and c.name in said for cid, c in world.characters.items() if cid != npc):
            return None  # "阿海人怎么样？" asks after a person, not a ware
        goods = m.group("goods").lstrip("的个这")
        if not goods or not re.fullmatch(r"[\u4e00-\u9fff]{1,2}", goods) or goods in ("你", "他", "她", "人", "生意", "天气", "事"):
            return None
    else:
        m = _GOODS_EN.search(said)
        busy = _BUSY_EN.search(said)
        if not m and not busy:
            return None
        goods = (m.group("goods") or m.group("goods2") or "cooking") if m else ""
        if not m:  # "Busy night?" alone: the trade's evening
            return Everyday("trade", pick("busy"))
    # a ware of its trade's list counts too (agents/trade_goods.py): the fishmonger's mackerel and crabs
    if _deals_in(me.role, "" if zh else me.persona, goods, zh) or sells(me.role, goods, zh):
        if not zh and goods == "cooking":
            line = pick("cooking_stew" if re.search(r"\bstew", me.role + " " + me.persona, re.I) else "cooking")
        elif (not zh and m.group("goods2")) or (zh and m.group("pred") in ("香", "好吃", "好喝")
                                                      and not re.match(r"[^，,。！!]*[吗？?]", said[m.end():])):  # praise
            line = pick("praised")
            if (topic := small_talk_topic(said, "zh" if zh else "en")) is not None:  # "... Busy day?" answered too
                return Everyday("trade", line + ("" if zh else " ") + small_talk_answer(topic, "zh" if zh else "en",
                                                                                        mood, seed))
            if not zh and _BUSY_EN.search(said):
                line += " " + pick("busy")
            return Everyday("trade", line)
        elif small_talk_topic(said, "zh" if zh else "en"):
            return None  # a word on the trade asked beside the ware: small_talk.py answers it
        elif zh and m.group("pred") in ("怎么卖", "多少钱", "贵不贵", "贵吗"):
            line = pick("price")
        elif not zh and re.search(r"\bfresh", said, re.I):  # "Is the mackerel fresh?": today's (zh goods_mine says so)
            line = pick("goods_fresh", goods=goods.lower())
        else:
            line = pick("goods_mine", goods=goods)
        if not zh and _BUSY_EN.search(said):
            line += " " + pick("busy")
        return Everyday("trade", line)
    other = _who_deals(world, npc, speaker, goods, zh)
    if other is not None:
        return Everyday("trade", pick("goods_other", goods=goods, **about(other)), (world.name(other),))
    return Everyday("trade", pick("goods_none"))


def _whose_reply(world: World, npc: str, said: str, zh: bool, pick) -> Everyday | None:  # noqa: ANN001
    """"Is that your dog?" when nothing the NPC saw or took part in mentions one: an honest "not mine,
    I don't know whose" instead of a memory recap; a thing it does know of is left to the memories."""
    m = (_WHOSE_ZH if zh else _WHOSE_EN).search(said)
    if m is None:
        return None
    thing = m.group("thing") or m.group("thing2") or ""
    if not thing or thing in ("人", "事", "话", "意思") or thing.lower() in ("fault", "doing", "idea", "name", "turn", "job"):
        return None
    rx = re.compile(re.escape(thing) if zh else rf"\b{re.escape(thing)}s?\b", re.I)
    if any(f.kind not in ("ask", "reply") and npc in f.participants and rx.search(f.text) for f in world.facts):
        return None  # it knows of that thing: its memories answer
    return Everyday("unknowable", pick("whose_unknown", thing=thing))
