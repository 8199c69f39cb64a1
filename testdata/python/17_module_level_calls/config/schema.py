from config.loader import load_defaults, normalize


class Schema:
    DEFAULTS = load_defaults()

    def keys(self):
        return sorted(self.DEFAULTS, key=lambda name: normalize(name))
