from . import render


def build(rows):
    return render.to_html(rows)
