from util.text import helper


def render(value, helper):
    return helper(value)


def render_default():
    return helper()
