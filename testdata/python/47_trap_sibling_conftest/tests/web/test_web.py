def test_page(client):
    pass
