from app.models import Result


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
