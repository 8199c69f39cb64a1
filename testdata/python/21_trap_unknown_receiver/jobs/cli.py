import sys


def run():
    sys.exit(0)
