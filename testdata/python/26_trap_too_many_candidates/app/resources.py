class File:
    def close(self):
        pass


class Socket:
    def close(self):
        pass


class Pipe:
    def close(self):
        pass


class Database:
    def close(self):
        pass


class Cursor:
    def close(self):
        pass


class Session:
    def close(self):
        pass
