"""Names for generated towns, per language: drawn without repeats so a name finds one person.

Pools are built in (a designer may override them in the world spec's `names:`); when the
combinations run out, a number tells namesakes apart, as villages do ("Tom Baker the second").
"""

from __future__ import annotations

import numpy as np

GIVEN = {
    "en": ("Ada Alan Alice Amos Anna Arthur Bess Ben Bram Cara Cecil Clara Colin Dora Dudley Edith Edmund Eliza "
           "Ellis Emma Ezra Fay Felix Flora Frank Grace Giles Hannah Harold Hazel Henry Ida Isaac Ivy Jack Jane "
           "Jasper Joan John Kate Kit Laura Leo Lily Lionel Mabel Martin Mary Milo Molly Ned Nell Noah Olive Oscar "
           "Peg Percy Polly Quentin Rose Rufus Ruth Sam Sarah Seth Sybil Tess Theo Tilly Tom Una Victor Violet "
           "Walter Wendy Will Winnie Abel Agnes Basil Beatrix Cyril Daisy Eben Effie Godfrey Greta Hugh Iris "
           "Jonah Lettie Miles Nora").split(),
    "zh": list("秀英桂兰玉珍凤芳华明建国志强文军平海涛春梅丽红霞云燕娟敏静磊伟勇杰涛斌超亮刚辉鹏飞宁安福禄寿喜"
               "德才忠义礼信和顺山林水月星晨"),
}
FAMILY = {
    "en": ("Baker Barker Bell Bishop Booth Brewer Brook Carter Chandler Clark Cooper Cotton Dyer Fisher Fletcher "
           "Forbes Fowler Gardner Glover Green Hale Harper Hayward Hill Hunter Kemp Knight Lamb Lane Marsh Mason "
           "Miller Moss Nash Noble Page Parker Piper Potter Price Reed Rider Rowe Sadler Sawyer Shaw Shepherd Slater "
           "Smith Spencer Stone Street Swift Taylor Thatcher Turner Tyler Vane Walker Ward Warren Weaver Webb West "
           "Wheeler White Wood Wright Archer Ashby Bristow Cobb Drury Finch Gale Hobbs Inman Jessop Kirby Lowe "
           "Merritt Oakes Pryor Quill Royce Tate").split(),
    "zh": list("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁"
               "任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严"),
}
ORDINALS_EN = ("", " the Younger", " the Elder", " of the Hill", " of the Mill", " of the Lane")


def _given_zh(rng: np.random.Generator, pool: list[str], size: int) -> list[str]:
    """Chinese given names of one or two characters (two more often): two single characters are joined,
    but an entry of two or more characters is a whole given name (a world's pool of 明远, 清和 gave
    苏明远伯安 and 林怀瑾怀瑾). The same draws either way, so the built-in pool names as before."""
    first = rng.integers(len(pool), size=size)
    second = rng.integers(len(pool), size=size)
    two = rng.random(size) < 0.7
    return [pool[a] + (pool[b] if t and len(pool[a]) == 1 and len(pool[b]) == 1 else "")
            for a, b, t in zip(first, second, two, strict=True)]


def draw_families(rng: np.random.Generator, k: int, language: str, pool: list[str] | None = None) -> list[str]:
    """One family name per household."""
    fam = list(pool or FAMILY[language])
    return [fam[i] for i in rng.integers(len(fam), size=k)]


def draw_names(rng: np.random.Generator, families: list[str], language: str, *,
               given: list[str] | None = None) -> list[str]:
    """Distinct full names for people of the given families, in the language's order (zh: family first)."""
    n = len(families)
    given_pool = list(given or GIVEN[language])
    if language == "zh":
        givens = _given_zh(rng, given_pool, n)
    else:
        givens = [given_pool[i] for i in rng.integers(len(given_pool), size=n)]
    seen: dict[str, int] = {}
    used: set[str] = set()
    names: list[str] = []
    for fam, giv in zip(families, givens, strict=True):
        base = f"{fam}{giv}" if language == "zh" else f"{giv} {fam}"
        k = seen.get(base, 0)
        seen[base] = k + 1
        if k == 0:
            name = base
        elif language == "en" and k < len(ORDINALS_EN):
            name = base + ORDINALS_EN[k]
        else:
            name = f"{base}{k + 1}" if language == "zh" else f"{base} {k + 1}"
        candidate, j = name, 1
        while candidate in used:  # a suffixed name can still equal someone's plain name
            j += 1
            candidate = f"{name}{j}" if language == "zh" else f"{name} {j}"
        used.add(candidate)
        names.append(candidate)
    return names
