from storage import disk


def run_backup(data):
    disk.save("/tmp/backup.txt", data)
