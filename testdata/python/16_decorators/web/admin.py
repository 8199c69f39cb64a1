from web import routing


@routing.route("/admin")
def dashboard():
    return "admin"


@routing.login_required
def settings():
    return "settings"


@routing.register
class AdminSite:
    title = "Admin"
