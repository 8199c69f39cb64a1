from views.base import View


class DetailView(View):
    def setup(self, request):
        super().setup(request)
        self.object = None


class ProductView(DetailView):
    pass


class SaleView(ProductView):
    def setup(self, request):
        super().setup(request)
        self.discount = 0.1
