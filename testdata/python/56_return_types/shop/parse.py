import typing as t

if t.TYPE_CHECKING:
    from shop.lex import Environment


class Parser:
    def __init__(self, environment: "Environment", source):
        self.stream = environment.tokenize(source)

    def done(self):
        return self.stream.eos
