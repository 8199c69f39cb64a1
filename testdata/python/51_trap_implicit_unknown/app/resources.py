class Lock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    def __iter__(self):
        return iter(())

    def __add__(self, other):
        return self

    def __contains__(self, item):
        return False

    def __len__(self):
        return 0
