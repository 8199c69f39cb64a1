def on_done(result):
    print("done:", result)


def double(x):
    return x * 2
