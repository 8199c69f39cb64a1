import cli.heavy


def run(data):
    import cli.heavy as renderer

    return renderer.render_report(data)


def preview(data):
    return cli.heavy.render_report(data[:3])
