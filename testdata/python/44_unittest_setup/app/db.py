def open_db():
    return {}


def close_db(db):
    db.clear()
