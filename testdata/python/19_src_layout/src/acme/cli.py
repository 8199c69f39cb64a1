from acme.util import clamp


def main():
    print(clamp(5, 0, 3))
