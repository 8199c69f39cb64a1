def close_all(resources):
    for resource in resources:
        resource.close()
