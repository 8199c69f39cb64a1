def render_report(data):
    return "\n".join(str(item) for item in data)
