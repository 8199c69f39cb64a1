def helper():
    return 1


def main():
    return helper() + 1


def outer():
    def first():
        return 1

    def second():
        return first() + 1

    def third():
        return helper()

    return second() + third()


def unrelated():
    return first()
