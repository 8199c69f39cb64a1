class BaseView:
    def dispatch(self, request):
        return "base"
