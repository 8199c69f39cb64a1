class File:
    def close(self):
        pass

    def flush(self):
        pass


class Socket:
    def close(self):
        pass

    def flush(self):
        pass


class Pipe:
    def close(self):
        pass

    def flush(self):
        pass


class Database:
    def close(self):
        pass

    def flush(self):
        pass


class Cursor:
    def close(self):
        pass

    def flush(self):
        pass


class Session:
    def close(self):
        pass
