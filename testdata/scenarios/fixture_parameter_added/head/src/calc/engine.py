def evaluate(expression):
    return int(expression.strip())


class Engine:
    def run(self, expression):
        return evaluate(expression)
