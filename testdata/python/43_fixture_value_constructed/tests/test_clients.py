def test_get(client):
    client.get("/")


def test_server(server):
    server.get("/")


def test_session(session):
    session.send()
