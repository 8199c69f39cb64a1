func hello() {}

hello()
