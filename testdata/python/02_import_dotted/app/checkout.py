import billing.tax


def total(amount):
    return amount + billing.tax.vat(amount)
