from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from models.user import User


def greet(user: User) -> str:
    return "hello " + user.name
