from stats.summary import mean


def report(values):
    print(mean(values))
    return sorted(values)
