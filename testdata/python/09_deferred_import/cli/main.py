import sys


def report(data):
    from cli.heavy import render_report

    sys.stdout.write(render_report(data))


def summary(data):
    return render_report(data[:1])
