def test_run():
    pass
