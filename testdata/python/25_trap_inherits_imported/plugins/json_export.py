import plugins.base as pb


class JsonExport(pb.Plugin):
    def load(self):
        return "json"
