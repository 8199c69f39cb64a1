def save(path, data):
    with open(path, "w") as fh:
        fh.write(data)
