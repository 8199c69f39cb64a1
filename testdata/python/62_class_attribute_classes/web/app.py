import typing as t

from web.wrappers import Request, Response


class App:
    request_class = Request
    response_class: t.Type[Response] = Response
    not_a_class = 3
    either = Request

    def make_response(self):
        return self.response_class("ok")

    def handle(self):
        req = self.request_class()
        return req.method()

    def number(self):
        return self.not_a_class()


class Sub(App):
    either = Response


def serve(app: App):
    return app.response_class("x")
