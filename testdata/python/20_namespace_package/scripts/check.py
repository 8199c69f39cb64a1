import ns.sub.mod


def main():
    return ns.sub.mod.ping() == "pong"
