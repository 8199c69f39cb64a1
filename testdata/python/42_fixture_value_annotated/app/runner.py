class Runner:
    def invoke(self, command):
        return command


def make_runner():
    return Runner()
