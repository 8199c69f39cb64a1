def evaluate(expression):
    return int(expression)


class Engine:
    def run(self, expression):
        return evaluate(expression)
