class View:
    def setup(self, request):
        self.request = request
