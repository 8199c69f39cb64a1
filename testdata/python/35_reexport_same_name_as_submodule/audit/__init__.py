from .record import record

__all__ = ["record"]
