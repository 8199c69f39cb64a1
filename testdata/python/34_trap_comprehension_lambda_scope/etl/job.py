from etl.parse import load


def main(lines):
    return load(lines, [])
