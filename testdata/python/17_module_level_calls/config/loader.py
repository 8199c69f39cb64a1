def load_defaults():
    return {"debug": False}


def validate(cfg):
    return dict(cfg)


SETTINGS = validate(load_defaults())
