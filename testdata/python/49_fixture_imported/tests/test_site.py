def test_page(database, browser, hidden):
    pass
