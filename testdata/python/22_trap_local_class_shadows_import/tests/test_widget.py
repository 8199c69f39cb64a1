from app.widget import Widget


def test_with_fake():
    class Widget:
        def __init__(self, name):
            self.name = name.upper()

    w = Widget("x")
    assert w.name == "X"


def test_real():
    w = Widget("x")
    assert w.name == "x"
