let rate x = x / 10
