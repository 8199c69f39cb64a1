class Cache:
    def get(self, key):
        return key

    def join(self, other):
        return other
