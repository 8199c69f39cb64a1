from app import logging


def init():
    logging.configure()
