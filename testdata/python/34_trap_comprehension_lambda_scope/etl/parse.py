from functools import reduce


def parse(line):
    return line.split(",")


def load(lines, parsers):
    rows = [parse(line) for line in lines]
    extra = [parse(lines[0]) for parse in parsers]
    return rows + extra


def run_all(text, pipeline):
    first = parse(text)
    return reduce(lambda acc, parse: parse(acc), pipeline, first)
