from __future__ import annotations

from app.models import Result, Scaffold


def check(result: Result):
    if result.stderr:
        return len(result.lines), result.words


def constructed():
    result = Result("a", "b")
    print(result.stderr)


def read_mode(result: Result):
    return result.mode


def assign(result: Result):
    result.mode = "w"


def callback(result: Result, hooks):
    hooks.append(result.render)


def untyped(outcome):
    return outcome.exit_code, outcome.out


def chained(result: Result):
    # the read of `stderr` is the receiver of the call
    return result.stderr.strip()


def through_property(holder: Holder):
    # a property annotated `-> Scaffold`: what its value's properties run
    return holder.scaffold.static_folder


class Holder:
    @property
    def scaffold(self) -> Scaffold:
        return Scaffold()
