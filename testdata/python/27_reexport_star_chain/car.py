from engine import Motor


def drive():
    return Motor().start()
