from app.services import queue


def test_send(mailer, queue):
    assert mailer


def test_queue():
    assert queue() == []
