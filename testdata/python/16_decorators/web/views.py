from web.routing import login_required, route


@route("/home")
def home():
    return "home"


@login_required
def profile():
    return "me"
