"""Money handed back is a debt repaid: 小鱼把二两银子还给了钱老板 was read by meaning as a theft (the lender
then thought worse of the one who paid him back), 把借的钱还了 as nothing; "Tom borrowed two shillings from
Ada" (money with its amount) as nothing, not as a debt."""

from __future__ import annotations

import pytest

from townsfolk.memory.predicate_reader import read


@pytest.mark.parametrize(("text", "key"), [
    ("小鱼把二两银子还给了钱老板", "debt_repaid"), ("小鱼把借的钱还了", "debt_repaid"), ("他还清了欠债", "debt_repaid"),
    ("Tom borrowed two shillings from Ada", "debt"), ("She borrowed ten pence off the baker", "debt"),
    ("Tom borrowed a ladder", "borrowed"),
])
def test_money_borrowed_and_returned(text: str, key: str) -> None:
    assert read(text).key == key, (text, read(text))


def test_a_thing_returned_is_no_repayment() -> None:
    assert read("他把书还给了我").key != "debt_repaid"
    assert read("他没把钱还给我").key != "debt_repaid"
