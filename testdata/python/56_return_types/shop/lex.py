class TokenStream:
    @property
    def eos(self) -> bool:
        return True


class Environment:
    def tokenize(self, source) -> "TokenStream":
        return TokenStream()
