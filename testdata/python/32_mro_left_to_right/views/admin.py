from views.base import BaseView
from views.mixins import PermissionMixin


class AdminView(PermissionMixin, BaseView):
    def get(self, request):
        return self.dispatch(request)
