def run(port):
    return f"serving on {port}"


def stop():
    return "stopped"


class Server:
    port = 8000

    def run(self):
        return run(self.port)

    def stop(self):
        return stop()
