def to_html(rows):
    return "<table>" + "".join(rows) + "</table>"
