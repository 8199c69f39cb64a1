import billing.tax


def total(amount):
    return amount + billing.tax.vat(amount)


def broken(amount):
    return tax.vat(amount)
