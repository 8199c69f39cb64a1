def test_command(client):
    pass
