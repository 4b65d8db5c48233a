"""The smithy the memory tests share (en: Bram, his apprentice Tobin, Wren who makes it worse, loyal Hal; zh: the
tofu shop the same): its cast, ties and first impressions, to which each test adds its own timeline."""

CAST_EN = """\
scenario: "The cracked hinge at the smithy"
language: en
seed: 3
start: 2026-10-12T07:00
tick: 1h
place: the smithy
characters:
  bram:
    name: Bram
    role: master smith
    pronoun: he
    traits: {candour: 0.7, exaggeration: 0.2}
  tobin:
    name: Tobin
    role: apprentice smith
    pronoun: he
    traits: {candour: 0.6, exaggeration: 0.2}
  wren:
    name: Wren
    role: charcoal burner
    pronoun: she
    traits: {candour: 0.3, exaggeration: 0.8, mischief: 0.3}
  hal:
    name: Hal
    role: farrier
    persona: Quiet, loyal to Tobin.
    pronoun: he
    traits: {candour: 0.5, exaggeration: 0.5}
  visitor:
    name: Pell
    player: true
relationships:
  - {from: bram, to: tobin, kind: mentor, strength: 0.8}
  - {from: tobin, to: bram, kind: colleague, strength: 0.8}
  - {from: wren, to: hal, kind: friend, strength: 0.7, mutual: true}
  - {from: hal, to: tobin, kind: friend, strength: 0.8, mutual: true}
  - {from: bram, to: wren, kind: colleague, strength: 0.6, mutual: true}
impressions:
  - {holder: bram, about: tobin, text: quick but hasty, valence: 0.4, confidence: 0.6}
  - {holder: tobin, about: bram, text: strict but fair, valence: 0.5, confidence: 0.7}
"""

CAST_ZH = """\
scenario: "豆腐坊的一板老豆腐"
language: zh
seed: 3
start: 2026-10-12T07:00
tick: 1h
place: 豆腐坊
characters:
  lao:
    name: 老周
    role: 豆腐坊掌柜
    pronoun: he
    traits: {candour: 0.7, exaggeration: 0.2}
  xiao:
    name: 小顺
    role: 学徒
    pronoun: he
    traits: {candour: 0.6, exaggeration: 0.2}
  sao:
    name: 王嫂
    role: 卖菜的
    pronoun: she
    traits: {candour: 0.3, exaggeration: 0.8, mischief: 0.3}
  gen:
    name: 阿根
    role: 挑水的
    pronoun: he
    traits: {candour: 0.5, exaggeration: 0.5}
  ke:
    name: 过客
    player: true
relationships:
  - {from: lao, to: xiao, kind: mentor, strength: 0.8}
  - {from: xiao, to: lao, kind: colleague, strength: 0.8}
  - {from: sao, to: gen, kind: friend, strength: 0.7, mutual: true}
  - {from: gen, to: xiao, kind: friend, strength: 0.8, mutual: true}
  - {from: lao, to: sao, kind: colleague, strength: 0.6, mutual: true}
impressions:
  - {holder: lao, about: xiao, text: 手快但毛躁, valence: 0.4, confidence: 0.6}
  - {holder: xiao, about: lao, text: 严厉但公道, valence: 0.5, confidence: 0.7}
"""
