from views.base import View


class DetailView(View):
    def setup(self, request):
        super().setup(request)
        self.object = None
