from net.policy import default_timeout, retry


@retry
def fetch(url, retry=3):
    return url, retry


def connect(host, default_timeout=default_timeout):
    return host, default_timeout()


def connect_with(host, factory=default_timeout):
    return host, factory()


def connect_now(host, timeout=default_timeout()):
    return host, timeout
