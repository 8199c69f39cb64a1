def test_invoke(runner):
    runner.invoke("help")


def test_rebound(runner):
    runner = object()
    runner.invoke("help")
