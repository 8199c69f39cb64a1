import requests

from stats.summary import mean


def report(values):
    print(mean(values))
    return sorted(values)


def line(values):
    return ", ".join(str(v) for v in values)


def option(name):
    return {"mean": 1}.get(name)


def download(url):
    return requests.get(url)
