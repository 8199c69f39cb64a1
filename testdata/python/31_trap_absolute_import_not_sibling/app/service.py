import logging

log = logging.getLogger(__name__)


def start():
    log.info("starting")
