def test_get(client, server):
    assert client is not server


def test_make(make_client):
    assert make_client
