class App:
    def test_client(self):
        return Client()


class Client:
    def fetch(self, path):
        return path


class OtherClient:
    def fetch(self, path):
        return path


def make_client():
    return Client()
