class Shell:
    def invoke(self, command):
        return command
