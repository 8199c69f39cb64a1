from .mod import ping


def forward():
    return ping()
