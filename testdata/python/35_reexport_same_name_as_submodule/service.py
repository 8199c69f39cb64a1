from audit import record


def handle(event):
    return record(event)
