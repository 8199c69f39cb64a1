class Plugin:
    def load(self):
        raise NotImplementedError
