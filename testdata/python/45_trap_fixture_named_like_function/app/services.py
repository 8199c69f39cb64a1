def mailer():
    return "smtp"


def queue():
    return []
