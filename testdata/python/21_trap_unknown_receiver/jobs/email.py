class EmailJob:
    def run(self):
        return "sent"
