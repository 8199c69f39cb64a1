from config.loader import load_defaults

DEFAULTS = load_defaults()

if __name__ == "__main__":
    print(DEFAULTS)
