def test_settings(settings):
    assert settings == {}
