def helper():
    return "module helper"


def apply(helper):
    return helper()


def apply_local(text):
    helper = str.strip
    return helper(text)


def normal():
    return helper()


def apply_pair(pair):
    _, helper = pair
    return helper()


def apply_context(ctx):
    with ctx as helper:
        return helper()


def apply_each(hooks):
    for helper in hooks:
        helper()
    return [helper() for helper in hooks]


def make_runner(helper):
    def run():
        return helper()

    return run
