from tasks.hooks import double, on_done

DEFAULT_HOOK = on_done


def submit(job, callback):
    callback(job)


def run(jobs):
    doubled = list(map(double, jobs))
    submit(doubled, on_done)


def ranked(jobs):
    return sorted(jobs, key=double)
