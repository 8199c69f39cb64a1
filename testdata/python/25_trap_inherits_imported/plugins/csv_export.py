from plugins.base import Plugin


class CsvExport(Plugin):
    def load(self):
        return "csv"
