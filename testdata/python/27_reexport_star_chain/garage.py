from engine import *


def service(motor):
    spin(motor)
    return Motor()
