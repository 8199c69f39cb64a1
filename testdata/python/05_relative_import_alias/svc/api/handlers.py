from ..text import slugify as make_slug


def create(title):
    return {"slug": make_slug(title)}
