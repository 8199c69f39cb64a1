import time

from . import record


def timed(name, func):
    start = time.perf_counter()
    result = func()
    record(name, time.perf_counter() - start)
    return result
