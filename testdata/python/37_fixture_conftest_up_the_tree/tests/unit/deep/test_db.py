def test_connection(connection):
    assert connection


def test_schema_and_url(schema, url):
    assert schema and url
