class NodeVisitor:
    def visit(self, node):
        f = getattr(self, f"visit_{type(node).__name__}", None)
        if f is None:
            return self.generic_visit(node)
        return f(node)

    def generic_visit(self, node):
        return None


class Compiler(NodeVisitor):
    def visit_If(self, node):
        return 1

    def visit_For(self, node):
        return 2

    def helper(self):
        return 3


class Parser:
    def parse(self, token):
        return getattr(self, "parse_" + token)()

    def parse_import(self):
        return 1

    def parse_from(self):
        return 2

    def unrelated(self):
        return getattr(self, name_of())()


class Other:
    def visit_If(self, node):
        return 0


def name_of():
    return "x"
