class Context:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        push_context(self)
        return self

    def __exit__(self, exc_type, exc, tb):
        pop_context()

    def run(self):
        with self:
            return self.name


class AsyncSession:
    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc, tb):
        return None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return None


_stack = []


def push_context(ctx):
    _stack.append(ctx)


def pop_context():
    _stack.pop()
