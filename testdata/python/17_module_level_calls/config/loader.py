def load_defaults():
    return {"debug": False}


def validate(cfg):
    return dict(cfg)


def normalize(key):
    return key.lower()


SETTINGS = validate(load_defaults())
