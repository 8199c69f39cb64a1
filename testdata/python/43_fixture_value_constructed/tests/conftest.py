import pytest

from app import clients


@pytest.fixture
def client():
    return clients.Client()


@pytest.fixture
def server():
    server = clients.Server()
    server.start()
    yield server
    server.close()


@pytest.fixture
def session(client):
    with open("x") as f:
        yield Client(f)
    client.close()


class Client:
    def send(self):
        pass
