class Model:
    def save(self):
        return "model"


class Timestamped(Model):
    pass


class Versioned(Model):
    def save(self):
        return "versioned"
