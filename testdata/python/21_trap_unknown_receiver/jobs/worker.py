def execute(job):
    return job.run()


class Scheduler:
    def __init__(self, job):
        self.job = job

    def tick(self):
        return self.job.run()
