import functools
from functools import cached_property


class Result:
    def __init__(self, out, err):
        self.out = out
        self._err = err

    @property
    def stderr(self):
        return self._err

    @property
    def mode(self):
        return "r"

    @mode.setter
    def mode(self, value):
        self._mode = value

    @cached_property
    def lines(self):
        return self.out.splitlines()

    @functools.cached_property
    def words(self):
        return self.out.split()

    def summary(self):
        return self.stderr or self.out

    def render(self):
        return self.out


class Scaffold:
    @property
    def static_folder(self):
        return "static"


class App(Scaffold):
    def folder(self):
        return self.static_folder


class Other:
    @property
    def exit_code(self):
        return 0
