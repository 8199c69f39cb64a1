class Motor:
    def start(self):
        return spin(self)


def spin(motor):
    return motor
