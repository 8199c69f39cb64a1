import pkg
from pkg import legacy, real
from pkg import plain


def lazy_read():
    return pkg.legacy


def lazy_call():
    return pkg.other()


def defined():
    return pkg.real()


def not_this_module():
    return plain.missing, plain.helper()


def deferred():
    from pkg import deferred_name

    return deferred_name
