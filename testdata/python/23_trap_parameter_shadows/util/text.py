def helper():
    return "module helper"


def apply(helper):
    return helper()


def apply_local(text):
    helper = str.strip
    return helper(text)


def normal():
    return helper()
