"""What each kind of trade sells, does and asks for it, in en and zh, and the NPC's answers about it.

An innkeeper asked for a room, a grocer (杂货铺掌柜) asked what salt costs, a beekeeper asked how the
bees are: these are questions about the NPC's own trade, and "that's not my line" or "I don't know"
is wrong for them. This file knows, broadly, which wares and work belong to which roles and answers:

- a request for a ware the trade sells ("Can I get a room for the night?", "来一斤盐"): served, with
  its price;
- a price ("How much to cross?", "盐多少钱一斤？", "How much for a room?"): a plausible price from the
  world's seed, the NPC and the ware (the same words every time it is asked), in the world's coin;
- how the trade is going ("How are the bees?", "今天豆腐好卖吗？", "How's business?"): from the role,
  led by a recent fact about it when there is one ("Colm's sheep knocked over two of my hives.").

None when the line is none of these or the trade is unknown: everyday.py and the memories go on.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from townsfolk.agents.your_people import your_people
from townsfolk.world.characters import Character
from townsfolk.world.world import World


@dataclass(frozen=True)
class Ware:
    """One thing a trade sells: its words (en regex, zh regex), the unit a price is said per, and a
    price range in the world's small coin (pence / 文)."""

    en: str
    zh: str
    unit_en: str
    unit_zh: str
    low: int
    high: int
    name_en: str
    name_zh: str
    work: bool = False  # a service (a visit, shoeing): said by its own name, never by the asker's verb
    sold: bool = False  # a scenario's `sells:` ware, named as written ("handbill"): said as asked, or as many
    yes_en: str = ""  # a service's own yes, said before its price ("Sit down and let me have a look at you.")
    yes_zh: str = ""
    as_asked: bool = False  # said by the thing the asker named last ("a curtain" of the seamstress, "nails")
    # work a trade of goods also does to them (the net-maker mends nets, the fishwife guts fish): taken before
    # the goods the same words name, never on its shelf nor its price list
    side: bool = False


@dataclass(frozen=True)
class Trade:
    """A kind of role: the words that name it, what it sells and the words of its daily work."""

    roles_en: str
    roles_zh: str
    wares: tuple[Ware, ...]
    work_en: str = ""
    work_zh: str = ""


def _w(en: str, zh: str, unit_en: str, unit_zh: str, low: int, high: int, name_en: str, name_zh: str,
       work: bool = False, **more: str | bool) -> Ware:
    return Ware(en, zh, unit_en, unit_zh, low, high, name_en, name_zh, work, **more)  # type: ignore[arg-type]


_ROOM = _w(r"rooms?|beds?|lodging|a night'?s? stay|stay the night|somewhere to sleep", r"住店|住宿|房间|客房|空房|床位|住一晚|过夜|歇脚|一间房",
           "a night", "一晚", 3, 8, "a room", "客房")
_MEAL = _w(r"meals?|supper|dinner|stew|soup|food|breakfast", r"饭|菜|面|汤|粥", "a bowl", "一碗", 2, 5, "a meal", "饭菜")
_ALE = _w(r"ale|beer|cider|mead|drink|pint", r"酒", "a pint", "一壶", 1, 3, "ale", "酒")
_GROCER_WARES = (
    _w(r"salt", r"盐", "a pound", "一斤", 2, 6, "salt", "盐"), _w(r"sugar", r"糖", "a pound", "一斤", 6, 12, "sugar", "糖"),
    _w(r"(?:lamp )?oil", r"(?<!酱)油", "a pint", "一斤", 5, 12, "oil", "油"),
    _w(r"candles?", r"蜡烛|蜡", "a pair", "一对", 2, 5, "candles", "蜡烛"),
    _w(r"rice", r"米", "a pound", "一斤", 2, 5, "rice", "米"), _w(r"flour", r"面粉", "a pound", "一斤", 2, 5, "flour", "面粉"),
    _w(r"soap", r"肥皂|胰子", "a bar", "一块", 2, 4, "soap", "胰子"),
    _w(r"thread|needles?", r"针线|针|线", "a reel", "一卷", 1, 3, "thread", "针线"),
    _w(r"vinegar", r"醋", "a bottle", "一斤", 2, 5, "vinegar", "醋"),
    _w(r"soy sauce", r"酱油", "a bottle", "一斤", 3, 6, "soy sauce", "酱油"),
    _w(r"matches", r"火柴|洋火", "a box", "一盒", 1, 2, "matches", "火柴"),
    _w(r"tea leaves|tea", r"茶叶", "a packet", "一两", 4, 10, "tea", "茶叶"),
    _w(r"tobacco", r"烟叶|烟丝", "an ounce", "一两", 3, 8, "tobacco", "烟叶"),
    _w(r"(?:a )?(?:coil of )?rope|twine|cord", r"绳子|麻绳|绳", "a coil", "一捆", 4, 10, "rope", "麻绳"),
)
TRADES: tuple[Trade, ...] = (
    Trade(r"innkeeper|landlord|landlady|publican|tavern|\binn\b|hosteler", r"客栈|旅店|店小二|酒馆|饭馆",
          (_ROOM, _MEAL, _ALE), r"guests?|rooms?|trade|custom", r"客人|住店|生意"),
    Trade(r"grocer|general store|chandler|peddler|pedlar", r"杂货|小卖|货郎", _GROCER_WARES,
          r"shop|store|trade|custom|stock", r"铺子|店里|生意|货"),
    Trade(r"beekeeper|apiarist|bee-?keeper", r"养蜂|蜂农|蜂",
          (_w(r"honey", r"蜂蜜|蜜", "a jar", "一斤", 6, 14, "honey", "蜂蜜"), _w(r"(?:bees)?wax|candles?", r"蜂蜡|蜡", "a cake", "一块", 3, 8, "wax", "蜂蜡")),
          r"bees?|hives?|honey|swarms?|wax|comb", r"蜂|蜂箱|蜂蜜|蜂群"),
    Trade(r"tofu|bean ?curd", r"豆腐",
          (_w(r"tofu|bean ?curd", r"豆腐", "a block", "一块", 1, 3, "tofu", "豆腐"), _w(r"soy ?milk", r"豆浆", "a bowl", "一碗", 1, 2, "soy milk", "豆浆")),
          r"tofu|bean ?curd|millstone|beans|trade", r"豆腐|豆浆|磨|黄豆|生意"),
    Trade(r"ferry|boatman|boatwoman|waterman|bargee", r"船|渡|艄公|摆渡",
          (_w(r"cross\w*|across|crossing|passage|fare|ride|the other side|ferry", r"过河|过江|渡河|坐船|摆渡|船钱|渡钱",
              "each way", "一趟", 1, 4, "the crossing", "过河", True, yes_en="Step aboard, then.", yes_zh="行，上船吧。"),),
          r"river|boat|ferry|crossings?|water", r"船|河|渡口|水"),
    Trade(r"miller|\bmill", r"磨坊|磨面",
          (_w(r"flour|meal|grain|grinding", r"面粉|面|磨面", "a sack", "一斤", 8, 20, "flour", "面粉"),),
          r"mill|wheel|flour|grain|stones?", r"磨|面粉|磨坊"),
    Trade(r"baker", r"烧饼|馒头|面包|点心|饼",
          (_w(r"bread|loaf|loaves|buns?|pies?|cakes?", r"烧饼|馒头|包子|饼|点心", "a loaf", "一个", 1, 3, "bread", "烧饼"),),
          r"ovens?|bread|bak\w*", r"炉|饼|馒头"),
    Trade(r"fish(?:er|monger|wife)|fisherman|fisherwoman", r"鱼|渔",
          (_w(r"fish|catch|herring|trout|eels?|mackerel|cod|haddock|sprats?|pilchards?|plaice|crabs?|lobsters?|oysters?|"
              r"mussels?|shrimps?|prawns?", r"鱼|虾|蟹", "a fish", "一斤", 2, 6, "fish", "鱼"),
           # "Could you gut these for me?", 帮我把鱼收拾一下: the fishwife's own work, asked as a stranger's odd request before
           _w(r"gut(?:s|ted|ting)?|clean(?:ed|ing)? (?:these|them|those|the fish|my fish|it)|fillet\w*|scal(?:e|ing) (?:these|them|it)|"
              r"bon(?:e|ing) (?:these|them|it)", r"收拾|剖|开膛|刮鳞|去鳞|杀鱼|洗干净", "a fish", "一条", 1, 1, "gutting", "收拾鱼",
              True, yes_en="Hand them here; I'll have them gutted in a trice.", yes_zh="拿来吧，我给你收拾干净。", side=True)),
          r"fish|nets?|catch|boat|sea|river", r"鱼|网|船"),
    Trade(r"shepherd", r"羊倌|放羊|牧羊",
          (_w(r"wool|fleece|lambs?|mutton", r"羊毛|羊", "a fleece", "一斤", 6, 15, "wool", "羊毛"),),
          r"sheep|flock|lambs?|ewes?|wool", r"羊|羊群"),
    Trade(r"farmer|crofter", r"农|庄稼",
          (_w(r"eggs|milk|apples|vegetables|potatoes", r"鸡蛋|蛋|菜|牛奶", "a dozen", "一斤", 2, 6, "eggs", "鸡蛋"),),
          r"fields?|crops?|harvest|cows?|hens?|farm", r"地|庄稼|收成|鸡"),
    Trade(r"smith|farrier", r"铁匠|铁铺",
          (_w(r"shoe(?:ing)?|horseshoes?|re-?shoe", r"马掌|钉掌", "a horse", "一匹马", 8, 16, "shoeing", "钉马掌", True,
              yes_zh="行，把马牵过来吧。"),
           _w(r"nails|knife|knives|blades?|a mend|mending|axes?|scythes?|sickles?|hinges?", r"锄头|镰刀|菜刀|柴刀|斧头|铁锹|刀|锄|镰|钉子|打铁",
              "a piece", "一件", 4, 12, "smithing", "铁活"),
           # "Could you sharpen my axe?", 帮我磨一下这把刀: the smith's own work, refused as a stranger's request before
           _w(r"sharpen\w*|grind\w*|put an edge on", r"磨(?:一下|一磨|磨)?(?:一把|这把|我的|把)?(?:刀|斧|镰|剪|锄)|磨刀", "a blade", "一把",
              1, 3, "sharpening", "磨刀", True, yes_en="Leave it with me; I'll put an edge on it.",
              yes_zh="放这儿，我给你磨得飞快。", side=True)), r"forge|anvil|iron|work", r"铁|炉|活"),
    Trade(r"ironmonger|hardware", r"五金|铁器铺|铁货",
          (_w(r"nails|hinges?|locks?|pots?|pans?|kettles?|tools?|knives|knife|buckets?", r"钉子|合页|锁|铁锅|锅|水壶|刀|铁桶|工具",
              "a piece", "一件", 2, 12, "hardware", "铁货"),), r"shop|stock|trade|custom", r"铺子|货|生意"),
    Trade(r"\btea(?:house|shop|room)?\b|\btea[- ](?:seller|merchant|man|woman|keeper|vendor)", r"茶",
          (_w(r"tea|a cup|a pot", r"茶", "a pot", "一壶", 1, 3, "tea", "茶"),), r"tea|customers?|trade", r"茶|客人|生意"),
    Trade(r"butcher", r"屠|肉铺|杀猪",
          (_w(r"meat|pork|beef|mutton|sausages?|chops?", r"肉", "a pound", "一斤", 5, 12, "meat", "肉"),), r"meat|shop|trade", r"肉|生意"),
    # a vet's work is a visit ("How much to look at my dog?"): before the doctor, so a horse doctor is a vet
    Trade(r"\bvet\b|veterinar\w*|horse ?doctor|cow ?doctor|animal doctor", r"兽医|牛医|马医",
          (_w(r"look at|see to|treat|visit|call(?:-out)?|dose|drench|fee", r"看(?:病|看|一看|一次|一下|一趟)|瞧|治|出诊|诊金", "a visit", "一趟",
              4, 10, "a visit", "出诊", True),), r"animals?|beasts?|patients?|calls?|rounds?|sick", r"牲口|病|出诊"),
    Trade(r"apothecary|herbalist|healer|physician|doctor", r"药|郎中|大夫|医",
          (_w(r"remed\w*|medicine|herbs?|salve|tonic|physic|something for (?:it|a|an|my|the)\b|cough\w*|a cold|fever\w*|"
              r"headaches?|toothache|stomach ?ache|sore throat", r"药", "a dose", "一帖", 3, 10, "a remedy", "药"),
           # a patient asking to be seen (能给我看看吗, "Could you take a look at me?"): the role's own work
           _w(r"look at me|see me|examine me|(?:a |the )?(?:visit|consultation)|a look at (?:me|my \w+)|check (?:me|on me) over|treat me|consult\w*|"
              r"(?:feel|feeling|i'?m|i am|i've been) (?:a bit |rather |very )?(?:poorly|ill|unwell|sick|off colour|under the weather)",
              r"看(?:病|看|一看|一下|一次)|把(?:把)?脉|号(?:号)?脉|诊脉|瞧(?:病|瞧|一瞧)|不(?:太|大)?舒服|治病|诊金",
              "a visit", "一次", 3, 8, "a consultation", "看病", True,
              yes_en="Sit down and let me have a look at you.", yes_zh="来，坐下，我给你把把脉。")),
          r"patients?|herbs?|sick|remed\w*", r"病人|药|草药"),
    # a cobbler sells shoes and mends them ("Can you mend my boots?", 能帮我补补鞋吗), asked as news before
    Trade(r"cobbler|shoe ?maker|boot ?maker|cordwainer", r"鞋匠|补鞋|修鞋|鞋铺",
          (_w(r"(?:new )?(?:shoes?|boots?|clogs?|slippers?)", r"鞋|靴", "a pair", "一双", 20, 40, "shoes", "鞋"),
           _w(r"mend\w*|repair\w*|fix\w*|re-?sol\w*|sol(?:e|ing)|heel\w*|patch\w*|stitch\w*", r"补|修|钉|换底|上底", "a pair", "一双",
              2, 6, "mending", "补鞋", True, yes_en="Leave them with me; they'll be like new by tomorrow.",
              yes_zh="放这儿吧，明天来取，保准跟新的一样。", side=True)),
          r"shoes?|boots?|leather|last|work", r"鞋|皮子|活"),
    Trade(r"barber", r"剃头|理发|剃须",
          (_w(r"shave|haircut|hair ?cut|trim|cut (?:my|the) hair|hair cut", r"剃(?:个)?头|理(?:个)?发|刮脸|剪(?:个)?头|修面",
              "a time", "一回", 1, 3, "a shave and a trim", "剃头", True, yes_en="Sit yourself down.",
              yes_zh="来，坐下，我给你收拾收拾。"),),
          r"chair|razor|customers?|trade", r"剃刀|客人|生意"),
    Trade(r"tailor|seamstress|dressmaker", r"裁缝|绣",
          # sewing to order, a curtain as much as a coat ("Could you sew a curtain for my classroom?"): said as asked
          (_w(r"coats?|dress\w*|shirts?|curtains?|trousers|breeches|skirts?|jackets?|waistcoats?|gowns?|aprons?|blouses?|"
              r"bonnets?|cushions?|sheets?|mend\w*|stitch\w*|alter\w*|hem(?:s|med|ming)?|sew\w*|cloth",
              r"衣|布|裁|缝|补|窗帘|帘子|裤|褂|袄|裙|被面", "a piece", "一件", 10, 40, "sewing", "针线活", True,
              as_asked=True, yes_en="Yes, I can sew that for you.", yes_zh="行，这活我接了。"),),
          r"cloth|needle|orders?|work", r"布|活|衣裳"),
    # roles a scenario names with no trade of the list above answered "I don't really know anything about that."
    # asked their own price: a (ship's) cook for stew, a ship's master for a passage, 班主 for a ticket
    Trade(r"\bcook\b|\bchef\b|galley", r"厨|伙夫|掌勺", (_MEAL, _ALE), r"galley|kitchen|stew|pots?|supper|cooking",
          r"灶|厨房|锅|饭菜"),
    Trade(r"captain|skipper|shipmaster|master of the (?:ship|schooner|brig|boat|vessel|sloop|ketch|barque|lugger|cutter)",
          r"船长|船主|船老大",
          (_w(r"passage|fare|berth|a place aboard|voyage|sail with you", r"船票|船钱|搭船|搭你的船", "a head", "一位",
              20, 60, "a passage", "船钱"),), r"ship|schooner|crew|voyage|sea|wind|sails?", r"船|风|海|伙计"),
    Trade(r"troupe (?:master|manager|leader)|impresario|theatre manager|ringmaster", r"班主|戏班老板",
          (_w(r"tickets?|a seat|seats", r"戏票|票|座位|看戏", "a seat", "一张", 2, 6, "a ticket", "戏票"),),
          r"shows?|troupe|audience|house|crowd|performance", r"戏|班子|场子|看客|生意"),
    # a silk merchant (丝商) sells silk and a paper merchant paper by the ream: "merchant" alone would make them
    # grocers, and a paper merchant's "Papers, 10 pence each" read as newspapers
    Trade(r"silk|mercer|draper|cloth (?:merchant|seller|dealer)", r"丝商|丝行|绸缎|绸庄|布商|布庄|丝",
          (_w(r"(?:raw )?silk|silk thread", r"生丝|蚕丝|丝线|丝", "a pound", "一斤", 40, 60, "raw silk", "生丝"),
           _w(r"silk cloth|satin|damask|bolts?", r"绸子|绸缎|绸|缎子|缎", "a bolt", "一匹", 80, 120, "silk cloth", "绸缎")),
          r"silk|cloth|orders?|trade|custom", r"丝|绸|生意|货"),
    Trade(r"paper (?:merchant|seller|dealer)|stationer", r"纸商|纸行|纸铺",
          (_w(r"paper|reams?|quires?|sheets?", r"纸", "a ream", "一刀", 8, 14, "paper", "纸"),
           _w(r"ink", r"墨", "a bottle", "一锭", 2, 5, "ink", "墨")),
          r"paper|stock|trade|custom|orders?", r"纸|生意|货"),
    # a porter's work is carrying, priced by the load ("What's your fee?", 你的脚钱多少？): a service (newcomer N-30)
    Trade(r"porter|carrier|stevedore|docker|longshoreman", r"挑夫|脚夫|搬运|扛活|力夫|苦力",
          (_w(r"carry\w*|a load|loads|porterage|haul\w*|lift\w*|fee", r"挑|扛|搬|脚钱|力钱", "a load", "一担",
              1, 4, "carrying", "挑货", True),), r"loads?|crates?|sacks?|quay|docks?|work", r"担子|货|活|码头"),
    # a caretaker mends what the place he keeps has broken, for nothing (his employer pays); a handyman or a
    # carpenter mends for a fee ("Could you fix the squeaky door?", 能帮我修一下门吗？)
    Trade(r"caretaker|janitor|custodian|groundskeeper|school ?keeper|verger|sexton", r"校工|工友|杂役|勤杂|打杂|看门|门房",
          (_w(r"fix\w*|mend\w*|repair\w*|see to|look at|squeak\w*|broken|leak\w*|stuck|jammed|loose",
              r"修|补|弄好|坏了|漏|卡住|松了", "a job", "一回", 0, 0, "a mend", "修", True,
              yes_en="Leave it with me; I'll see to it today.", yes_zh="行，交给我，今天就给你弄好。"),),
          r"school|building|grounds|yard|doors?|work|jobs?", r"学堂|院子|门|活"),
    Trade(r"handy ?man|odd-?job|carpenter|joiner|repair ?man", r"木匠|修理|杂工|瓦匠|泥瓦匠",
          (_w(r"fix\w*|mend\w*|repair\w*|see to|look at|squeak\w*|broken|leak\w*|stuck|jammed|loose",
              r"修|补|弄好|坏了|漏|卡住|松了", "a job", "一回", 3, 10, "a mend", "修", True,
              yes_en="I can fix that for you.", yes_zh="能修，交给我。"),),
          r"work|jobs?|tools?|wood|trade|custom", r"活|木头|工具|生意"),
    # an escort agency (镖局: 总镖头, 镖师, 趟子手; a caravan guard): its work is taking goods safe down the road
    Trade(r"\bescorts?\b|caravan guard|bodyguard|guard for hire|outrider", r"镖|趟子手",
          (_w(r"escort\w*|guard (?:my|the|a|our) (?:cart|wagon|goods|load|caravan|cargo)s?|protection on the road|safe conduct",
              r"押(?:一趟|趟|个|一回)?镖|走(?:一趟|趟)?镖|保镖|护送|押运|押货|押送", "a journey", "一趟", 300, 800, "an escort",
              "押镖", True, yes_en="We can do that; your goods will get there safe.", yes_zh="行，这趟镖我们接了。"),),
          r"escorts?|caravans?|roads?|journeys?|trade|custom", r"镖|生意|路上"),
    # a groom, an ostler (马夫): a horse fed, watered and stabled for the night ("Could you feed my horse?" was "That's
    # beyond me")
    Trade(r"\bgroom\b|ostler|hostler|stable ?(?:boy|lad|hand|man)|livery", r"马夫|马倌|马童|马房|车马店",
          (_w(r"feed\w*|water\w*|stabl\w*|groom\w*|rub (?:him|her|it) down|(?:see|look) (?:to|after) (?:my|the|our) (?:horse|pony|mule|donkey)s?|"
              r"put (?:my|the|our) (?:horse|pony|mule)s? up|hay|oats",
              r"喂(?:一下|一喂)?(?:我的|这)?(?:马|骡|驴)|饮马|遛马|(?:照看|看)(?:一下)?(?:我的)?(?:马|骡|驴)|草料|拴马", "a night", "一宿",
              1, 3, "stabling", "喂马", True, yes_en="I'll see to him; he'll be fed and watered.",
              yes_zh="行，马交给我，草料管够。"),),
          r"horses?|stables?|stalls?|hay|work", r"马|马棚|草料|活"),
    # a print shop (the master printer, the compositor who sets the type, 印书坊掌柜, 排字工): its work is printing to
    # order by the hundred and setting a page; asked before, "Can you print a hundred handbills?" was declined
    Trade(r"printer|print(?:ing)? ?(?:shop|works|house)|compositor|type ?setter", r"印|排字|刻字|书坊",
          (_w(r"print\w*|handbills?|pamphlets?|posters?|broadsides?|leaflets?|flyers?|notices?|almanacs?|calling cards?",
              r"印|传单|告示|招贴|名帖|帖子", "a hundred", "一百张", 12, 30, "printing", "印活", True, as_asked=True,
              yes_en="Yes, we can print those for you.", yes_zh="行，这活我们印。"),
           _w(r"set(?:ting)? (?:up )?(?:the |a |some |my |your )?(?:page of |line of )?type|typeset\w*|set (?:a|the|my) page",
              r"排字|排版|排(?:一|个)?版", "a page", "一版", 3, 8, "typesetting", "排版", True,
              yes_en="Give me the copy; I'll have it set by noon.", yes_zh="把稿子给我，晌午前给你排好。")),
          r"press|type|ink|print\w*|orders?|work", r"印|字|墨|活"),
    # a foundry (the foundry master, a bell founder, 铸钟的): bells to sell and casting to order
    Trade(r"(?:bell|brass|iron)[- ]?founder|\bfounder\b|foundry", r"铸|翻砂",
          (_w(r"(?:small |little |big |large |hand ?)?bells?", r"钟|铃", "each", "一口", 20, 60, "a bell", "钟"),
           _w(r"cast\w*|melt\w*|pour\w*", r"铸|浇", "a piece", "一件", 10, 40, "casting", "铸件", True,
              yes_en="Bring me the pattern and I'll pour it this week.", yes_zh="把样子拿来，这几天就给你浇出来。", side=True)),
          r"foundry|furnace|metal|bells?|moulds?|casting|work", r"炉|铜|钟|活"),
    # an errand runner, a messenger, a courier (跑腿的, 信差): a parcel or a letter taken across town
    Trade(r"errand (?:runner|boy|girl|lad)|\brunner\b|messenger|courier|post ?(?:man|woman|boy|rider)|delivery (?:boy|girl|lad|man)",
          r"跑腿|送信|信差|邮差|送货|捎信",
          (_w(r"deliver\w*|take (?:this|these|a|my|the) (?:parcel|letter|note|message|package|sheets?|bundle)s?|"
              r"carry (?:a|this|my|the) (?:message|letter|note|parcel)|run (?:an|this|my|a) errand|errands?|parcels?|letters?|"
              r"messages?|packages?", r"送|捎|跑(?:一)?趟|带(?:个)?(?:信|话)", "a run", "一趟", 1, 3, "a delivery", "跑腿",
              True, yes_en="Hand it here; it'll be there within the hour.", yes_zh="行，交给我，保准送到。"),),
          r"rounds?|errands?|parcels?|letters?|work", r"信|活|路"),
    # a shopkeeper named by no ware (掌柜, 店主, "merchant") keeps a general store: last, so 茶馆掌柜 is the tea trade
    Trade(r"shopkeeper|storekeeper|merchant|trader|shop", r"掌柜|店主|商铺|铺子|老板", _GROCER_WARES,
          r"shop|store|trade|custom|stock", r"铺子|店里|生意|货"),
)

COIN = {"en": "pence", "zh": "文"}
_PRICE_EN = re.compile(r"\bhow much\b|\bwhat(?:'s| is| do you charge| does it cost)(?: for)?(?: the| a)? ?(?:fare|price|cost|charge)?\b"
                       r"(?=[^?]*\?)|\bwhat do you charge\b|\bwhat does (?:it|a|an|the) [^?]{0,30}cost\b", re.I)
_PRICE_WORD_EN = re.compile(r"\bhow much\b|\bfare\b|\bprices?\b|\bcosts?\b|\bcharges?\b|\bfees?\b|\brates?\b", re.I)
# a fee asked by its own word (脚钱, 工钱, 船钱: 你的脚钱多少？) is a price question too
_PRICE_ZH = re.compile(r"多少钱|多少银子|几两银子|要多少|怎么卖|什么价|几个钱|几文|收多少|价钱|价格|怎么收钱|(?:脚|力|工|船|渡|车|诊)钱(?:是|要|收)?(?:多少|几|怎么算)")
# "Hi! One candy floss please.": a greeting (and a name) said before an order still leaves it an order
_GREETING_FIRST_EN = r"(?:(?:good )?(?:morning|afternoon|evening|day|hello|hi|hey)\b[^.!?,]{0,20}[.!?,]\s*)?"
_REQUEST_EN = re.compile(r"\b(?:can|could|may) i (?:please )?(?:get|have|buy|order|take|rent)\b|\bi'?d like\b|\bi(?:'ll| will) (?:take|have)\b|"
                         r"^\W*" + _GREETING_FIRST_EN + r"(?:(?:a|an|one|two|three|four|six|a dozen|half a dozen|some|\d+)\s+)?[a-z][a-z' -]{1,30},?\s+please\b|"
                         r"\b(?:can|could|would|will) you (?:please )?(?:print|shoe|mend|fix|make|bake|brew|sew|see to|look at|see|examine|treat|escort|guard|give me|do me|"
                         r"gut|clean|fillet|scale|patch|repair|darn|sharpen|grind|cut|trim|shave|sole|heel|"
                         r"carry|take|row|ferry|set|cast|deliver|run)\b|"
                         r"\bi (?:want|need) (?:a|an|some)\b|\bi (?:want|need|'d like|would like) to buy\b|\bdo you (?:have|sell|do)\b|\bhave you (?:got )?(?:a|an|any|some|something)\b"
                         # "And a bed for the night?" after a pint: a ware asked for by its name alone
                         r"|^\W*(?:and|also|oh,?)\s+(?:a|an|one|two|some)\s+[a-z][a-z' -]{1,30}?(?:\s+for\s+[a-z' ]{1,20})?\s*(?:,\s*please\s*)?\?\s*$"
                         # "Two nights, then." after a room was asked: a count and its unit is an order
                         r"|^\W*(?:(?:ok(?:ay)?|right|all right|fine),?\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+[a-z]+"
                         r"(?:\s+[a-z]+)?,?\s+(?:then|please)\s*[.!]?\s*$"
                         # "I've had a cough for a week." to the doctor: a complaint stated is asking for its remedy
                         r"|^\W*i(?:'ve| have)(?: had| got)?(?: a| an| this)?(?: bad| nasty| terrible| awful)?\s+(?:cough|cold|fever|headache|"
                         r"toothache|stomach ?ache|sore throat)\b"
                         # "How about a pound of butter?" after a purchase: asked for by its name
                         r"|^\W*(?:and\s+)?(?:how|what) about\s+(?:a|an|one|some|any)\s+[a-z][a-z' -]{1,30}?\s*\?\s*$", re.I)
_REQUEST_ZH = re.compile(r"我(?:想|要)|我买|给我|来(?:[一二两三四五六七八九十百几半0-9]{0,4})(?:碗|杯|壶|份|斤|两|块|个|间|趟|刀|支|锭|方|包|袋|把|张|双|瓶|罐|盒|串|碟|盘|笼|屉|只|条|根|捆|尺|匹|坛)|有没有|有(?:空)?(?:房|床)|能不能|可以|(?:你|您)?能(?:给|帮|替)我|(?:你|您)(?:们)?能|(?:请|麻烦)?(?:你|您)?帮我|(?:能|可以|可不可以)(?:带|送|载|渡|捎|拉)我|"
                         r"(?:这儿|这里|店里)?有(?!空[吗么？?])[\u4e00-\u9fff]{1,3}(?:吗|么|卖吗|没有)")
_HOW_EN = re.compile(r"\bhow(?:'s| is| are| were|'re)(?: the| your| things with the| things at the)? (?P<w>[a-z]+(?: [a-z]+)?)\b|"
                     r"\b(?:is|are) (?:the |your )?(?P<w2>[a-z]+) (?:doing|selling|going|keeping) (?:well|all right|alright|ok)\b|"
                     r"\bhow(?:'s| is) (?:business|trade|work|custom)\b|\b(?:busy|good) (?:trade|business)\b", re.I)
_HOW_ZH = re.compile(r"(?P<w>[\u4e00-\u9fff]{1,3}?)(?:今天|今年|最近|这几天)?(?:还)?(?:好卖|卖得(?:怎么样|好|动)|怎么样|还好吗|好不好|还行吗|多不多)|"
                     r"生意(?:怎么样|好吗|好不好|还行|如何)")
_BUSINESS_EN = re.compile(r"\b(?:business|trade|custom|work)\b", re.I)
PHRASES: dict[str, dict[str, list[str]]] = {
    "en": {
        "price": ["{ware_cap}? {price} {coin} {unit}.", "{ware_cap}? That'll be {price} {coin} {unit}."],
        "price_also": ["And {asked}, {price} {coin} {unit}."],
        "serve": ["Yes, I can do that: {ware}, {price} {coin} {unit}.", "Of course. That's {price} {coin} {unit} for {ware}."],
        "serve_many": ["Yes, I can do that: {ware}, {price} {coin} {unit}, so {total} {coin} for {many}.",
                       "Of course. That's {price} {coin} {unit} for {ware}: {total} {coin} for {many}."],
        # a `sells:` ware sold one at a time ("currant bun", per bun): counted, as a shop counts it
        "serve_work": ["{yes} That's {price} {coin} {unit}.", "{yes} It's {price} {coin} {unit}."],
        # work that costs the asker nothing (the school's caretaker mending its door): yes, and no price
        "serve_work_free": ["{yes}"], "price_free": ["Nothing at all; it's my job.", "You'll not pay me for that; it's what I'm here for."],
        "serve_one": ["{one_cap}, {price} {coin}. Here you are.", "Here you are: {one}, {price} {coin}."],
        "serve_count": ["{many_cap} {wares}, that's {total} pence.", "{many_cap} {wares}: {total} pence, please."],
        "doing": ["Doing well, thank you. {trade_line}", "Well enough. {trade_line}"],
        "doing_news": ["Not so well today. {news}", "Could be better. {news}"],
    },
    "zh": {
        "price": ["{ware}{unit}{price}{coin}。", "{ware}啊，{unit}{price}{coin}，老价钱。"],
        "price_also": ["{asked}{unit}{price}{coin}。"],
        "serve": ["有，{ware}{unit}{price}{coin}。", "行，{ware}{unit}{price}{coin}，这就给你。"],
        "serve_work": ["{yes}{ware}{unit}{price}{coin}。", "{yes}{ware}{unit}收{price}{coin}。"],
        "serve_for": ["行，{ware}{unit}{price}{coin}。", "成，{ware}{unit}{price}{coin}，包你满意。"],
        "serve_work_free": ["{yes}"], "price_free": ["不要钱，这是我分内的事。", "要什么钱，本来就是我该干的。"],
        "serve_many": ["有，{ware}{unit}{price}{coin}，{many}一共{total}{coin}。", "行，{ware}{unit}{price}{coin}，{many}一共{total}{coin}，这就给你。"],
        "doing": ["还行，{trade_line}", "托你的福，{trade_line}"],
        "doing_news": ["不太好。{news}", "唉，别提了。{news}"],
    },
}
_TRADE_LINE = {"en": "Plenty of call for {ware}.", "zh": "{ware}卖得还可以。"}


# a role named for what it makes or sells ("net maker", "ropemaker", "basket weaver", "candle seller", 织网的,
# 卖席子的): its ware is the thing the role names, so the net maker sells nets instead of sending the asker
# to the fisherman (asked after the named trades, before the general shop)
_MAKER_EN = re.compile(r"^(?:the\s+|a\s+|an\s+)?(?P<thing>[a-z]{3,}?)(?:\s+|-)?(?:maker|seller|weaver|mender|carver|"
                       r"wright|dealer|vendor|turner|binder|knitter|spinner|potter|trapper|catcher|cutter|boiler|gatherer|grower|"
                       r"burner|digger|picker|brewer|distiller|monger|hawker|merchant)s?$"
                       # "pie man", "egg woman": the thing, then who sells it (a word apart; a watchman sells no watches)
                       r"|^(?:the\s+|a\s+|an\s+)?(?P<thing2>(?!(?:watch|post|fire|work|fore|coach|ferry|horse|noble|gentle|"
                       r"hunt|wood|yeo|line|signal|door|sales|lengths|handy|middle|country|town|clergy|alder|free|dust|"
                       r"boat|fisher|ferry|sea|lamp|gate|toll|night|bell|tally)\b)[a-z]{3,})(?:\s+|-)(?:man|woman|wife|lady|girl|boy|lad)$",
                       re.I)
_MAKER_ZH = re.compile(r"^(?:卖|做|编|织|补|扎|酿|晒|磨|打|修)(?P<thing>[\u4e00-\u9fff]{1,2}?)(?:的|匠|师傅|人|工)?$")
_MASS_EN = {"salt": "a sack", "rope": "a coil", "reed": "a bundle", "thatch": "a bundle", "charcoal": "a sack", "peat": "a sack",
            "cloth": "a yard", "wool": "a fleece", "lime": "a sack", "tar": "a pot", "cider": "a jug", "beer": "a jug",
            "ale": "a jug", "wine": "a bottle", "flour": "a sack", "honey": "a jar", "wax": "a cake", "twine": "a ball",
            "cheese": "a pound", "butter": "a pound", "egg": "a dozen", "meat": "a pound", "tea": "a packet",
            "coal": "a sack", "sand": "a sack", "milk": "a pint", "cream": "a pint"}
_SOLD_AS_MANY = {"reed", "egg"}  # by the bundle, by the dozen, and called "reeds", "eggs"
_MEASURE_ZH = (("表", "一块"), ("网", "一张"), ("席", "一张"), ("绳", "一根"), ("伞", "一把"), ("筐|篮|篓", "一个"), ("鞋", "一双"),
               ("酒|醋|酱", "一斤"), ("", "一件"))


# who makes a thing mends it (a net-maker, a basket weaver, 织网的, 编筐的), and one who sells a thing that is
# mended (卖伞的, an umbrella seller); a pie man or a cheesemonger mends nothing
_MAKING_EN = re.compile(r"(?:maker|weaver|mender|wright|carver|turner|binder|knitter|spinner)s?$", re.I)
_MENDED = (r"net|basket|sail|umbrella|chair|pot|kettle|clock|watch|lantern|cart|barrel|cask|bucket|shoe|boot|sieve|mat|hat|"
           r"伞|网|筐|篮|篓|席|椅|锅|桶|鞋|靴|帽|筛|灯|钟|表")


def _mends(role: str, thing: str, zh: bool) -> bool:
    """Whether one whose role names this thing mends it too."""
    if zh:
        return bool(re.match(r"(?:编|织|补|扎|打|做)", role.strip())) or bool(re.fullmatch(rf"(?:{_MENDED})", thing))
    return bool(_MAKING_EN.search(role.strip())) or bool(re.fullmatch(rf"(?:{_MENDED})s?", thing))


@lru_cache(maxsize=512)
def _maker_trade(role: str, zh: bool) -> Trade | None:
    m = (_MAKER_ZH if zh else _MAKER_EN).match(role.strip())
    if m is None:
        return None
    thing = (m.group("thing") or m.groupdict().get("thing2") or "").lower()
    if zh:
        unit = next(u for r, u in _MEASURE_ZH if not r or re.search(r, thing))
        ware = _w(rf"{thing}s?", re.escape(thing), "each", unit, 2, 12, f"a {thing}", thing)
        mend = _w("", r"补|修(?!改)", "", unit, 1, 4, "mending", f"补{thing}", True, yes_zh="能补，拿来我看看。", side=True)
        if role.strip().startswith("修"):  # 修表匠 mends watches and sells none: "修" its work, priced per piece
            mend = _w("", rf"修|{re.escape(thing)}", "", unit, 2, 10, "mending", f"修{thing}", True, yes_en="I can mend that.", yes_zh="能修，放这儿我看看。")
            return Trade(thing, re.escape(role), (mend,), "", rf"{re.escape(thing)}|生意|活")
        return Trade(thing, re.escape(role), (ware, mend) if _mends(role, thing, zh) else (ware,), "",
                     rf"{re.escape(thing)}|生意|活")
    stem = re.sub(r"(?<=[^aeiou])e?s$", "", thing) if len(thing) > 4 else thing
    unit = _MASS_EN.get(stem)  # salt by the sack, rope by the coil: said without "a"
    name = (stem + "s" if stem in _SOLD_AS_MANY else stem) if unit else ("an " if stem[0] in "aeiou" else "a ") + stem
    ware = _w(rf"{stem}(?:e?s)?", "", unit or "each", "", 2, 12, name, stem)
    # the one who makes nets mends them ("Can you mend my net?"): its price said per the thing mended
    mend = _w(r"mend\w*|repair\w*|fix\w*|patch\w*|darn\w*", "", unit or name, "", 1, 4, "mending", stem, True,
              yes_en="Yes, I can mend that for you.", side=True)
    wares = (ware, mend) if _mends(role, stem, zh) else (ware,)
    # the bookbinder binds the asker's own book ("Can you bind my book?"); a reed cutter's "cut me some reeds" or a
    # carver's "carve me a spoon" buys the thing made, so only binding is work done to what is brought
    if re.search(r"binders?$", role.strip(), re.I):
        wares += (_w(r"bind\w*|rebind\w*", "", unit or "each", "", 2, 8, "binding", "binding", True,
                     yes_en="Yes, I can do that for you.", side=True),)
    return Trade(rf"\b{stem}", "", wares, rf"{stem}(?:e?s)?|trade|custom|orders?|work", "")


def trade_of(role: str) -> Trade | None:
    """The trade a role word names (en or zh), the first that matches; None for a role no trade covers."""
    if not role:
        return None
    zh = bool(re.search(r"[\u4e00-\u9fff]", role))
    # the head of the role is the trade: 船夫的侄子 is a nephew, "ferryman's boy" a boy (卖豆腐的 keeps its 的)
    role = role.rstrip("的").split("的")[-1] if zh else re.split(r"'s\s+", role)[-1]
    if zh:  # the zh head comes last: 渡口摆茶摊 keeps a tea stall (at the ferry), 茶馆跑堂 serves tea
        ends = [(m.end(), -i, t) for i, t in enumerate(TRADES[:-1]) for m in re.finditer(t.roles_zh, role)]
        named = max(ends, key=lambda e: e[:2])[2] if ends else None
    else:
        named = next((t for t in TRADES[:-1] if re.search(t.roles_en, role, re.I)), None)
    if named is not None:
        return named
    made = _maker_trade(role, zh)
    if made is not None:
        return made
    shop = TRADES[-1]
    return shop if re.search(shop.roles_zh if zh else shop.roles_en, role, 0 if zh else re.I) else None


# four goods said as one word (卖笔墨纸砚的): each its own ware, so 一刀纸 is asked of the stationer
_LISTED_ZH = {"笔墨纸砚": ("笔", "墨", "纸", "砚"), "文房四宝": ("笔", "墨", "纸", "砚"), "油盐酱醋": ("油", "盐", "酱", "醋"),
              "柴米油盐": ("柴", "米", "油", "盐"), "锅碗瓢盆": ("锅", "碗", "瓢", "盆"), "针头线脑": ("针", "线"),
              "烟酒糖茶": ("烟", "酒", "糖", "茶"), "瓜果蔬菜": ("瓜果", "蔬菜"), "鸡鸭鱼肉": ("鸡", "鸭", "鱼", "肉"),
              "茶叶点心": ("茶叶", "点心"), "针线": ("针", "线"), "纸笔": ("纸", "笔"), "笔墨": ("笔", "墨")}
_UNIT_ZH = (("豆腐", "块"), ("豆浆", "碗"), ("纸", "刀"), ("笔", "支"), ("墨", "锭"), ("砚", "方"), ("面|汤|粥|饭|豆浆|馄饨|米线|粉", "碗"), ("馒头|包子|饼|烧饼|蛋", "个"), ("酒|茶", "壶"), ("房|铺|床", "间"),
            ("伞", "把"), ("网|席", "张"), ("鞋|靴", "双"))


def _per(per: str, zh: bool) -> str:
    """The unit a price is said per: 碗 -> 一碗, bowl -> a bowl, "a night" and "each way" as written."""
    if not per:
        return "" if zh else "each"
    if zh:
        return per if re.match(r"[一每两半]", per) else "一" + per
    return per if re.match(r"(?:a|an|each|per|the)\b", per, re.I) else ("an " if per[0] in "aeiou" else "a ") + per


@lru_cache(maxsize=256)
def _sold_trade(sales: tuple[tuple[str, int, str, tuple[str, ...]], ...], zh: bool) -> Trade:
    """The trade a scenario's `sells:` writes: its wares at their own prices, asked by name or by their words."""
    wares = []
    for ware, price, per, words in sales:
        named = (ware, *words) + tuple(_many("a " + w) for w in (ware, *words) if not zh and re.search(r"fe?$", w))  # loaves
        said = "|".join(re.escape(w) for w in sorted(set(named), key=len, reverse=True))
        en = rf"(?:{said})(?:e?s)?" if not zh else ""  # every word of the ware one or many: "handbills", "flyers"
        known = _known_service(ware, zh)
        if known is not None:  # `{ware: 押镖, price: 500, per: 趟}`: the escort the engine knows, at the designer's price
            en, said = (en + "|" + known.en if en else known.en), said + "|" + known.zh
        service = known is not None or bool(_SERVICE_PER_ZH.fullmatch(per.lstrip("一每")) if zh else _SERVICE_PER_EN.fullmatch(
            re.sub(r"^(?:a|an|each|per)\s+", "", per, flags=re.I)))
        yes_en, yes_zh = (known.yes_en, known.yes_zh) if known is not None else _SERVICE_YES if service else ("", "")
        wares.append(Ware(en, said if zh else "", _per(per, False), _per(per, True), price, price, ware, ware, service,
                          sold=True, yes_en=yes_en, yes_zh=yes_zh))
    return Trade("", "", tuple(wares), "", "")


# a `sells:` entry priced per journey, visit or time (per: 趟, per: visit) is work done, not a thing handed over
_SERVICE_PER_ZH = re.compile(r"趟|次|回|天|日|时辰|个时辰|场")
_SERVICE_PER_EN = re.compile(r"trip|journey|visit|job|time|day|hour|session|lesson|call|crossing", re.I)
_SERVICE_YES = ("I can do that for you.", "行，这活我接了。")


def _known_service(ware: str, zh: bool) -> Ware | None:
    """The service of a trade's list a `sells:` ware names as a whole (押镖, "escort", 看病), or None: a word
    a request for the service may hold is no service when it is only part of a ware's name (蓝布, cloth
    sold by the 尺, holds the 布 of 给我做块布帘 to the seamstress)."""
    return next((w for t in TRADES for w in t.wares if (w.yes_zh if zh else w.yes_en) and not w.as_asked  # a handbill is a thing
                 and re.fullmatch(w.zh if zh else rf"(?:{w.en})", ware.strip() if zh else
                                  re.sub(r"^(?:a|an|the)\s+", "", ware.strip(), flags=re.I), 0 if zh else re.I)), None)


# "卖热汤面和馒头" / "who sells rooms and hot soup": the wares a role names are what it sells, priced before its
# trade's list (a cook who sells noodles is asked for noodles, never answered with 烧饼)
_ROLE_SELLS_ZH = re.compile(r"卖(?P<w>[一-鿿]{1,4}?(?:(?:和|、|与|跟)[一-鿿]{1,4}?)*)(?:的|$|[，,。])")


# "sells pies at the fair", "sells hot chestnuts and cider", "selling eels on the quay": the same in English
_ROLE_SELLS_EN = re.compile(r"\b(?:sells?|selling|deals? in|hawks?|hawking|peddles?|peddling)\s+(?P<w>[a-z' -]+?)"
                            r"(?=\s+(?:at|on|in|by|from|to|for|outside|near|round|around|down|up|along|off|out|under|beside)\b"
                            r"|\s*[,.;(]|\s*$)", re.I)
_NOT_A_WARE_EN = {"things", "stuff", "goods", "wares", "everything", "anything", "whatever", "odds", "ends", "sundries"}


def _ware_en(said: str) -> Ware | None:
    """One ware named in an English role ("pies", "hot chestnuts", "cider"): asked by its head word, one or many."""
    words = said.strip().lower().split()
    if not words or words[-1] in _NOT_A_WARE_EN:
        return None
    head = words[-1]
    if len(head) > 4 and head.endswith("ies"):  # berries: a berry or berries
        asked = re.escape(head[:-3]) + "(?:y|ies)"
        stem = head[:-3] + "y"
    else:  # pies, chestnuts, boxes: the one or the many
        stem = re.sub(r"(?:(?<=ch)|(?<=sh)|(?<=ss)|(?<=x))es$|(?<!s)s$", "", head) if len(head) > 3 else head
        asked = re.escape(stem) + "(?:e?s)?"
    lead = " ".join(words[:-1])
    return _w(rf"(?:{re.escape(lead)} )?{asked}" if lead else asked, "", _MASS_EN.get(stem) or "each", "", 2, 12,
              " ".join(words), stem)


def _role_trade(role: str, zh: bool) -> Trade | None:
    """The wares the role's own words name (zh 卖X和Y, en "sells X and Y"), at a price of the world's kind, or None."""
    if not zh:
        m = _ROLE_SELLS_EN.search(role)
        if m is None:
            return None
        found = [_ware_en(n) for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+or\s+", m.group("w")) if n.strip()]
        wares = tuple(w for w in found if w is not None)
        return Trade("", "", wares, "|".join(w.en for w in wares) + "|trade|custom|business", "") if wares else None
    m = _ROLE_SELLS_ZH.search(role)
    if m is None:
        return None
    names = [part for n in re.split(r"和|、|与|跟", m.group("w")) if n for part in _LISTED_ZH.get(n, (n,))]
    wares = tuple(_w("", re.escape(n), "each", "一" + next((u for r, u in _UNIT_ZH if re.search(r, n)), "份"), 2, 10, n, n)
                  for n in names)
    return Trade("", "", wares, "", "") if wares else None


# "ink mixer who grinds the colours", "the woman who mends the sails": a role that says what its holder does
# does that work when no trade of the list names it (a verb of being or feeling is no work)
_WHO_DOES_EN = re.compile(r"\bwho\s+(?P<v>[a-z]{2,}?(?:ies|ches|shes|sses|xes|s))\s+(?P<o>[a-z][a-z' -]{1,40}?)"
                          r"(?=\s+(?:at|on|in|for|to|from|of|with|by|and)\b|\s*[,.;(]|\s*$)", re.I)
_NOT_WORK_EN = {"is", "was", "has", "does", "lives", "works", "helps", "loves", "likes", "hates", "knows", "thinks", "says",
                "tells", "hears", "wants", "needs", "seems", "keeps", "stays", "sleeps", "talks", "gossips"}
_MAKES_EN = {"make", "weave", "carve", "knit", "bake", "brew", "build", "grow", "spin", "plait", "whittle", "throw"}


@lru_cache(maxsize=256)
def _role_work(role: str) -> Trade | None:
    """The work an English role's "who <does> <something>" names, as a service asked by its verb, or None."""
    m = _WHO_DOES_EN.search(role)
    if m is None or m.group("v").lower() in _NOT_WORK_EN:
        return None
    verb = m.group("v").lower()
    base = verb[:-3] + "y" if verb.endswith("ies") else verb[:-2] if re.search(r"(?:ch|sh|ss|x)es$", verb) else verb[:-1]
    stem = base[:-1] if base.endswith("e") and len(base) > 3 else base[:-1] if base.endswith("y") else base
    thing = re.sub(r"^(?:the|a|an|all the|any)\s+", "", m.group("o").strip(), flags=re.I)
    if base in _MAKES_EN and (made := _ware_en(thing)) is not None:  # "who weaves baskets": the baskets are sold
        return Trade("", "", (made,), rf"{made.en}|trade|custom|orders?", "")
    gerund = (base[:-1] if base.endswith("e") and not base.endswith("ee") else base + base[-1]
              if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", base) else base) + "ing"
    ware = _w(rf"{re.escape(stem)}\w*", "", "a job", "", 2, 8, f"{gerund} {thing}", "", True,
              yes_en=_SERVICE_YES[0])
    return Trade("", "", (ware,), rf"{re.escape(thing)}|work|jobs?|trade|custom", "")


def own_trade(me: Character, zh: bool) -> Trade | None:
    """What this character sells, the scenario's `sells:` first, then the wares its role names, then its trade,
    then the work its role says it does ("who sets the type")."""
    if me.sells:
        return _sold_trade(tuple((s.ware, s.price, s.per, tuple(s.words)) for s in me.sells), zh)
    said, named = _role_trade(me.role, zh), trade_of(me.role)
    if said is None and named is None and not zh:
        return _role_work(me.role)
    if said is None or named is None:
        return said or named
    sides = tuple(w for w in named.wares if w.side)  # 卖鱼的 sells the fish her role names and guts them too
    if zh:
        return Trade(said.roles_en, said.roles_zh, said.wares + sides, said.work_en, said.work_zh)
    # "innkeeper who sells rooms and hot soup": the trade's own ware (a room a night, soup a bowl) for
    # each the role names that the trade knows, the role's words for the rest
    wares = tuple(next((w for w in named.wares if re.search(rf"\b(?:{w.en})\b", n.name_en, re.I)), n) for n in said.wares)
    return Trade(said.roles_en, said.roles_zh, wares + tuple(w for w in sides if w not in wares), said.work_en, said.work_zh)


def _asked_as(ware: Ware, text: str, zh: bool) -> str:
    """The ware by the asker's word ("soup", not "a meal") when it is one plain word, else its name."""
    m = re.search(ware.zh if zh else rf"\b(?:{ware.en})\b", text, 0 if zh else re.I)
    said = m.group(0) if m is not None else ""
    if zh:
        return said if len(said) > 1 else ware.name_zh
    return said.lower() if re.fullmatch(r"[A-Za-z]+", said) else ware.name_en


def _names_other_ware(trade: Trade, text: str, zh: bool) -> bool:
    """Whether the words name a ware some other trade sells: "热汤面多少钱" to a baker asks after noodles, not bread.
    A word that is part of one of my own wares' names is mine: 你这布怎么卖 to the dyer who sells 蓝布."""
    return _other_ware_word(trade, text, zh) is not None


def _other_ware_word(trade: Trade, text: str, zh: bool) -> str | None:
    """The words naming a ware some other trade sells ("apples" asked of the grocer), or None."""
    own = [w.name_zh if zh else w.name_en for w in trade.wares]
    for t in TRADES:
        if t is trade:
            continue
        for w in t.wares:
            m = re.search(w.zh if zh else rf"\b(?:{w.en})\b", text, 0 if zh else re.I)
            if m is not None and not any(m.group(0).lower() in name.lower() for name in own if name):
                return _zh_noun(text, m.group(0)) if zh else m.group(0).lower()
    return None


def _zh_noun(text: str, word: str) -> str:
    """The asker's whole name for a ware a trade's word was found in: 一碗热汤面多少钱 -> 热汤面 (not 汤)."""
    run = re.search(rf"[\u4e00-\u9fff]*{re.escape(word)}[\u4e00-\u9fff]*", text)
    said = _PRICE_ZH.split(run.group(0))[0] if run is not None else word
    said = re.sub(r"^.*?(?:[一两半几\d](?:碗|个|斤|块|份|杯|壶|张|把|只|条|匹|两)|的|这|那)(?=.)", "", said)
    return said if word in said and len(said) <= 5 else word


_NOT_KEPT = {"en": ["No {asked} here, I'm afraid; I sell {wares}.", "I don't keep {asked}; {wares}, mostly."],
             "zh": ["我这儿不卖{asked}，卖的是{wares}。", "{asked}我这儿没有，我卖{wares}。"],
             "en_who": ["No {asked} here; {name} the {role} is the one for those."], "zh_who": ["我这儿不卖{asked}，你得找{name}，{role}那儿有。"]}


def _not_kept(world: World, npc: str, trade: Trade, asked: str, zh: bool) -> str:
    """"How much are your apples?" to the grocer: not mine, and what I do sell ("I don't keep apples; salt,
    sugar and oil, mostly.")."""
    shelf = tuple(w for w in trade.wares if not w.yes_en) or trade.wares
    names = [w.name_zh if zh else _shelf_name(w) for w in shelf[:3]]
    wares = "、".join(names) if zh else (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])
    seller = next((c for cid, c in world.characters.items() if cid != npc and not c.is_player and c.name
                   and (t := own_trade(c, zh)) is not None and ware_in(t, asked, zh) is not None), None)
    if seller is not None:  # the fishmonger down the lane sells fish
        role = re.sub(r"^(?:the|a|an)\s+", "", seller.role, flags=re.I)
        return _NOT_KEPT["zh_who" if zh else "en_who"][0].format(asked=asked, name=seller.name if zh else seller.name.split()[0],
                                                                 role=role)
    options = _NOT_KEPT["zh" if zh else "en"]
    return options[zlib.crc32(f"{world.seed}|{npc}|not_kept|{asked}".encode()) % len(options)].format(asked=asked, wares=wares)


def is_maker(trade: Trade) -> bool:
    """Whether the trade is one read from a role named for what it makes or sells."""
    return trade not in TRADES


def ware_in(trade: Trade, text: str, zh: bool) -> Ware | None:
    """The ware of this trade that the words name, or None."""
    found = [w for w in trade.wares if (w.zh if zh else w.en)
             and re.search(w.zh if zh else rf"\b(?:{w.en})\b", text, 0 if zh else re.I)]
    return next((w for w in found if w.side), found[0] if found else None)  # "mend my net": the mending, not a net


def sells(role: str, text: str, zh: bool) -> bool:
    """Whether a role's trade sells what the words name (everyday.py's referral asks this too)."""
    trade = trade_of(role)
    return trade is not None and ware_in(trade, text, zh) is not None


def price_of(world: World, npc: str, ware: Ware) -> int:
    """The NPC's price for a ware: in the ware's range, fixed by the world's seed, the NPC and the ware."""
    span = ware.high - ware.low + 1
    return ware.low + zlib.crc32(f"{world.seed}|{npc}|{ware.name_en}".encode()) % span


def _slots(world: World, npc: str, ware: Ware, zh: bool, text: str = "") -> dict[str, str]:
    asked = re.search(ware.zh, text) if zh and ware.zh and ware.name_zh not in text and not ware.work else None
    said = asked.group(0) if asked is not None and len(asked.group(0)) > 1 and not asked.group(0).endswith("钱") \
        else None  # 馒头 as asked, not 烧饼; 脚钱 asks the price of 挑货, it names no ware
    if not zh and text and ware.en and ware.name_en == "hardware":  # "nails" asked of the ironmonger, not "hardware"
        said = _asked_as(ware, text, zh)
    if not zh and ware.sold:
        said = _sold_as(ware, text)
        if _counted(ware) and not said.endswith("s"):  # "Currant buns? 2 pence a bun.", not "for currant bun"
            said = _many("a " + said)
    if not zh and text and ware.as_asked:  # "Curtains? 25 pence a piece.": the last thing named, as many
        things = [m.group(0).lower() for m in re.finditer(rf"\b(?:{ware.en})\b", text, re.I)
                  if not re.fullmatch(r"mend\w*|stitch\w*|alter\w*|hem\w*|sew\w*|print\w*", m.group(0), re.I)]
        said = (things[-1] if things[-1].endswith("s") else _many("a " + things[-1])) if things else None
    name = said or (ware.name_zh if zh else ware.name_en)
    price = price_of(world, npc, ware)
    return {"ware": name, "ware_cap": name[:1].upper() + name[1:], "price": str(price),
            "coin": COIN["zh"] if zh else "penny" if price == 1 else COIN["en"], "unit": ware.unit_zh if zh else ware.unit_en}


_BY_MANY_EN = re.compile(r"(?:a|half a) (?:dozen|hundred|score|gross|pair|thousand|box|packet|bundle)$", re.I)


def _shelf_name(ware: Ware) -> str:
    """An English ware as a shop lists it: "currant buns" and "loaves" sold one at a time, "handbills" by the
    hundred, "bread" and "salt" as they are."""
    if not ware.sold:
        return _many(ware.name_en)
    said = _sold_as(ware, "")
    return _many(("an " if said[:1].lower() in "aeiou" else "a ") + said) if _counted(ware) and not said.endswith("s") else said


def _sold_as(ware: Ware, text: str) -> str:
    """A `sells:` ware in English: as the asker said it ("leaflets"), else many when it is sold by the
    dozen or the hundred ("handbills"), else as written ("bread")."""
    m = re.search(rf"\b(?:{ware.en})\b", text, re.I) if text else None
    if m is not None and not _PRICE_WORD_EN.fullmatch(m.group(0)):  # "fee" asks its price: "Carrying? 4 pence"
        return m.group(0).lower()
    name = ware.name_en
    if not _BY_MANY_EN.search(ware.unit_en) or name.endswith("s"):
        return name
    return name[:-1] + "ies" if re.search(r"[^aeiou]y$", name) else name + ("es" if re.search(r"(?:sh|ch|x)$", name) else "s")


def _said(world: World, npc: str, key: str, ware: Ware, text: str, zh: bool, **more: str) -> str:
    """A phrase picked by the NPC, the ware and the words asked: the same question gets the same words."""
    if price_of(world, npc, ware) == 0 and key + "_free" in PHRASES["zh" if zh else "en"]:
        key += "_free"  # the caretaker's mending is the school's: no price said
    options = PHRASES["zh" if zh else "en"][key]
    n = zlib.crc32(f"{world.seed}|{npc}|{key}|{ware.name_en}".encode()) % len(options)
    return options[n].format(**_slots(world, npc, ware, zh, text), **more)


_MANY_ZH = re.compile(r"(\d+|[一两二三四五六七八九十百]+|几)(?:刀|支|锭|方|个|只|把|块|斤|张|根|件|条|双|袋|碗|杯|壶|份|捆|卷|瓶|盒|对|串|碟|盘|笼|屉|坛|匹|尺|丈|包|罐)")
_MANY_EN = re.compile(r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten|a dozen|half a dozen|a couple of)\b", re.I)


def ware_by_unit(trade: Trade, text: str, zh: bool) -> Ware | None:
    """The one ware a request names only by its unit and a count ("给我来三尺" of the dyer who sells 蓝布 by
    the 尺, "two jugs, please" of the one who sells cider by the jug), when no other ware has that unit."""
    many = (_MANY_ZH if zh else _MANY_EN).search(text)
    if many is None:
        return None
    if zh:
        unit = many.group(0)[len(many.group(1)):]
        fits = [w for w in trade.wares if w.unit_zh and w.unit_zh.endswith(unit) and not w.side]  # 两把 are umbrellas, not mending
    else:
        after = text[many.end():].strip().lower()
        fits = [w for w in trade.wares if not w.side
                and (u := re.sub(r"^(?:a|an|each|per)\s+", "", w.unit_en.lower())) and u not in ("each", "")
                and re.match(rf"{re.escape(u)}(?:e?s)?\b", after)]
    return fits[0] if len(fits) == 1 else None


def _by_units(many: str, ware: Ware) -> str:
    """A count said with the unit a ware is sold by ("two" of cheese by the pound: "two pounds"; eggs by the
    dozen: "two dozen"); as it was for a ware sold each or by its own name (loaves by the loaf)."""
    per = re.fullmatch(r"an? (?P<u>[a-z]+)", ware.unit_en)
    if per is None or per.group("u") in ware.name_en.lower():
        return many
    unit = per.group("u")
    return f"{many} {unit if unit in ('dozen', 'hundred', 'score', 'gross') else _many('a ' + unit)}"


def _counted(ware: Ware) -> bool:
    """Whether an English `sells:` ware is sold one at a time: per "each" or per its own head word ("currant
    bun" per bun), so "two buns" are two of it (salt per pound, handbills per hundred are not)."""
    if not ware.sold or not ware.name_en:
        return False
    unit = re.sub(r"^(?:a|an|each|per)\s*", "", ware.unit_en, flags=re.I).lower()
    return not unit or unit == ware.name_en.lower().split()[-1]


_FOR_ME_ZH = re.compile(r"(?:帮|替|给)我(?:打|做|修|补|编|织|磨|缝|刻|印|铸|钉)")


def _served(world: World, npc: str, ware: Ware, text: str, zh: bool) -> str:
    """A ware served, priced for as many as were asked ("来两支笔": 一支9文，两支一共18文; "Two currant buns,
    that's 4 pence.")."""
    from townsfolk.agents.barter import _count

    yes = ware.yes_zh if zh else ware.yes_en
    if yes:  # a service asked for (a consultation, an escort, a mend): its own yes, then its price
        return _said(world, npc, "serve_work", ware, text, zh, yes=yes)
    many = (_MANY_ZH if zh else _MANY_EN).search(text)
    count = _count(many.group(0) if zh else text[many.start():], zh) if many else 1
    if not zh and _counted(ware):
        name = ware.name_en
        if count <= 1:
            one = ("an " if name[:1].lower() in "aeiou" else "a ") + name
            return _said(world, npc, "serve_one", ware, text, zh, one=one, one_cap=one[:1].upper() + one[1:])
        said = many.group(1).lower()  # type: ignore[union-attr]
        return _said(world, npc, "serve_count", ware, text, zh, many_cap=said[:1].upper() + said[1:], wares=_many("a " + name),
                     total=str(count * price_of(world, npc, ware)))
    if count <= 1:  # 能帮我打一把锄头吗？ asks for work done: 行, not 有 (that answers 有锄头吗)
        return _said(world, npc, "serve_for" if zh and _FOR_ME_ZH.search(text) else "serve", ware, text, zh)
    total = count * price_of(world, npc, ware)
    said = many.group(0) if zh else many.group(1).lower()  # type: ignore[union-attr]
    return _said(world, npc, "serve_many", ware, text, zh, many=said if zh else _by_units(said, ware), total=str(total))


_HEAD_ZH = re.compile(r"总|掌柜|东家|老板|班主|当家|镖头|师父|师傅")
_HEAD_EN = re.compile(r"\b(?:head|master|chief|owner|boss|captain|foreman|proprietor)\b", re.I)
_TO_HEAD = {"en": "That's for {name} to take on; settle the price with {obj}.", "zh": "{ware}得{name}点头，价钱你跟{pron}谈。"}


def _head_of_trade(world: World, npc: str, ware: Ware, zh: bool) -> str | None:
    """A service asked of one who works under the head of its trade (石头 the 镖师, tied to 赵总镖头):
    the head takes it on and sets its price, so the asker is sent to them; None when I am the head, price it
    myself (`sells:`), or no head is in the world."""
    me = world.character(npc)
    rx = _HEAD_ZH if zh else _HEAD_EN
    if not ware.yes_en or me.sells or rx.search(me.role):
        return None
    from townsfolk.agents.everyday import _pron, _tied

    for cid, c in world.characters.items():
        if cid == npc or c.is_player or not c.name or not rx.search(c.role) \
                or not (_tied(world, npc, cid) or _tied(world, cid, npc)):
            continue  # a head I am tied to (my master, my employer), not any shop of the same trade
        theirs = own_trade(c, zh)
        if theirs is not None and any(w.name_en == ware.name_en for w in theirs.wares):
            pron = _pron(world, cid, zh)
            obj = {"he": "him", "she": "her"}.get(pron, c.name)
            return _TO_HEAD["zh" if zh else "en"].format(ware=ware.name_zh, name=c.name, pron=pron, obj=obj)
    return None


def _recent_news(world: World, npc: str, trade: Trade, zh: bool, known: set[str], window: int = 24) -> str | None:
    found = _recent_news_fact(world, npc, trade, zh, known, window)
    return found[0] if found is not None else None


def _recent_news_fact(world: World, npc: str, trade: Trade, zh: bool, known: set[str],
                      window: int = 24) -> tuple[str, float] | None:
    """The latest happening in the last `window` ticks about this NPC's trade that it would know of
    (it was there, holds a memory of it, or the words name it: its own hives), said from its side."""
    from townsfolk.memory.perception import first_person

    work = trade.work_zh if zh else trade.work_en
    if not work:
        return None
    me = world.character(npc).name
    short = me if zh else me.split()[0]
    for fact in reversed(list(world.facts)):
        if fact.tick < world.tick - window:
            break
        if fact.kind not in ("happen", "game_event") or not fact.text:
            continue
        there = npc in fact.participants or fact.id in known
        if fact.private and not there:
            continue
        if (there or (short and re.search(rf"{re.escape(short)}(?![\w])" if not zh else re.escape(short), fact.text))) and re.search(work if zh else rf"\b(?:{work})\b", fact.text, 0 if zh else re.I):
            said = first_person(world, npc, fact.text).strip()
            if short != me:  # "Orla's hives" by the first name alone are mine too
                said = re.sub(rf"\b{re.escape(short)}'s\b", "my", said)
            said = said[:1].upper() + said[1:] if not zh else said
            return (said if re.search(r"[。.!！?？]$", said) else said + ("。" if zh else ".")), fact.valence
    return None


# the trades whose wares everyday.py serves as food and drink ("Coming right up", 马上就来): a coat, a net or a
# rope is sold here, with its price
_SERVED_EN = re.compile(r"cook|chef|innkeeper|landlady|landlord|tavern|baker|kitchen|tea|tofu|bean ?curd", re.I)
_SERVED_ZH = re.compile(r"茶|厨|饭|面馆|酒|客栈|馆|灶|豆腐|饼|馒头|点心|面包")


def _served_by_everyday(me: Character, text: str, zh: bool) -> bool:
    """Whether everyday.py already serves this request in the asker's words (卖豆腐的 and 豆腐脑, a baker's
    loaf of bread); the wares it does not know for the role (an innkeeper's room), whatever a trade
    that is not food and drink sells, a `sells:` ware (its price is the designer's) and a request
    everyday.py does not read ("I'll take two buns", 我要两个馒头: refused there) are served here."""
    from townsfolk.agents.everyday import _deals_in, asks_to_be_served

    if me.sells or not (_SERVED_ZH if zh else _SERVED_EN).search(me.role) or not asks_to_be_served(text, zh):
        return False
    return bool(_deals_in(me.role, "" if zh else me.persona, text, zh))


_WHERE_TO_GET = re.compile(r"\bwhere (?:can|could|do|would|might) i (?:get|buy|find|have)\b|\bwho (?:sells|does|makes|mends|"
                           r"can do)\b|(?:哪儿|哪里|哪)(?:能|可以)?(?:买|找|做|订)|谁(?:卖|会做|家卖|那儿有)", re.IGNORECASE)


def trade_reply(world: World, npc: str, text: str, known: set[str] = frozenset(),  # type: ignore[assignment]
                previous: Callable[[], str | None] | None = None) -> tuple[str, str] | None:
    """(kind, words) when the line asks this NPC's trade for a ware, its price or how it is going; else None.
    `known` are the ids of facts the NPC holds a memory of (its news may come from them); `previous` gives
    the asker's last words to me, so a bare "How much would that cost?" prices the curtain just asked for."""
    from townsfolk.agents.barter import barter_reply

    bargain = barter_reply(world, npc, text)  # "I'll trade you my knife for two loaves": an offer, not a purchase
    if bargain is not None:
        return "barter", bargain
    me = world.character(npc)
    zh = world.language == "zh"
    trade = own_trade(me, zh)
    if trade is None or ware_in(trade, text, zh) is None:
        from townsfolk.agents.ware_elsewhere import sold_elsewhere  # (it reads this file's wares)

        asks = ((_PRICE_ZH if zh else _PRICE_WORD_EN).search(text) or (_REQUEST_ZH if zh else _REQUEST_EN).search(text)
                or _WHERE_TO_GET.search(text))  # "Where can I get my washing done?", 哪儿能买到方桌？
        elsewhere = sold_elsewhere(world, npc, text) if asks else None
        if elsewhere is not None:  # the apprentice asked for the apothecary's syrup: hers, at her price
            return "price_other", elsewhere
    if trade is None:
        return None
    from townsfolk.agents.haggle import haggle_reply

    haggled = haggle_reply(world, npc, trade, text, previous)  # "Too dear - how about 8?": my price argued (haggle.py)
    if haggled is not None:
        return "haggle", haggled
    ware = ware_in(trade, text, zh)
    from townsfolk.agents.trade_hours import hours_reply

    job = ware if ware is not None and ware.work else next(
        (w for w in [ware_in(trade, previous() or "", zh)] if w is not None and w.work), None) if previous is not None else None
    kind = "" if job is None else "crossing" if job.name_en in ("the crossing", "a passage") else \
        "journey" if job.unit_en == "a journey" else "job"
    hours = hours_reply(world, npc, kind, text, zh)  # "What time do you open?", "How long will the shoeing take?"
    if hours is not None:
        return "trade", hours
    if ware is not None and _WHERE_TO_GET.search(text):  # "Who sells firewood?" to the one who does: I do, at my price
        return "price", ("我这儿就有。" if zh else "I do. ") + _said(world, npc, "price", ware, text, zh)
    many = _how_many_reply(world, npc, trade, text, zh, previous) if ware is None else None
    if many is not None:  # "How about two?" after the candles' price: two pairs priced
        return "price", many
    if (_PRICE_ZH if zh else _PRICE_WORD_EN).search(text):
        theirs = _anothers_price(world, npc, text, zh)
        if theirs is not None:  # "How much does the vet charge?" to the farmer: not my eggs
            return "price_other", theirs
        asked = [w for w in trade.wares if ware_in(Trade("", "", (w,)), text, zh) is not None]
        asked = [w for w in asked if w.side] or asked  # "How much to gut a fish?": the gutting, not the fish
        if (_TOTAL_ZH if zh else _TOTAL_EN).search(text):  # "How much for both?" / 一共多少钱: one sum, not a list
            said_in = text if len(asked) > 1 else (previous() or "") if previous is not None else ""
            together = _wares_named(trade, said_in, zh)
            if len(together) > 1:
                return "price", _total_said(world, npc, together, said_in, zh)
        if len(asked) > 1:  # "a room and a bowl of soup?": each priced, in the order asked
            asked.sort(key=lambda w: re.search(w.zh if zh else rf"\b(?:{w.en})\b", text, 0 if zh else re.I).start())  # type: ignore[union-attr]
            first = _said(world, npc, "price", asked[0], text, zh)
            return "price", first + "".join(("" if zh else " ") + _said(world, npc, "price_also", w, text, zh, asked=_asked_as(w, text, zh))
                                            for w in asked[1:])
        named = text
        if ware is None and previous is not None and not _names_other_ware(trade, text, zh):
            before = previous() or ""  # "Could you sew a curtain?" then "How much would that cost?"
            ware = ware_in(trade, before, zh) if (_REQUEST_ZH if zh else _REQUEST_EN).search(before) else None
            named = before if ware is not None else text
        goods = [w for w in trade.wares if not w.side]
        ware = ware or (goods[0] if (len(goods) == 1 and not _names_other_ware(trade, text, zh))
                        or not zh and re.search(r"\bfare\b|\bto cross\b", text, re.I) else None)
        if ware is not None:
            head = _head_of_trade(world, npc, ware, zh)
            if head is not None:  # a 镖师 asked the price of an escort: the 总镖头 sets it
                return "price", head
            return "price", _said(world, npc, "price", ware, named, zh)
        other = _other_ware_word(trade, text, zh)
        if other is not None and len(asked) == 0:  # "How much are your apples?" to the grocer: not his
            return "price", _not_kept(world, npc, trade, other, zh)
        if other is None:  # "What do you charge?" of several wares: each of them priced
            return "price", _prices_said(world, npc, trade, text, zh)
    if ware is None and (_REQUEST_ZH if zh else _REQUEST_EN).search(text):
        ware = ware_by_unit(trade, text, zh)  # 给我来三尺 of the one who sells 蓝布 by the 尺: the 蓝布
        if ware is None and previous is not None and (_MANY_ZH if zh else _MANY_EN).search(text):
            before = previous() or ""  # "How much are your candles?" then "I'll take six.": six candles
            ware = ware_in(trade, before, zh) if before != text else None
    other = _HOW_ABOUT_EN.search(text) if not zh and ware is None and previous is not None else None
    before = (previous() or "") if other is not None else ""  # after my cheese was asked for, never "How about a walk?"
    if other is not None and (ware_in(trade, before, zh) is not None or _PRICE_WORD_EN.search(before)):
        # "How about a pound of butter?" to the cheesemonger: not mine, and what I do sell
        return "price", _not_kept(world, npc, trade, other.group("thing").lower(), zh)
    asked_for = (_REQUEST_ZH if zh else _REQUEST_EN).search(text) or (  # "Could you grind these colours?" of the one
        ware is not None and ware.work and not zh and ware.en  # whose role says it grinds them: its own verb asks it
        and re.search(rf"\b(?:can|could|would|will) you (?:please )?(?:{ware.en})\b", text, re.I))
    if ware is not None and asked_for and not _served_by_everyday(me, text, zh):
        return "serve", _head_of_trade(world, npc, ware, zh) or _served(world, npc, ware, text, zh)
    if (_WARES_ZH if zh else _WARES_EN).search(text):  # "What do you sell?" / "你这儿卖什么？": my wares, priced
        return "wares", _greeted(world, text, zh) + _wares_said(world, npc, trade, zh)  # "Good evening. What do you print?"
    state = _state_reply(world, npc, trade, text, zh, known)
    if state is not None:
        return "trade", state
    how = (_HOW_ZH if zh else _HOW_EN).search(text)
    if how is None:
        return None
    asked = how.groupdict().get("w") or how.groupdict().get("w2") or ""
    work = trade.work_zh if zh else trade.work_en
    own = (not asked or (re.search(work, asked) if zh else re.search(rf"\b(?:{work})\b", asked, re.I))
           or ware_in(trade, asked, zh) is not None or (_BUSINESS_EN.search(asked) if not zh else "生意" in asked))
    if not own or any(c.name and c.name in text for cid, c in world.characters.items() if cid != npc) \
            or your_people(world, npc, text):
        return None  # "How is Colm?" / "你爹人怎么样？" asks after a person: the memories answer
    first = trade.wares[0]
    news = _recent_news(world, npc, trade, zh, set(known))
    if news is not None:
        return "trade", _greeted(world, text, zh) + _said(world, npc, "doing_news", first, text, zh, news=news)
    line = _TRADE_LINE["zh" if zh else "en"].format(ware=first.name_zh if zh else _many(first.name_en))  # call for pies
    return "trade", _greeted(world, text, zh) + _said(world, npc, "doing", first, text, zh, trade_line=line)


_WHOSE_PRICE_EN = re.compile(r"\b(?:does|do|would|will|did)\s+(?P<who>(?!(?:you|it|that|this|one|they|i)\b)[a-z][\w' -]{1,30}?)\s+"
                             r"(?:charge|ask|want|take|cost)\b|\b(?P<who2>[A-Z][\w-]+)'s\s+(?:price|fee|charge|rate)s?\b", re.I)
_PEOPLE_EN = r"vet|doctor|surgeon|dentist|lawyer|smith|farrier|carpenter|joiner|tailor|cobbler|barber|printer|carter|porter|mason"
_PEOPLE_ZH = r"大夫|郎中|兽医|铁匠|木匠|裁缝|先生|船家|挑夫|脚夫|屠户|掌柜|师傅|丝商|布商|老板"
_THEIRS = {"en": ["You'd best ask {name} yourself; I couldn't say what the {role} charges.",
                  "That's for {name} to say; I only know my own prices."],
           "zh": ["这得问{name}，{role}的价钱我说不准。", "{name}收多少我可不知道，你自己去问问吧。"],
           "en_unknown": ["I couldn't say what {who} charges; I only know my own prices."],
           "zh_unknown": ["{who}收多少，我说不准。"]}


def _role_tail(role: str) -> str:
    """What a zh role calls its holder after its last 的 (隔壁的裁缝 -> 裁缝), or "" when that is nothing or one
    character: a role ending in 的 (隔壁卖豆腐的) has no tail, and an empty one is in every question."""
    tail = role.split("的")[-1] if role else ""
    return tail if len(tail) >= 2 else ""


def _anothers_price(world: World, npc: str, text: str, zh: bool) -> str | None:
    """The answer to a price asked of someone else's work ("How much does the vet charge?", 王大夫看病收多少钱？):
    theirs to say, with who they are when they live here; None when the price asked is mine."""
    me = world.character(npc)
    others = [c for cid, c in world.characters.items() if cid != npc and not c.is_player and c.name]
    if zh:
        if re.search(r"你|您", text):
            return None
        who = re.search(_PEOPLE_ZH, text)
        found = next((c for c in others if c.name in text or (_role_tail(c.role) and _role_tail(c.role) in text)
                      or who is not None and (t := trade_of(c.role)) is not None and re.search(t.roles_zh, who.group(0))), None)
        if found is None and (who is None or who.group(0) in me.name or who.group(0) in me.role):
            return None
    else:
        m = _WHOSE_PRICE_EN.search(text)
        if m is None:
            return None
        said = (m.group("who") or m.group("who2") or "").strip()
        said = re.sub(r"^(?:the|a|an|your|that|this|our)\s+", "", said, flags=re.I)
        head = said.split()[-1].lower() if said else ""
        if not head or head in me.name.lower().split() or re.search(rf"\b{re.escape(head)}\b", me.role, re.I):
            return None
        found = next((c for c in others if head in c.name.lower().split()
                      or re.search(rf"{re.escape(head)}\b", c.role, re.I)), None)  # "smith": the blacksmith
        if found is None and not (re.fullmatch(_PEOPLE_EN, head) or any(re.fullmatch(t.roles_en, head, re.I) for t in TRADES)):
            return None  # "What does a calling card cost?": a thing's price, not a person's
        who = m
    lang = "zh" if zh else "en"
    n = zlib.crc32(f"{world.seed}|{npc}|theirs".encode())
    if found is None:
        options = _THEIRS[lang + "_unknown"]
        said_who = who.group(0) if zh else "the " + said if m.group("who") and not said[:1].isupper() else said
        return options[n % len(options)].format(who=said_who)
    options = _THEIRS[lang]
    role = re.sub(r"^(?:the|a|an)\s+", "", found.role, flags=re.I) or ("他" if zh else "one")
    return options[n % len(options)].format(name=found.name if zh else found.name.split()[0], role=role)


_WARES_EN = re.compile(r"\bwhat (?:do|did) you (?:sell|make|have|print|bake|brew|weave|carve)(?: (?:for sale|on offer|today|here|for me))?\s*\?"
                       r"|\bwhat(?:'s| is) (?:for sale|on offer|on sale|good today)\b|\bwhat are you selling\b"
                       r"|\bwhat (?:have|'ve) you got(?: (?:for sale|today|here|for me))?\s*\?", re.I)
_WARES_ZH = re.compile(r"(?:你|您)?(?:这儿|这里|店里|摊上|家)?(?:都)?卖(?:些)?(?:什么|啥)"
                       r"|(?:你|您)?(?:这儿|这里|店里|摊上)(?:都)?有(?:些)?(?:什么|啥)(?:卖|吃的|喝的|货)?")
_WARES_SAID = {"en": ["{wares_cap}, mostly. {first_cap}, {price} {coin} {unit}.", "I sell {wares}. {first_cap}, {price} {coin} {unit}."],
               "zh": ["卖{wares}，{first}{unit}{price}{coin}。", "{wares}都有，{first}{unit}{price}{coin}。"]}
_WORK_SAID = {"en": ["We do {wares}: {price} {coin} {unit}.", "{wares_cap} is our line: {price} {coin} {unit}."],
              "zh": ["我们这儿做{wares}的买卖，{unit}{price}{coin}。", "{wares}，{unit}{price}{coin}。"]}
_WARE_SAID = {"en": ["{wares_cap}, {price} {coin} {unit}.", "I sell {wares}: {price} {coin} {unit}."],
              "zh": ["卖{wares}，{unit}{price}{coin}。", "就卖{wares}，{unit}{price}{coin}。"]}


def _many(name: str) -> str:
    """A ware named one at a time said as wares: "a pie" -> "pies", "a candle" -> "candles"; rope, fish as they are."""
    m = re.match(r"(?:a|an)\s+(?P<n>.+)$", name)
    if m is None:
        return name
    n = m.group("n")
    if re.search(r"(?:loa|kni|shel|hal|cal|lea|wi|thie|wol)(?:f|fe)$", n):  # a loaf, loaves; a knife, knives
        return re.sub(r"fe?$", "ves", n)
    return n[:-1] + "ies" if re.search(r"[^aeiou]y$", n) else n + ("es" if re.search(r"(?:s|sh|ch|x)$", n) else "s")


def _prices_said(world: World, npc: str, trade: Trade, text: str, zh: bool) -> str:
    """The price of each of my first three wares, asked what I charge without naming one."""
    each = []
    for w in [w for w in trade.wares if not w.side][:3]:
        slots = _slots(world, npc, w, zh, text)
        name = slots["ware"] if zh or not w.sold else _many(w.name_en)
        each.append(f"{name}{slots['unit']}{slots['price']}{slots['coin']}" if zh
                    else f"{name}, {slots['price']} {slots['coin']} {slots['unit']}")
    said = ("，" if zh else "; ").join(each)
    options = _PRICE_LIST["zh" if zh else "en"]
    n = zlib.crc32(f"{world.seed}|{npc}|price_list".encode()) % len(options)
    return options[n].format(prices=said, prices_cap=said[:1].upper() + said[1:])


_HOW_ABOUT_EN = re.compile(r"^\W*(?:and\s+)?(?:how|what) about\s+(?:a|an|some|any)\s+(?:(?:pound|pint|jar|dozen|bag|sack|loaf|"
                           r"bottle|box|piece|slice|bit|cup|bowl)s?\s+of\s+)?(?P<thing>[a-z]{3,}(?:\s+[a-z]{3,})?)\s*\?\s*$", re.I)
_HOW_MANY = {"en": ["{many_cap} would be {total} {coin}: {price} {coin_one} {unit}.", "For {many}, {total} {coin}."],
             "zh": ["{many}的话，一共{total}{coin}。", "{many}啊，{unit}{price}{coin_one}，一共{total}{coin}。"]}


def _how_many_reply(world: World, npc: str, trade: Trade, text: str, zh: bool,
                    previous: Callable[[], str | None] | None) -> str | None:
    """"How about two?" / 两对呢？ after the asker's last words named a ware of mine: that many priced, or None."""
    from townsfolk.agents.barter import _count
    from townsfolk.agents.haggle import asks_how_many

    m = asks_how_many(text, zh)
    if m is None or previous is None:
        return None
    ware = ware_in(trade, previous() or "", zh)
    people = zh and re.search(r"(?:个)?人|位", m.group(0)) is not None  # 两个人呢？ of a fare: each pays it
    if ware is None or ware.work and not people or people and not ware.work:
        return None
    count = _count(m.group("n") + "个" if zh else m.group("n").replace("a couple", "a couple of"), zh)
    if count <= 1:
        return None
    slots = _slots(world, npc, ware, zh)
    total = count * int(slots["price"])
    many = m.group(0).strip("？? 呢那要买").replace("的话", "") if zh else m.group("n").lower()
    for end in ("呢", "多少钱", "怎么算", "怎么卖", "的话"):
        many = many.removesuffix(end) if zh else many
    if not zh:  # "two" of candles sold by the pair are two pairs
        many = _by_units(many, ware)
    options = _HOW_MANY["zh" if zh else "en"]
    n = zlib.crc32(f"{world.seed}|{npc}|how_many|{ware.name_en}".encode()) % len(options)
    return options[n].format(many=many, many_cap=many[:1].upper() + many[1:], total=total, price=slots["price"],
                             coin=COIN["zh"] if zh else COIN["en"], coin_one=slots["coin"], unit=slots["unit"])


_TOTAL_EN = re.compile(r"\bboth\b|\baltogether\b|\ball together\b|\bin all\b|\bthe lot\b|\ball of (?:it|them|that)\b|\b(?:in )?total\b"
                       r"|\ball (?:three|four|five)\b", re.I)
_TOTAL_ZH = re.compile(r"一共|总共|统共|一起|拢共|加起来|合起来|都要|全要|全部")
_TOTAL = {"en": ["That's {total} {coin} for the {n}: {each}.", "{total_cap} {coin} altogether: {each}."],
          "zh": ["一共{total}{coin}：{each}。", "{each}，加起来{total}{coin}。"]}
_COUNT_EN = {2: "two", 3: "three", 4: "four", 5: "five"}


def _wares_named(trade: Trade, text: str, zh: bool) -> list[Ware]:
    """My wares the words name, in the order said ("candles and soap": candles, then soap)."""
    found = [(m.start(), w) for w in trade.wares if (w.zh if zh else w.en)
             and (m := re.search(w.zh if zh else rf"\b(?:{w.en})\b", text, 0 if zh else re.I)) is not None]
    return [w for _, w in sorted(found, key=lambda f: f[0])]


def _total_said(world: World, npc: str, wares: list[Ware], text: str, zh: bool) -> str:
    """One of each ware asked together, summed: "That's 9 pence for the two: candles 5 a pair, soap 4 a bar."."""
    each, total = [], 0
    for w in wares:
        slots = _slots(world, npc, w, zh, text)  # 肥皂 as asked, not 胰子
        total += int(slots["price"])
        name = slots["ware"] if zh else _asked_as(w, text, zh) if not w.sold and re.search(rf"\b(?:{w.en})\b", text, re.I) \
            else _shelf_name(w)  # "a room and supper": room and supper, not "rooms" and "meals"
        each.append(f"{name}{slots['unit']}{slots['price']}{slots['coin']}" if zh
                    else f"{name} {slots['price']} {slots['unit']}")
    coin = COIN["zh"] if zh else "penny" if total == 1 else COIN["en"]
    options = _TOTAL["zh" if zh else "en"]
    n = zlib.crc32(f"{world.seed}|{npc}|total".encode()) % len(options)
    said = ("，" if zh else ", ").join(each)
    return options[n].format(total=total, total_cap=str(total), coin=coin, each=said, n=_COUNT_EN.get(len(wares), "lot"))


_PRICE_LIST = {"en": ["Depends what you're after: {prices}.", "{prices_cap}."],
               "zh": ["看你要什么：{prices}。", "{prices}。"]}


def _wares_said(world: World, npc: str, trade: Trade, zh: bool) -> str:
    """What I sell, the first three wares, and the first one's price (a service a trade also does, the
    doctor's consultation, is no ware on its shelf)."""
    trade = Trade(trade.roles_en, trade.roles_zh, tuple(w for w in trade.wares if not w.yes_en and not w.side)
                  or tuple(w for w in trade.wares if not w.side))
    names = [w.name_zh if zh else _shelf_name(w) for w in trade.wares[:3]]
    wares = "、".join(names) if zh else (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1])
    first = trade.wares[0]
    slots = _slots(world, npc, first, zh)
    name = slots["ware"] if zh else _shelf_name(first)
    options = (_WORK_SAID if all(w.yes_en for w in trade.wares) else _WARES_SAID if len(names) > 1 else _WARE_SAID)["zh" if zh else "en"]
    n = zlib.crc32(f"{world.seed}|{npc}|wares".encode()) % len(options)
    return options[n].format(wares=wares, wares_cap=wares[:1].upper() + wares[1:], first=name,
                             first_cap=name[:1].upper() + name[1:], price=slots["price"], coin=slots["coin"], unit=slots["unit"])


_ROLE_DOING_EN = re.compile(r"^(?P<verb>sells|makes|mends|keeps|runs|minds|tends|drives|brews|bakes|grows|catches|fishes|works|deals|"
                            r"hawks|peddles|cooks|cuts|carries|sweeps|watches|looks|helps|teaches|plays|sings|rows|ferries|"
                            r"guards|herds|trades|buys|changes|lends|weaves|carves|digs|hauls|trains|breeds|washes)\b(?P<rest>.*)$", re.I)


def role_doing(role: str) -> str | None:
    """A role written as what one does ("sells pies at the fair") in my own mouth ("sell pies at the fair"), or None."""
    m = _ROLE_DOING_EN.match(role.strip())
    if m is None:
        return None
    verb = m.group("verb").lower()
    base = verb[:-3] + "y" if verb.endswith("ies") else verb[:-2] if re.search(r"(?:ch|sh|ss|x)es$", verb) else verb[:-1]
    return (base + m.group("rest")).strip()


# how the trade's own subject stands ("Is the river calm?" to the ferry captain, "Are the bees angry?", 河水平稳吗？,
# 今天河上风大吗？): the NPC is the one who would know, so it answers from the news it holds about its trade,
# else from its role ("Calm enough today, yes. I'd know; I'm the ferry captain."), never "no idea"
_GOOD_STATE_EN = (r"calm|quiet|safe|fine|good|ok|okay|well|healthy|open|smooth|settled|gentle|clear|steady|still|peaceful|"
                  r"happy|content|thriving|strong|sound|dry|warm|full|busy|all right|alright|running|working|ready")
_BAD_STATE_EN = (r"rough|high|dangerous|angry|sick|ill|wild|choppy|flooded|flooding|up|bad|fast|swollen|frozen|closed|"
                 r"stormy|restless|low|cold|empty|dying|broken|late|slow|poorly|unsafe|wet|muddy|icy|treacherous|"
                 r"troubled|upset|cross|nervous|quiet today|short|dear|expensive|scarce|off")
_STATE_EN = re.compile(rf"\b(?:is|are|was)\s+(?:the|your|this|that|those|these)\s+(?P<w>[a-z]+)\s+(?:(?:still|very|too|really|"
                       rf"at all|any|a bit|so)\s+)?(?P<state>{_GOOD_STATE_EN}|{_BAD_STATE_EN})\b[^?]{{0,30}}\?"
                       rf"|\bis it (?:(?:still|very|too|really|a bit)\s+)?(?P<state2>{_GOOD_STATE_EN}|{_BAD_STATE_EN})\s+"
                       rf"(?:on|at|by|out on|down at|in|over) the (?P<w2>[a-z]+)\b[^?]{{0,30}}\?", re.I)
_GOOD_STATE_ZH = r"平稳|安稳|稳当|稳|太平|安全|好走|顺当|顺|好|正常|旺|多|满|干净|清"
_BAD_STATE_ZH = r"急|大|涨|凶|危险|浑|深|冷|少|差|坏|不好|乱|贵|慢"


@lru_cache(maxsize=64)
def _state_zh(work: str) -> re.Pattern[str]:
    """河水平稳吗？ / 今天河上风大吗？: the trade's own word, then how it stands, asked."""
    return re.compile(rf"(?P<w>{work})(?:[\u4e00-\u9fff]{{0,3}}?)(?:还|挺|很|太|可)?"
                      rf"(?P<state>{_GOOD_STATE_ZH}|{_BAD_STATE_ZH})(?:吗|么|不|没|[？?])")
_STATE_PHRASES = {
    "en": {"good": ["{State} enough today, yes. I'd know; I'm the {role}.",
                    "Yes, {state} as you like. Nothing out of the way that I've seen."],
           "bad": ["No, not today. I'd know; I'm the {role}.", "Not that I've seen, and I'm at it every day."],
           "good_news_bad": ["Not so {state} today. {news}", "Not really. {news}"],
           "bad_news_bad": ["It is, I'm afraid. {news}", "Yes, worse luck. {news}"],
           "good_news": ["Yes, {state} enough. {news}"], "bad_news": ["Not that I know of. {news}"]},
    "zh": {"good": ["还算{state}，我天天干这个，有什么不对我会知道的。", "{state}着呢，没什么事。"],
           "bad": ["不{state}，今天还好。", "今天不{state}，放心吧。"],
           "good_news_bad": ["不太{state}。{news}", "不怎么{state}。{news}"],
           "bad_news_bad": ["是啊。{news}", "可不是嘛。{news}"],
           "good_news": ["还算{state}。{news}"], "bad_news": ["不{state}。{news}"]},
}


def _state_reply(world: World, npc: str, trade: Trade, text: str, zh: bool, known: set[str]) -> str | None:
    """The answer to a yes-or-no question about how the trade's own subject stands, or None."""
    from townsfolk.memory.topic import asks_how_things_are

    work = trade.work_zh if zh else trade.work_en
    if not work or asks_how_things_are(text, "zh" if zh else "en"):
        return None  # "渡口最近太平吗？", "All quiet on the river?": the news and its source (memory/topic.py)
    found = [_state_zh(work).search(text)] if zh else list(_STATE_EN.finditer(text))
    m = next((f for f in found if f is not None and (zh or re.fullmatch(rf"(?:{work})", f.group("w") or f.group("w2") or "",
                                                                       re.I))), None)
    if m is None:
        return None
    state = (m.group("state") or m.groupdict().get("state2") or "").lower()
    if any(c.name and c.name in text for cid, c in world.characters.items() if cid != npc):
        return None  # "Is Colm's boat safe?" asks after a person's thing: the memories answer
    if not zh and state in ("fresh",):
        return None
    good = bool(re.fullmatch(_GOOD_STATE_ZH if zh else _GOOD_STATE_EN, state, 0 if zh else re.I))
    news = _recent_news_fact(world, npc, trade, zh, known)
    key = "good" if good else "bad"
    if news is not None:
        key += "_news_bad" if news[1] < 0 else "_news"
    options = _STATE_PHRASES["zh" if zh else "en"][key]
    n = zlib.crc32(f"{world.seed}|{npc}|state|{key}|{state}".encode()) % len(options)
    role = re.sub(r"^(?:the|a|an)\s+", "", world.character(npc).role, flags=re.I)
    words = options[n].format(state=state, State=state[:1].upper() + state[1:], role=role,
                              news=news[0] if news is not None else "")
    return _greeted(world, text, zh) + words


_GREETING = {"en": re.compile(r"^\s*(?:good )?(?:morning|afternoon|evening|day|hello|hi|hey)\b", re.I),
             "zh": re.compile(r"早啊|早上好|你好|您好|(?:^|[，,])早[！!，,]")}


def _greeted(world: World, text: str, zh: bool) -> str:
    """A greeting back when the line opened with one ("Morning Marta. How are the bees?"), by the clock."""
    if not _GREETING["zh" if zh else "en"].search(text):
        return ""
    hour = world.now.hour
    if zh:
        return "早啊！" if 5 <= hour < 11 else "你好！"
    return "Morning! " if 5 <= hour < 12 else "Good day! " if hour < 18 else "Evening! "
