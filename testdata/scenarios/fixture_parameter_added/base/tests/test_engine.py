def test_run(engine):
    assert engine.run("1") == 1
