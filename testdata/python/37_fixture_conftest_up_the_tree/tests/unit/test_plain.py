def test_url(url):
    assert url
