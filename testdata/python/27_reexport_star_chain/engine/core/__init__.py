from .motor import Motor, spin

__all__ = ["Motor"]
