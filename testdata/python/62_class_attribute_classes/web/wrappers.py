class Request:
    def __init__(self):
        self.m = "GET"

    def method(self):
        return self.m


class Response:
    def __init__(self, body):
        self.body = body
