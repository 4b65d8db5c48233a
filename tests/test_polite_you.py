"""zh 您 is the polite 你 and is re-voiced like it: 春儿 told the teacher "小虎故意把墨泼在您的书上", and he said it
back as "…泼在您的书上" (the asker's book) and she as "我跟周先生说过…泼在您的书上"."""

from __future__ import annotations

from townsfolk.agents.addressee_words import told_by_me_zh
from townsfolk.memory.pronouns import reported_zh


def test_polite_you_told_to_me() -> None:
    assert reported_zh("小虎故意把墨泼在您的书上", to_me=True) == "小虎故意把墨泼在我的书上"


def test_polite_you_told_by_me() -> None:
    assert told_by_me_zh("小虎故意把墨泼在您的书上", "周先生") == "小虎故意把墨泼在周先生的书上"
