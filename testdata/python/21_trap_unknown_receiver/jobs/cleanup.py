class CleanupJob:
    def run(self):
        return "cleaned"
