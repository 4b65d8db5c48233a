"""What follows a promise to keep a secret: never a doubt of the very thing just promised.

"Not a word from me, I promise. Really?" reads as if the NPC doubted its own promise (or the
secret it just swore to keep). The surprised "Really?" / "真的？" that meets news said openly is
dropped after a promise; whatever else the reply says stays.
"""

from __future__ import annotations

import re

_DOUBT = re.compile(r"^\s*(?:真的[？?]|是吗[？?]|哦[？?]有这回事[？?]|有这回事[？?]|"
                    r"really\?|is that so\?|you think so\?|you don't say\?)\s*", re.IGNORECASE)


def after_promise(reply: str) -> str:
    """The reply with a leading doubt taken off (it follows "I won't tell a soul")."""
    return _DOUBT.sub("", reply, count=1)
