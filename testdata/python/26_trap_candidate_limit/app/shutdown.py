def close_all(resources):
    for resource in resources:
        resource.close()


def flush_all(resources):
    for resource in resources:
        resource.flush()
