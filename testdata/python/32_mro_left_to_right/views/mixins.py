class PermissionMixin:
    def dispatch(self, request):
        if not getattr(request, "allowed", True):
            raise PermissionError(request)
        return "checked"
