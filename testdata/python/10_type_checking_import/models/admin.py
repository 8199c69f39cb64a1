import typing

if typing.TYPE_CHECKING:
    from models.user import User


def is_admin(user: "User") -> bool:
    return user.name == "admin"
