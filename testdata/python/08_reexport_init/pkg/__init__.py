from .impl import Thing

__all__ = ["Thing"]
