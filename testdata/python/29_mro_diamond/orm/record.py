from orm.base import Timestamped, Versioned


class Record(Timestamped, Versioned):
    def commit(self):
        return self.save()
