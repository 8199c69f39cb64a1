class Plugin:
    def load(self):
        return None
