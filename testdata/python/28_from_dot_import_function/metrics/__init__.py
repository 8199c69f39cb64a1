def record(name, value):
    return (name, value)
